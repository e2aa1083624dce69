import { expect, test, type Locator } from '@playwright/test';
import { stat } from 'node:fs/promises';
import { NOVEL_TITLE, novelText } from '../fixtures/novel';
import { signUpAndSignIn, uploadPastedBook } from './helpers';

/** The scene numbers of the timeline's cards, in the order they are shown. */
const order = (timeline: Locator) =>
  timeline
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')?.replace('Scene ', '')));

/**
 * The Video tab end to end: on an entertainment book with a plot, a three-scene script and two scene
 * pictures, the studio makes its scenes from them, a generation is started and its five stages are
 * watched to the end, the film plays, two scenes are swapped with the keyboard and saved, the order
 * survives a reload, and the 480p file downloads.
 */
test('a creator generates the chapter video, watches its stages, plays it, reorders the timeline and downloads 480p', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signUpAndSignIn(page, { role: 'author' });
  await uploadPastedBook(page, { title: NOVEL_TITLE, text: novelText(), mode: 'Entertainment', chapters: 3 });

  // A plot, then a three-scene script of the first chapter.
  await page.getByRole('button', { name: 'Generate Plot' }).click();
  await expect(page.getByText('Plot overview generated successfully!')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: /^Script/ }).click();
  const scriptPanel = page.getByRole('tabpanel', { name: /^Script/ });
  await scriptPanel.getByLabel('Scene count').fill('3');
  await scriptPanel.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByText('Script generated successfully!')).toBeVisible({ timeout: 60_000 });

  // The Video tab before there are pictures: the script's short id, no scenes, nothing to initialise.
  await page.getByRole('tab', { name: /^Video/ }).click();
  const video = page.getByRole('tabpanel', { name: /^Video/ });
  const scriptId = new URL(page.url()).searchParams.get('script')!;
  await expect(video.getByText(scriptId.slice(0, 8), { exact: true })).toBeVisible();
  await expect(
    video.getByText('No scenes available for the selected script. Generate images and audio first.'),
  ).toBeVisible();
  await expect(video.getByRole('button', { name: 'Initialize Scenes' })).toBeDisabled();
  await expect(video.getByTestId('render-state')).toHaveText('Ready to render');

  // Pictures of scenes 1 and 2, then the studio makes its scenes from them.
  await page.getByRole('tab', { name: /^Images/ }).click();
  const images = page.getByRole('tabpanel', { name: /^Images/ });
  const sceneList = images.getByRole('list', { name: 'Scene images' });
  for (const n of [1, 2]) {
    const card = sceneList.getByRole('listitem', { name: new RegExp(`^Scene ${n}:`) });
    await card.getByRole('button', { name: 'Generate' }).click();
    await expect(card.getByRole('img', { name: new RegExp(`^Scene ${n}:`) })).toBeVisible({
      timeout: 120_000,
    });
  }
  await page.getByRole('tab', { name: /^Video/ }).click();
  await video.getByRole('button', { name: 'Initialize Scenes' }).click();
  const timeline = video.getByRole('list', { name: 'Timeline scenes' });
  await expect(timeline.getByRole('listitem').first()).toBeVisible();
  const initial = await order(timeline);
  expect(initial.length).toBeGreaterThanOrEqual(2);
  await expect(video.getByText('Drag scenes to reorder • Click to edit')).toBeVisible();

  // Generate Video: the toast, the label while it runs, the five stages, then the end.
  const videoTab = page.getByRole('tab', { name: /^Video/ });
  await video.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText(/^Video generation started!/)).toBeVisible();
  await expect(video.getByRole('button', { name: 'Generating Video...' })).toBeDisabled();
  await expect(videoTab).toContainText('(generating)');
  const stages = video.getByRole('list', { name: 'Pipeline stages' });
  await expect(stages.getByRole('listitem')).toHaveCount(5);
  await expect(stages.getByRole('listitem', { name: /^Audio: (running|completed)$/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(stages.getByRole('listitem', { name: /^Scene videos: (running|completed)$/ })).toBeVisible({
    timeout: 240_000,
  });
  await expect(page.getByText('Video Generation Complete')).toBeVisible({ timeout: 300_000 });
  await expect(video.getByTestId('render-state')).toHaveText('Completed');
  await expect(stages.getByRole('listitem', { name: /: completed$/ })).toHaveCount(5);
  await expect(
    video.getByRole('list', { name: 'Render checklist' }).locator('[data-done="true"]'),
  ).toHaveCount(5);
  await expect(videoTab).toContainText('(completed)');
  await expect(page.getByRole('button', { name: 'Play the video of chapter 1' })).toBeVisible();

  // The film plays in the Preview tab.
  const card = video.getByRole('region', { name: 'Rendered Video' });
  await expect(card).toContainText('MP4');
  await expect(card).toContainText(/\d+\.\d MB/);
  await video.getByRole('tab', { name: 'Preview' }).click();
  await video.getByRole('button', { name: 'Final video' }).click();
  const player = video.locator('video[aria-label="Final video preview"]');
  await player.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);

  // Swap the first two scenes with the keyboard (lift, move right, drop) and save.
  await video.getByRole('tab', { name: 'Timeline' }).click();
  const [first, second, ...rest] = initial;
  await timeline.getByRole('button', { name: `Reorder scene ${first}` }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect.poll(() => order(timeline)).toEqual([second, first, ...rest]);
  await video.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video production saved')).toBeVisible();

  // A reload keeps the order (the server has it).
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Video/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => order(timeline)).toEqual([second, first, ...rest]);

  // The 480p file: made on first request, then downloaded under the server's name.
  const downloading = page.waitForEvent('download', { timeout: 180_000 });
  await video
    .getByRole('region', { name: 'Rendered Video' })
    .getByRole('button', { name: 'Download' })
    .click();
  await page.getByRole('menuitem', { name: 'Low (480p)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/480p.*\.mp4$|\.mp4$/);
  expect((await stat((await download.path())!)).size).toBeGreaterThan(0);
  await expect(page.getByText('Download started')).toBeVisible();

  // The history lists the generation, and its film opens in the modal.
  const history = video.getByRole('region', { name: 'Generation history' });
  await history
    .getByRole('button', { name: /^Play video of generation/ })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: /: video$/ });
  await expect(modal.locator('video')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();

  // The Merge tab: the merge studio, with the chapter's generated video offered as an input.
  await video.getByRole('tab', { name: 'Merge' }).click();
  await expect(video.getByRole('heading', { name: 'Video Merge Studio' })).toBeVisible();
  await video.getByRole('button', { name: /^Add .*: generated video$/ }).click();
  await expect(video.getByRole('list', { name: 'Merge inputs' }).getByRole('listitem')).toHaveCount(1);
});

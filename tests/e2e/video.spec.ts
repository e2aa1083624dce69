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
  // With pictures there, it says what is left to do, not to generate them first.
  await expect(
    video.getByText('The pictures of this script are ready: initialize the scenes to build the timeline.'),
  ).toBeVisible();
  await expect(video.getByText('No scenes available for the selected script.', { exact: false })).toHaveCount(
    0,
  );
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
  // The start toast says "started" once.
  await expect(page.getByText(/^Video generation started!/)).not.toContainText(/started.*started/i);
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
  await expect(page.getByText('Video Generation Complete', { exact: true })).toBeVisible({
    timeout: 300_000,
  });
  await expect(video.getByTestId('render-state')).toHaveText('Completed');
  await expect(video.getByTestId('render-message')).toHaveText('Video generation completed!');
  // Cancel shows only while rendering.
  await expect(
    video.getByRole('region', { name: 'Render progress' }).getByRole('button', { name: 'Cancel' }),
  ).toHaveCount(0);
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
  // The controls are under the picture, not over the watermark in its corner.
  const pictureBox = (await player.boundingBox())!;
  const controlsBox = (await video.getByTestId('player-controls').first().boundingBox())!;
  expect(controlsBox.y).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height - 0.5);

  // Swap the first two scenes with the keyboard (lift, move right, drop) and save.
  await video.getByRole('tab', { name: 'Timeline' }).click();
  const [first, second, ...rest] = initial;
  await timeline.getByRole('button', { name: `Reorder scene ${first}` }).focus();
  // Each key waits for the drag's announcement, so a busy machine cannot drop before the move.
  const handle = timeline.getByRole('button', { name: `Reorder scene ${first}` });
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`Scene ${first} is over scene ${second}.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => order(timeline)).toEqual([second, first, ...rest]);
  await video.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video production saved')).toBeVisible();

  // A reload keeps the order (the server has it).
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Video/ })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => order(timeline)).toEqual([second, first, ...rest]);
  // The finished film is shown as completed, but its success message is not news any more.
  await expect(video.getByTestId('render-state')).toHaveText('Completed');
  await expect(video.getByTestId('render-message')).toHaveCount(0);

  // Every script scene is on the timeline: Add Scene says so. One removed comes back from the menu, at the end.
  const addScene = video.getByRole('button', { name: 'Add Scene' });
  await expect(addScene).toBeDisabled();
  await expect(video.getByText('Every scene of the script is on the timeline')).toBeVisible();
  const swapped = [second, first, ...rest];
  const last = swapped.at(-1)!;
  await timeline.getByRole('button', { name: `Delete scene ${last}` }).click();
  await expect.poll(() => order(timeline)).toEqual(swapped.slice(0, -1));
  await addScene.click();
  await page.getByRole('menuitem', { name: new RegExp(`^Scene ${last}\\b`) }).click();
  await expect.poll(() => order(timeline)).toEqual(swapped);
  await expect(timeline.getByLabel(`Duration of scene ${last} in seconds`)).toHaveValue('5');
  await expect(addScene).toBeDisabled();

  // The transition into the second card: fade through black for 1.2 s; the first card has none.
  await expect(timeline.getByLabel(`Transition into scene ${second}`)).toBeDisabled();
  await timeline.getByLabel(`Transition into scene ${first}`).selectOption('fadeblack');
  await timeline.getByLabel(`Transition length of scene ${first} in seconds`).fill('1.2');
  await video.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video production saved')).toBeVisible();
  await page.reload();
  await expect.poll(() => order(timeline)).toEqual(swapped);
  await expect(timeline.getByLabel(`Transition into scene ${first}`)).toHaveValue('fadeblack');
  await expect(timeline.getByLabel(`Transition length of scene ${first} in seconds`)).toHaveValue('1.2');

  // Play edit: the timeline in its order, the rendered clip of a scene that has one, a picture
  // held for the scene's length otherwise; the counter and the transition follow the keyboard.
  await video.getByRole('tab', { name: 'Preview' }).click();
  await video.getByRole('button', { name: 'Play edit' }).click();
  const edit = video.getByRole('region', { name: 'Play edit' });
  await expect(edit.getByTestId('edit-counter')).toHaveText(`Scene 1 of ${swapped.length} · #${second}`);
  await expect(edit.getByTestId('edit-transition')).toHaveText('Transition: cut');
  await edit.focus();
  await page.keyboard.press('ArrowRight');
  await expect(edit.getByTestId('edit-counter')).toHaveText(`Scene 2 of ${swapped.length} · #${first}`);
  await expect(edit.getByTestId('edit-transition')).toHaveText('Transition: fadeblack 1.2s');
  await expect(edit.locator(`video[aria-label="Scene ${first} clip"]`)).toBeVisible();
  for (let i = 2; i < swapped.length; i += 1) await page.keyboard.press('ArrowRight');
  await expect(edit.getByTestId('edit-counter')).toHaveText(
    `Scene ${swapped.length} of ${swapped.length} · #${last}`,
  );
  // The last scene plays for its 5 s, then the edit ends.
  await page.keyboard.press('Space');
  await expect(edit.getByRole('button', { name: 'Pause edit' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });

  // The 480p file: made on first request, then downloaded under the server's name.
  const downloading = page.waitForEvent('download', { timeout: 180_000 });
  await video
    .getByRole('region', { name: 'Rendered Video' })
    .getByRole('button', { name: 'Download' })
    .click();
  // The free plan's film is 480p: the menu offers that size and no upscaled larger one.
  await expect(page.getByRole('menuitem')).toHaveText([/^Low \(480p\)/]);
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

  // The export settings, the watermark included, are saved with the production.
  await video.getByRole('tab', { name: 'Settings' }).click();
  await video.getByLabel('Output format').selectOption('webm');
  await video.getByLabel('Show a watermark').check();
  await video.getByLabel('Watermark text').fill('Storm Lamp Films');
  await video.getByLabel('Watermark position').selectOption('top-left');
  // Burned-in subtitles: off unless asked for.
  const burn = video.getByLabel('Burn subtitles into the picture');
  await expect(burn).not.toBeChecked();
  await burn.check();
  await video.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video production saved')).toBeVisible();
  await page.reload();
  await video.getByRole('tab', { name: 'Settings' }).click();
  await expect(video.getByLabel('Output format')).toHaveValue('webm');
  await expect(video.getByLabel('Show a watermark')).toBeChecked();
  await expect(video.getByLabel('Watermark text')).toHaveValue('Storm Lamp Films');
  await expect(video.getByLabel('Watermark position')).toHaveValue('top-left');
  await expect(video.getByLabel('Burn subtitles into the picture')).toBeChecked();

  // The Merge tab: the merge studio, with the chapter's generated video offered as an input.
  await video.getByRole('tab', { name: 'Merge' }).click();
  await expect(video.getByRole('heading', { name: 'Video Merge Studio' })).toBeVisible();
  await video.getByRole('button', { name: /^Add .*: generated video$/ }).click();
  await expect(video.getByRole('list', { name: 'Merge inputs' }).getByRole('listitem')).toHaveCount(1);
});

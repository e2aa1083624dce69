import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible, signUpAndSignIn } from './helpers';

/**
 * The Merge studio on its own page: two clips made here with FFmpeg are uploaded straight to storage
 * (their progress shown), merged, followed to the end, and the result downloads and plays; files the
 * spec refuses are listed with its words, and a text file named .mp4 is refused by the server.
 */
// axe is injected as a script (see expectAccessible).
test.use({ bypassCSP: true });

const dir = mkdtempSync(join(tmpdir(), 'merge-e2e-'));

/** An 8 s 720p H.264/AAC clip: a test pattern and a tone. */
function clip(name: string, frequency: number) {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30:duration=8',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=48000:duration=8`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-shortest',
    path,
  ]);
  return path;
}

const seconds = (path: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path])
      .toString()
      .trim(),
  );

async function openMergePage(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merge' }).click();
  await expect(page).toHaveURL(/\/merge$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Merge Studio' })).toBeVisible();
  await expect(page.getByText('Output files stay downloadable for 24 hours.')).toBeVisible();
}

test('a creator uploads two clips, merges them, watches the progress and downloads the result', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const first = clip('first.mp4', 440);
  const second = clip('second.mp4', 660);
  await signUpAndSignIn(page, { role: 'author' });
  await openMergePage(page);

  // Nothing to merge yet: the spec's message.
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Please add at least one input file').first()).toBeVisible();

  // The first part sent to storage is cut off: it is sent again, the file is not started over.
  let partPuts = 0;
  const uploadStarts: string[] = [];
  await page.route(/\/merge\/uploads\/.*partNumber=/, (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    partPuts += 1;
    return partPuts === 1 ? route.abort('connectionreset') : route.continue();
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/merge\/uploads$/.test(request.url()))
      uploadStarts.push(request.url());
  });

  await page.getByLabel('Choose files').setInputFiles([first, second]);
  const inputs = page.getByRole('list', { name: 'Merge inputs' });
  await expect(inputs.getByRole('listitem')).toHaveCount(2);
  for (const name of ['first.mp4', 'second.mp4']) {
    await expect(inputs.getByRole('listitem', { name: new RegExp(name) }).getByText('Ready')).toBeVisible({
      timeout: 60_000,
    });
  }
  expect(partPuts).toBe(3);
  expect(uploadStarts).toHaveLength(2);
  // Swap them with the arrow button, then back with the keyboard (lift, move, drop).
  await inputs.getByRole('button', { name: 'Move second.mp4 up' }).click();
  await expect(inputs.getByRole('listitem').first()).toHaveAttribute('aria-label', 'Input 1: second.mp4');
  const handle = inputs.getByRole('button', { name: 'Reorder second.mp4' });
  await handle.focus();
  // Each key waits for the drag's announcement, so the next one lands on a measured list.
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await announced('second.mp4 is over second.mp4.');
  await page.keyboard.press('ArrowDown');
  await announced('second.mp4 is over first.mp4.');
  await page.keyboard.press('Space');
  await expect(inputs.getByRole('listitem').first()).toHaveAttribute('aria-label', 'Input 1: first.mp4');

  // A preview of the first 30 s plays in the studio.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Preview generation started')).toBeVisible();
  await expect(page.getByText('Preview generated successfully')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByLabel('Preview of the merge')).toBeVisible();

  // The Custom tier shows the FFmpeg options; VP9 in MOV is explained before anything is sent.
  await page.getByLabel('Quality tier').selectOption('custom');
  await expect(page.getByLabel('Frame rate (fps)')).toHaveValue('30');
  await expectAccessible(page, 'merge studio with inputs and the FFmpeg options');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expectAccessible(page, 'merge studio with inputs and the FFmpeg options, dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.getByLabel('Video codec').selectOption('libvpx-vp9');
  await page.getByLabel('Output format').selectOption('mov');
  await expect(page.getByText(/MOV files cannot hold VP9 video/)).toBeVisible();
  // High (1080p) re-encodes the 720p clips: long enough to watch the progress.
  await page.getByLabel('Quality tier').selectOption('high');
  await expect(page.getByLabel('Video codec')).toBeHidden();
  await page.getByLabel('Output format').selectOption('mp4');

  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Merge operation started')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Merge progress' })).toBeVisible();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  await expect(page.getByText('Merge operation completed successfully').first()).toBeVisible({
    timeout: 180_000,
  });
  await expect(page.getByText('Re-encoded', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Merged video')).toBeVisible();
  await expectAccessible(page, 'merge studio with a result');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  const saved = join(dir, download.suggestedFilename() || 'merged.mp4');
  await download.saveAs(saved);
  expect(statSync(saved).size).toBeGreaterThan(0);
  // Both clips, one after the other (± 2 %).
  expect(seconds(saved)).toBeGreaterThan(16 * 0.98);
  expect(seconds(saved)).toBeLessThan(16 * 1.02);
});

test('files the spec refuses are listed with its words; a text file named .mp4 is refused on upload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, { role: 'author' });
  // On a phone: the page is reached through the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Merge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Video Merge Studio' })).toBeVisible();
  const notes = join(dir, 'notes.txt');
  writeFileSync(notes, 'not a video');
  const fake = join(dir, 'fake.mp4');
  writeFileSync(fake, 'this is text, not a video');

  await page.getByLabel('Choose files').setInputFiles([notes, fake]);
  const alert = page.getByRole('alert').filter({ hasText: 'Some files were rejected:' });
  await expect(alert).toContainText('notes.txt: File type text/plain not supported. Allowed: video, audio');
  const inputs = page.getByRole('list', { name: 'Merge inputs' });
  const row = inputs.getByRole('listitem', { name: /fake\.mp4/ });
  await expect(row.getByText('The file is not a readable video or audio file.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(row.getByRole('button', { name: 'Retry fake.mp4' })).toBeVisible();
  await row.getByRole('button', { name: 'Remove fake.mp4' }).click();
  await expect(inputs).toBeHidden();

  // An eleventh file is refused, the first ten are listed.
  const eleven = Array.from({ length: 11 }, (_, i) => ({
    name: `clip-${i + 1}.mp4`,
    mimeType: 'video/mp4',
    buffer: Buffer.from(`clip ${i + 1}`),
  }));
  await page.getByLabel('Choose files').setInputFiles(eleven);
  await expect(alert).toContainText('clip-11.mp4: Maximum 10 files allowed');
  await expect(inputs.getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page, 'merge studio on a phone with rejected files');
});

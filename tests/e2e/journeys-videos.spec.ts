import { expect, test, type Locator, type Page } from '@playwright/test';
import { HARBOUR_BOOK, signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * The tutor video and the chapter video actually playing in the learning view: data decoded, time
 * advancing, no media error. It runs before learning.spec.ts (files run in name order) on purpose:
 * after these two videos the offline speech synthesiser once crashed inside its WebAssembly on the
 * next narration in the same server; the synthesiser is now reloaded and the work run again when that
 * happens, and the narration journey that follows proves it.
 */

/** The signed-in user's access token, for starting work through the API beside the page. */
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

/** Plays a video muted and checks that it really plays: data decoded, time moving, no error. */
async function expectPlays(video: Locator) {
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const state = await video.evaluate((el: HTMLVideoElement) => ({
    readyState: el.readyState,
    error: el.error?.code ?? null,
    paused: el.paused,
    width: el.videoWidth,
    height: el.videoHeight,
    duration: el.duration,
  }));
  // A new user is on the free plan, whose videos are filmed at 480p (with the plan's watermark).
  expect(state).toMatchObject({ error: null, paused: false, width: 854, height: 480 });
  expect(state.readyState).toBeGreaterThanOrEqual(2);
  expect(state.duration).toBeGreaterThan(5);
}

test('the tutor video and the chapter video play in the learning view', async ({ page }) => {
  test.setTimeout(420_000);
  await signUpAndSignIn(page, { role: 'author' });
  await uploadPastedBook(page, {
    title: 'The Harbour Light',
    text: HARBOUR_BOOK,
    mode: 'Learning',
    chapters: 2,
  });
  const bookId = new URL(page.url()).pathname.split('/').pop()!;
  const auth = { authorization: `Bearer ${await accessToken(page)}` };
  const book = (await (await page.request.get(`/api/v1/books/${bookId}`, { headers: auth })).json()) as {
    chapters: { id: string }[];
  };
  const chapter = book.chapters[0]!.id;

  // The tutor video from the page, the chapter video through the API at the same time.
  const generate = page.getByRole('region', { name: 'Generate Learning Content' });
  await generate.getByRole('button', { name: 'Realistic Video' }).click();
  const started = await page.request.post(
    `/api/v1/ai/generate-video-from-chapter?chapter_id=${chapter}&video_style=cartoon`,
    { headers: auth },
  );
  expect(started.status()).toBe(202);
  const filmJob = ((await started.json()) as { id: string }).id;

  const tutor = page.locator('video[aria-label="Realistic video"]');
  await expect(tutor).toBeAttached({ timeout: 300_000 });
  await expectPlays(tutor);

  const filmStatus = async () => {
    const answer = await page.request.get(`/api/v1/ai/check-video-status/${filmJob}`, { headers: auth });
    return ((await answer.json()) as { status: string }).status;
  };
  await expect.poll(filmStatus, { timeout: 300_000, intervals: [2_000] }).toBe('ready');
  await page.reload();
  const film = page.locator('video[aria-label="Chapter video"]');
  await expect(film).toBeAttached();
  await expectPlays(film);
});

import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './helpers';

/**
 * Creator Mode's Generate Script: an author describes a scene, the page follows the job and shows
 * the screenplay (arranged from the prompt's own sentences on the offline engine, and labelled so),
 * with its Fountain export; the prompt stays in the drafts; the book box says a text model is needed.
 */
test('an author generates a script from a prompt and sees it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { role: 'author' });
  await page.goto('/creator');

  const book = page.getByTestId('creator-book');
  await expect(book.getByText('Writing a book needs a text model.')).toBeVisible();
  await expect(book.getByRole('button', { name: 'Generate Book' })).toBeDisabled();

  const box = page.getByTestId('creator-script');
  await box.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByText('Please enter a prompt for the script.')).toBeVisible();

  const prompt =
    'Mara rows a lifeboat across the harbour at night. “Hold on, we are nearly there,” Mara says. ' +
    'The next morning the keeper finds them asleep on the shore.';
  await box.getByLabel('Describe the script').fill(prompt);
  await box.getByRole('button', { name: 'Generate Script' }).click();

  const script = box.getByRole('article', { name: 'Generated script' });
  await expect(script).toBeVisible({ timeout: 60_000 });
  await expect(script.getByText('EXT. HARBOUR - NIGHT')).toBeVisible();
  await expect(script.getByText('Mara rows a lifeboat across the harbour at night.')).toBeVisible();
  await expect(script.getByText('Hold on, we are nearly there')).toBeVisible();
  await expect(script.getByTestId('script-method')).toContainText('arranged into scenes in your own words');
  await expect(box.getByRole('listitem').filter({ hasText: 'Mara rows a lifeboat' })).toBeVisible();

  const download = page.waitForEvent('download');
  await script.getByRole('button', { name: 'Export Fountain' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.fountain$/);
});

/**
 * Creator Mode's Generate Video: an author pastes a short text, asks for a portrait film without
 * music, follows its progress, then plays the film (with its subtitles) and downloads it.
 */
test('an author makes a short film from a text and plays and downloads it', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, { role: 'author' });
  await page.goto('/creator');

  const box = page.getByTestId('creator-video');
  await box.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Please enter a prompt for the video.')).toBeVisible();

  await box
    .getByLabel('Describe the video')
    .fill(
      'At dawn the keeper Ada climbed the lighthouse stairs. “The lamp is yours now,” Ada said to Lena. ' +
        'Together they watched the sun rise over the sea.',
    );
  await box.getByLabel('Aspect ratio').selectOption('9:16');
  await box.getByLabel('Music').selectOption('off');
  await box.getByRole('button', { name: 'Generate Video' }).click();
  await expect(box.getByRole('progressbar')).toBeVisible();

  const film = box.getByRole('article', { name: 'Generated video' });
  await expect(film).toBeVisible({ timeout: 240_000 });
  const player = film.getByTestId('creator-film');
  await expect(player.locator('track[kind="subtitles"]')).toHaveCount(1);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.videoHeight > v.videoWidth && v.videoWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect(film.getByText(/^Made from your book/)).toContainText('Short film: At dawn the keeper Ada');

  const download = page.waitForEvent('download');
  await film.getByRole('link', { name: 'Download video' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.mp4$/);
});

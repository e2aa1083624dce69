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

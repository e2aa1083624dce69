import { expect, test } from '@playwright/test';
import { comparableTitle, CORPUS } from '../fixtures/corpus';
import { signUpAndSignIn } from './helpers';

/**
 * Files as people have them: a word-processor PDF with a title page and a contents list, a Word
 * manuscript with front matter and a contents list, and a Standard Ebooks-style EPUB 3. The review step lists the chapters a reader expects, shows what was
 * removed as front or back matter, and lets the owner restore it.
 */
const book = (name: string) => {
  const found = CORPUS.find((b) => b.name === name);
  if (!found) throw new Error(`No corpus book ${name}`);
  return found;
};

for (const name of ['wonderland-word.pdf', 'lighthouse-complete.docx', 'wonderland-standard.epub']) {
  test(`upload ${name} → the chapters a reader expects → restore removed matter → ready`, async ({
    page,
  }) => {
    const corpus = book(name);
    const bytes = Buffer.from(await corpus.make());
    await signUpAndSignIn(page, { role: 'author' });
    await page.goto('/upload');
    await page.getByRole('radio', { name: /Upload a file/ }).click();
    await page
      .locator('#book-file')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
    await expect(page.getByText(name)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Entertainment/ }).click();
    await page.getByRole('button', { name: 'Upload and process' }).click();

    await expect(page.getByRole('heading', { name: 'Chapter review' })).toBeVisible({ timeout: 60_000 });
    const titles = page.getByRole('textbox', { name: /title$/ });
    await expect(titles).toHaveCount(corpus.expected.titles.length);
    const seen = await titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(seen.map(comparableTitle)).toEqual(corpus.expected.titles.map(comparableTitle));

    // What was taken out is listed, and can be put back.
    const removed = page.getByRole('region', { name: 'Removed front and back matter' });
    await expect(removed).toBeVisible();
    const first = removed.getByRole('listitem').first();
    const removedTitle = ((await first.textContent()) ?? '')
      .replace(/^Removed: /, '')
      .replace(/\s*\(.*$/s, '');
    await first.getByRole('button', { name: /Restore/ }).click();
    await expect(titles).toHaveCount(corpus.expected.titles.length + 1);
    expect(await titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain(
      removedTitle.trim(),
    );

    await page.getByRole('button', { name: 'Confirm structure' }).click();
    await expect(page.getByRole('heading', { name: 'Book details' })).toBeVisible();
    await page.getByLabel('Author name').fill('Test Author');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('heading', { name: 'Your book is ready!' })).toBeVisible({ timeout: 60_000 });
  });
}

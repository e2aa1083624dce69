import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './helpers';

const BOOK = [
  'The Lighthouse Keeper',
  '',
  'Chapter 1: The Storm',
  '',
  'The storm came in from the west. Mara climbed the tower stairs with the lamp oil, counting each step.',
  '',
  '"Hold the light steady," said Tobias from below. The ships would need it tonight.',
  '',
  'Chapter 2: The Wreck',
  '',
  'At dawn they found the wreck on the rocks. Nobody had drowned, and the sailors sat wrapped in blankets by the fire.',
  '',
  'Chapter 3: The Letter',
  '',
  'A week later a letter arrived from the harbour master, thanking the keepers for the light that never went out.',
].join('\n');

test('paste text → review → edit a chapter → details → success → READY on the dashboard → open it', async ({
  page,
}) => {
  await signUpAndSignIn(page, { role: 'author' });
  await page.getByRole('link', { name: 'Upload Book' }).first().click();
  await expect(page.getByRole('heading', { name: 'Upload a book' })).toBeVisible();

  // Step 1: method.
  await page.getByRole('radio', { name: /Paste text/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please provide text content.');
  await page.getByLabel('Book text').fill(BOOK);
  await page.getByLabel('Title (optional)').fill('The Lighthouse Keeper');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: mode, then upload.
  await page.getByRole('radio', { name: /Learning/ }).click();
  await page.getByRole('button', { name: 'Upload and process' }).click();

  // Step 3 → 4: processing, then the extracted chapters for review.
  await expect(page.getByText('Book processed! Please review the extracted structure.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'Chapter review' })).toBeVisible();
  const titles = page.getByRole('textbox', { name: /Chapter \d+ title/ });
  await expect(titles).toHaveCount(3);
  await expect(titles.nth(0)).toHaveValue('Chapter 1: The Storm');
  await expect(titles.nth(2)).toHaveValue('Chapter 3: The Letter');

  // Edit: rename the second chapter, change its text, move the last one up and back, add and remove one.
  await titles.nth(1).fill('Chapter 2: After the Storm');
  await page.getByRole('button', { name: 'Edit' }).nth(1).click();
  await page.getByLabel('Chapter 2 text').fill('At dawn they found the wreck. Everyone was safe.');
  await expect(page.getByRole('button', { name: 'Move Chapter 1: The Storm up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Chapter 3: The Letter down' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Chapter 3: The Letter up' }).click();
  await expect(titles.nth(1)).toHaveValue('Chapter 3: The Letter');
  await expect(titles.nth(2)).toHaveValue('Chapter 2: After the Storm');
  await page.getByRole('button', { name: 'Move Chapter 3: The Letter down' }).click();
  await expect(titles.nth(2)).toHaveValue('Chapter 3: The Letter');
  await page.getByRole('button', { name: '+ Add chapter' }).click();
  await expect(titles).toHaveCount(4);
  await expect(titles.nth(3)).toHaveValue('New Chapter');
  await page.getByRole('button', { name: 'Remove New Chapter' }).click();
  await expect(titles).toHaveCount(3);
  await page.getByRole('button', { name: 'Confirm structure' }).click();
  await expect(page.getByText('Book structure confirmed! Processing chapters...')).toBeVisible();

  // Step 5: details with validation.
  await expect(page.getByRole('heading', { name: 'Book details' })).toBeVisible();
  await page.getByLabel('Author name').fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('alert')).toHaveText('Author name is required.');
  await page.getByLabel('Author name').fill('Ada Author');
  await page.getByLabel('Estimated duration (minutes)').fill('12a');
  await expect(page.getByLabel('Estimated duration (minutes)')).toHaveValue('12');
  await page.getByLabel('Tags').fill('sea');
  await page.getByLabel('Tags').press('Enter');
  await page.getByLabel('Tags').fill('storm, sea,');
  await expect(page.getByRole('button', { name: /Remove tag/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Book details updated!')).toBeVisible();

  // Step 6: success once the chapters are processed.
  await expect(page.getByRole('heading', { name: 'Your book is ready!' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  const row = page.locator('li', { hasText: 'The Lighthouse Keeper' });
  await expect(row.getByText('READY')).toBeVisible();
  await expect(row.getByText('3 chapters')).toBeVisible();
  await row.getByRole('button', { name: 'View' }).click();

  await expect(page.getByRole('heading', { name: 'The Lighthouse Keeper' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chapters (3)' })).toBeVisible();
  // Long chapters show 70 characters until "Show More".
  const chapterText = page.getByRole('region', { name: 'Chapter text' });
  await expect(chapterText).not.toContainText('Hold the light steady');
  await expect(chapterText).toContainText('…');
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(chapterText).toContainText('Hold the light steady');
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(chapterText).not.toContainText('Hold the light steady');
  // The edited chapter has its new text.
  await page.getByRole('button', { name: 'Chapter 2: After the Storm' }).click();
  await expect(chapterText).toHaveText('At dawn they found the wreck. Everyone was safe.');
});

test('the book page explains a missing or malformed id', async ({ page }) => {
  await signUpAndSignIn(page, { role: 'explorer' });
  await page.goto('/book/not-a-real-id');
  await expect(page.getByRole('heading', { name: 'Invalid book id' })).toBeVisible();
  await page.goto('/book/7b0c2f9e-6a1d-4c1e-9d1f-0e2a3b4c5d6e');
  await expect(page.getByRole('heading', { name: 'Book not found.' })).toBeVisible();
});

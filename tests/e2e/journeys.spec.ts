import { expect, test } from '@playwright/test';
import { makeCorruptPdf, makePngBytes } from '../fixtures/books';
import { HARBOUR_BOOK, signUpAndSignIn } from './helpers';

/**
 * Journeys a person takes outside the happy upload path: a forgotten password reset through the
 * emailed link, a damaged file that fails with its reason and is retried and deleted, and a cover
 * image. The videos playing: journeys-videos.spec.ts.
 */

test('a forgotten password is reset through the emailed link, and only the new one signs in', async ({
  page,
}) => {
  const { email, password } = await signUpAndSignIn(page, { role: 'explorer' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();

  // The email arrives in the dev mailbox; its link opens the form with the code filled in.
  await page.goto(`/_dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText('Reset your BookStudio password')).toBeVisible();
  await page.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(page).toHaveURL(/\/auth\/reset\?/);
  await expect(page.getByLabel('Reset Code')).toHaveValue(/^\d{6}$/);
  const newPassword = 'New-Pass-Word-2';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a damaged PDF fails with its reason, Retry runs it again, and Delete removes it', async ({ page }) => {
  await signUpAndSignIn(page, { role: 'author' });
  await page.goto('/upload');
  await page.getByRole('radio', { name: /Upload a file/ }).click();
  await page.locator('#book-file').setInputFiles({
    name: 'broken.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makeCorruptPdf()),
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Learning/ }).click();
  await page.getByRole('button', { name: 'Upload and process' }).click();
  const reason = "This PDF file is damaged and can't be read.";
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible({ timeout: 30_000 });

  // From the dashboard: the failed book says why, and Retry starts it again (and it fails again).
  await page.goto('/dashboard');
  const row = page.locator('li', { hasText: 'broken' });
  await expect(row.getByText(reason)).toBeVisible();
  const retried = page.waitForResponse((r) => /\/books\/[^/]+\/retry$/.test(r.url()));
  await row.getByRole('button', { name: 'Retry processing' }).click();
  expect((await retried).status()).toBe(202);
  await expect(row.getByText(reason)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: 'Retry processing' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this book?' });
  await expect(dialog).toContainText('“broken”');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Book deleted successfully!')).toBeVisible();
  await expect(page.locator('li', { hasText: 'broken' })).toHaveCount(0);
  await expect(page.getByText('No books yet')).toBeVisible();
});

test('a cover image uploaded in the details step shows on the dashboard and the book page', async ({
  page,
}) => {
  await signUpAndSignIn(page, { role: 'author' });
  await page.goto('/upload');
  await page.getByRole('radio', { name: /Paste text/ }).click();
  await page.getByLabel('Book text').fill(HARBOUR_BOOK);
  await page.getByLabel('Title (optional)').fill('The Harbour Light');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Learning/ }).click();
  await page.getByRole('button', { name: 'Upload and process' }).click();
  await expect(page.getByRole('heading', { name: 'Chapter review' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Confirm structure' }).click();
  await expect(page.getByRole('heading', { name: 'Book details' })).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload-cover'));
  await page.locator('#cover-file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from(await makePngBytes(120, 180)),
  });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText('Change cover image')).toBeVisible();
  const preview = page.locator('form img').first();
  await expect(preview).toHaveAttribute('src', /.+/);
  // The image the page shows is really there and decodes.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  await page.getByLabel('Author name').fill('Test Author');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { name: 'Your book is ready!' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  const cover = page.locator('li', { hasText: 'The Harbour Light' }).locator('img');
  await expect(cover).toHaveCount(1);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(180);
});

import { expect, type Page } from '@playwright/test';

/** Signs up through the UI's API, verifies via the dev mailbox and signs in in the browser. */
export async function signUpAndSignIn(
  page: Page,
  options: { role?: 'author' | 'explorer'; name?: string } = {},
) {
  const email = `${options.role ?? 'author'}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'pass-word-1';
  const register = await page.request.post('/api/v1/auth/register', {
    data: { display_name: options.name ?? 'Test Reader', email, password, role: options.role ?? 'author' },
  });
  expect(register.status()).toBe(201);
  const mail = (await (await page.request.get(`/_dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  expect(
    (await page.request.post('/api/v1/auth/verify-email', { data: { email, code: mail[0]!.code } })).status(),
  ).toBe(200);
  await page.goto(`/auth?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}

import { expect, test } from '@playwright/test';

test('an author signs up, verifies through the mailbox, signs in, edits the profile, toggles dark mode and signs out', async ({
  page,
}) => {
  const email = `author-${Date.now()}@example.com`;
  const password = 'Pass-Word-41';

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Choose Your Adventure' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Username').fill('Ada Author');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('different');
  await page.getByLabel('Create Content').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByLabel('Confirm password').fill(password);
  // Before its email is verified the account cannot sign in: the app does not try (a refused 403).
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/auth/login')) signIns.push(request.url());
  });
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('Account created successfully! Please check your email for verification.'),
  ).toBeVisible();
  // It says what to do next, and sends the link again on request.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification link' }).click();
  await expect(page.getByText('Verification email sent! Check your inbox.')).toBeVisible();
  expect(signIns).toEqual([]);

  // The email lands in the dev mailbox; a person opens it and follows the link.
  await page.goto(`/_dev/mailbox?to=${encodeURIComponent(email)}`);
  // Two emails (the link was sent again): the newest is first, and its link verifies.
  await expect(page.getByText('Verify your email for BookStudio')).toHaveCount(2);
  await page.getByRole('link', { name: 'Verify my email' }).first().click();
  await expect(page.getByText('Email verified. You can sign in now.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada Author!' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Create', exact: true })).toHaveAttribute('href', '/author');
  await expect(nav.getByRole('link', { name: 'Author Panel' })).toBeVisible();
  await expect(page.locator('[data-stat="badges_earned"]')).toHaveText('1');

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
  await page.getByLabel('Bio').fill('I write about lighthouses.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: 'I write about lighthouses.' })).toBeVisible();
  await expect(page.getByText('Updated your profile')).toBeVisible();

  const html = page.locator('html');
  const wasDark = ((await html.getAttribute('class')) ?? '').includes('dark');
  await page.getByRole('button', { name: wasDark ? 'Switch to light mode' : 'Switch to dark mode' }).click();
  if (wasDark) await expect(html).not.toHaveClass(/dark/);
  else await expect(html).toHaveClass(/dark/);
  await page.reload();
  if (wasDark) await expect(html).not.toHaveClass(/dark/);
  else await expect(html).toHaveClass(/dark/);

  const signedOutToken = await page.evaluate(() => localStorage.getItem('authToken'));
  // A slow network: the server answers the sign-out late. The page is signed out at once all the same.
  await page.route('**/api/v1/auth/logout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // A page opened right after signing out finds no session.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  // …and the server ended the session although the page moved on: the old token stops working.
  await expect
    .poll(
      async () =>
        (
          await page.request.get('/api/v1/users/me', {
            headers: { authorization: `Bearer ${signedOutToken}` },
          })
        ).status(),
      { timeout: 20_000 },
    )
    .toBe(401);
});

test('signed-out visitors get sign-in prompts, the author gate and the Explore notice', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await page.goto('/creator');
  await expect(page.getByRole('heading', { name: 'Author access required' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Explore' }).click();
  await expect(page.getByText('Explore feature coming soon!')).toBeVisible();
});

test('the mobile menu opens, navigates and closes at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(menu).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

import { expect, test, type Page } from '@playwright/test';
import { HARBOUR_BOOK, signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * Subscriptions in the browser, offline: the free plan and its usage card, an upgrade to basic
 * through the local checkout page (the card form, Pay), the return to the dashboard with the limit
 * changed, then cancel with its confirmation and reactivate.
 */

const usageCard = (page: Page) => page.getByTestId('usage-card');

test('signed-out visitors are sent to sign in', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Sign in required')).toBeVisible();
});

test('a new user upgrades to basic through the local checkout, then cancels and reactivates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { role: 'explorer' });

  // The free plan on the dashboard.
  await expect(usageCard(page)).toContainText('Free');
  await expect(usageCard(page).getByTestId('usage-limit')).toHaveText('2 videos');
  await expect(usageCard(page)).toContainText('0 of 2 videos used this month');
  await expect(usageCard(page)).toContainText('Within limits');

  // The plans, from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
  await expect(page.getByTestId('plan-plan')).toHaveText('Free');
  await expect(page.getByTestId('subscription-status')).toHaveText('active');
  await expect(page.getByTestId('plan-monthly-limit')).toHaveText('2 videos');
  const card = (tier: string) => page.locator(`[data-tier="${tier}"]`);
  await expect(card('free').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await expect(card('pro').getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Cancel Subscription/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);

  // Annual prices: 12 × monthly less 20 %, rounded.
  await expect(page.getByTestId('price-basic')).toHaveText('$9.99 / month');
  await page.getByText('Annual', { exact: true }).click();
  await expect(page.getByTestId('price-basic')).toHaveText('$96 / year');
  await page.getByText('Monthly', { exact: true }).click();

  // A checkout left on the payment page comes back here with the spec's message.
  await card('basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
  await expect(page).toHaveURL(/\/payments\/local-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/subscription/);
  await expect(page.getByText('Payment was cancelled. You can try again anytime.')).toBeVisible();
  await expect(page.getByTestId('plan-plan')).toHaveText('Free');

  // The upgrade, paid on the local checkout page.
  await card('basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
  await expect(page).toHaveURL(/\/payments\/local-checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Reader');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Payment successful! Your subscription has been upgraded.')).toBeVisible();
  await expect(usageCard(page).getByTestId('usage-limit')).toHaveText('20 videos');
  await expect(usageCard(page)).toContainText('Basic');
  await expect(usageCard(page)).toContainText('0 of 20 videos used this month');

  // Cancel (confirmed), then reactivate.
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-plan')).toHaveText('Basic');
  await expect(card('basic').getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' });
  await expect(dialog).toContainText(
    "Are you sure you want to cancel your subscription? You'll lose access to premium features at the end of your billing period.",
  );
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(
    page.getByText("Subscription cancelled. You'll retain access until the end of your billing period."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('plan-plan')).toHaveText('Basic');
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Subscription reactivated successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
});

test('a free user with two books pays for the third upload and continues where they were', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, { role: 'explorer' });
  for (const title of ['First Light', 'Second Light'])
    await uploadPastedBook(page, { title, text: HARBOUR_BOOK, mode: 'Learning', chapters: 2 });

  await page.goto('/dashboard');
  await expect(page.getByTestId('upload-allowance')).toContainText('Additional uploads require payment');

  // The upgrade dialog opens on the upload page; the person chooses the book first.
  await page.goto('/upload');
  const paywall = page.getByRole('dialog', { name: 'Upgrade to upload more books' });
  await expect(paywall).toContainText('The free plan includes 2 books and you have 2.');
  await paywall.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('radio', { name: /Paste text/ }).click();
  await page.getByLabel('Book text').fill(HARBOUR_BOOK);
  await page.getByLabel('Title (optional)').fill('Third Light');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Entertainment/ }).click();
  await page.getByRole('button', { name: 'Upload and process' }).click();
  await paywall.getByRole('button', { name: /^Pay \$4\.99 for this upload/ }).click();

  await expect(page).toHaveURL(/\/payments\/local-checkout\//);
  await page.getByRole('button', { name: /^Pay/ }).click();

  // Back at step 2 with the book and mode chosen before paying.
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByText('Payment successful! Please continue your upload.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Entertainment/ })).toHaveAttribute('aria-checked', 'true');
  await expect(paywall).toBeHidden();
  await page.getByRole('button', { name: 'Upload and process' }).click();
  await expect(page.getByRole('heading', { name: 'Chapter review' })).toBeVisible({ timeout: 30_000 });
});

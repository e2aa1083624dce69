import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

/** Signs up through the UI's API, verifies via the dev mailbox and signs in in the browser. */
export async function signUpAndSignIn(
  page: Page,
  options: { role?: 'author' | 'explorer'; name?: string } = {},
) {
  const email = `${options.role ?? 'author'}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Pass-Word-41';
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

/**
 * Uploads pasted text through the wizard as the signed-in user, confirms the extracted chapters,
 * saves the details and opens the finished book. Answers the book id.
 */
export async function uploadPastedBook(
  page: Page,
  options: { title: string; text: string; mode: 'Learning' | 'Entertainment'; chapters: number },
): Promise<string> {
  await page.goto('/upload');
  await page.getByRole('radio', { name: /Paste text/ }).click();
  await page.getByLabel('Book text').fill(options.text);
  await page.getByLabel('Title (optional)').fill(options.title);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: new RegExp(options.mode) }).click();
  await page.getByRole('button', { name: 'Upload and process' }).click();
  await expect(page.getByRole('heading', { name: 'Chapter review' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: /Chapter \d+ title/ })).toHaveCount(options.chapters);
  await page.getByRole('button', { name: 'Confirm structure' }).click();
  await expect(page.getByRole('heading', { name: 'Book details' })).toBeVisible();
  await page.getByLabel('Author name').fill('Test Author');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { name: 'Your book is ready!' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Open book' }).click();
  await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** A two-chapter book the browser journeys paste in. */
export const HARBOUR_BOOK = [
  'The Harbour Light',
  '',
  'Chapter 1: The Keeper',
  '',
  'Every evening the keeper climbed the tower and lit the great lamp. Ships far out at sea watched for its beam and steered home by it. He kept a log of the weather, the ships and the hours the lamp burned.',
  '',
  'Chapter 2: The Storm',
  '',
  'One winter night a storm broke the windows of the lamp room. The keeper held a lantern in the gap until dawn, and not one ship was lost on the rocks below the light.',
].join('\n');

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core (WCAG 2 A and AA rules) on the page as it is: no serious or critical violation. The
 * test file needs `test.use({ bypassCSP: true })`: the app's Content-Security-Policy allows no
 * inline script, and axe is the test's, not the app's.
 */
export async function expectAccessible(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Colours change with a transition (a theme switch, a hover): measure them once they have settled.
  // Only finite animations are awaited: a spinner or an indeterminate bar runs for ever.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations as AxeViolation[];
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect.soft(serious, `${name}`).toEqual([]);
}

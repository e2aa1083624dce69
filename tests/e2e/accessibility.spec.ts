import { expect, test } from '@playwright/test';
import { expectAccessible, signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * Every page of the app, in light and dark mode, checked with axe-core (WCAG 2 A and AA rules):
 * no serious or critical violation. axe is injected into Debian's Chromium as a script.
 */

// The app's Content-Security-Policy allows no inline script; axe is the test's, not the app's.
test.use({ bypassCSP: true });

const sample = Array.from(
  { length: 3 },
  (_, i) =>
    `# Chapter ${i + 1}: The ${['Harbour', 'Storm', 'Lantern'][i]}\n\n` +
    'The keeper climbed the stairs every evening and lit the great lamp above the harbour. '.repeat(12),
).join('\n\n');

for (const theme of ['light', 'dark'] as const) {
  test(`every page passes axe in ${theme} mode`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.emulateMedia({ colorScheme: theme });
    for (const [path, name] of [
      ['/', 'home'],
      ['/auth', 'sign in'],
      ['/auth?mode=signup', 'sign up'],
      ['/auth/reset', 'password reset'],
      ['/nowhere', 'page not found'],
    ] as const) {
      await page.goto(path);
      await expectAccessible(page, `${name} (${theme})`);
    }
    await signUpAndSignIn(page, { role: 'author' });
    for (const [path, name] of [
      ['/dashboard', 'dashboard'],
      ['/profile', 'profile'],
      ['/profile?edit=1', 'edit profile'],
      ['/learn', 'learn'],
      ['/explore', 'explore'],
      ['/creator', 'creator'],
      ['/upload', 'upload'],
      ['/merge', 'merge'],
      ['/subscription', 'subscription'],
      ['/book', 'book without an id'],
    ] as const) {
      await page.goto(path);
      await expectAccessible(page, `${name} (${theme})`);
    }
    const learning = await uploadPastedBook(page, {
      title: `Accessible lessons ${theme}`,
      text: sample,
      mode: 'Learning',
      chapters: 3,
    });
    await page.goto(`/book/${learning}`);
    await expectAccessible(page, `learning book (${theme})`);
    const entertainment = await uploadPastedBook(page, {
      title: `Accessible stories ${theme}`,
      text: sample,
      mode: 'Entertainment',
      chapters: 3,
    });
    await page.goto(`/book/${entertainment}`);
    await expectAccessible(page, `entertainment workspace (${theme})`);
    // The workspace with its content: the plot and its characters, a script and its detail, a dialog.
    await page.getByRole('button', { name: 'Generate Plot' }).click();
    await expect(page.getByRole('heading', { name: 'Logline' })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, `workspace plot tab (${theme})`);
    await page.getByRole('button', { name: 'Create Character' }).click();
    await expectAccessible(page, `workspace create character dialog (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Script/ }).click();
    await page.getByRole('button', { name: 'Generate Script' }).click();
    await expect(page.getByRole('tablist', { name: 'Script details' })).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, `workspace script tab (${theme})`);
    await page.getByRole('tab', { name: /^Images/ }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expectAccessible(page, `workspace images tab (${theme})`);
    await page.getByRole('tab', { name: /^Audio/ }).click();
    await page
      .getByRole('tabpanel', { name: /^Audio/ })
      .getByRole('button', { name: 'Settings' })
      .click();
    await expectAccessible(page, `workspace audio tab (${theme})`);
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expectAccessible(page, `workspace audio timeline (${theme})`);
    await page.getByRole('button', { name: 'Collapse chapter list' }).click();
    await expectAccessible(page, `workspace with a narrow chapter list (${theme})`);
  });
}

import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './helpers';

/**
 * The app runs under the same security headers as on CloudFront (infra/definitions.ts): no page
 * breaks a rule of the Content-Security-Policy, and the theme is still applied before first paint
 * by a script file, not an inline script.
 */
test('every page works under the Content-Security-Policy, with no violation reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toContain('max-age=');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await signUpAndSignIn(page);
  for (const path of ['/dashboard', '/learn', '/explore', '/upload', '/creator', '/profile'])
    await page.goto(path).then(() => page.waitForLoadState('networkidle'));
  expect(violations).toEqual([]);
});

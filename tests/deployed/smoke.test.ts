import { describe, expect, it } from 'vitest';

/**
 * Smoke test of a deployed stack (AWS, or LocalStack through `cdklocal`), the step after every
 * deploy (README, "Deploying"): DEPLOYED_APP_URL=https://d123.cloudfront.net npm run test:deployed
 * Without the address it fails rather than skips, so a deploy step that lost it cannot pass unseen.
 */
const appUrl = process.env.DEPLOYED_APP_URL?.replace(/\/$/, '');
if (!appUrl)
  throw new Error(
    'DEPLOYED_APP_URL is not set: give the address of the deployed app, e.g. DEPLOYED_APP_URL=https://d123.cloudfront.net npm run test:deployed',
  );

describe('deployed stack', () => {
  const api = (path: string, init?: RequestInit) => fetch(`${appUrl}/api/v1${path}`, init);

  it('is healthy', async () => {
    const response = await api('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the SPA for client-side routes and keeps API 404s as JSON', async () => {
    const page = await fetch(`${appUrl}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await api('/definitely-not-a-route')).status).toBe(404);
  });

  it('refuses protected routes without a token and validates public ones', async () => {
    expect((await api('/users/me')).status).toBe(401);
    const login = await api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({
      detail: 'Incorrect email or password.',
      code: 'invalid_credentials',
    });
  });
});

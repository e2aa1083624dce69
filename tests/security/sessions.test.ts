import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, latestCode, startTestRuntime, type TestRuntime } from '../integration/helpers';

/** Sessions end when the user says so: logout ends one, a password reset ends every one. */
let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

const me = (token: string) => t.api('GET', '/users/me', { token });
const refresh = (token: string) => t.api('POST', '/auth/refresh', { body: { refresh_token: token } });
const login = (email: string, password: string) =>
  t.api<{ access_token: string; refresh_token: string }>('POST', '/auth/login', {
    body: { email, password },
  });

describe('sessions', () => {
  it('logout revokes the refresh token and refuses the access tokens of that sign-in only', async () => {
    const user = await createUser(t);
    const other = await login(user.email, user.password);
    const refreshed = await refresh(user.refreshToken);
    expect(refreshed.status).toBe(200);

    const out = await t.api('POST', '/auth/logout', {
      token: user.accessToken,
      body: { refresh_token: user.refreshToken },
    });
    expect(out).toMatchObject({ status: 200, body: { message: 'Signed out.' } });
    expect((await me(user.accessToken)).status).toBe(401);
    const refused = await me(String(refreshed.body.access_token));
    expect(refused).toMatchObject({ status: 401, body: { code: 'session_ended' } });
    expect((await refresh(user.refreshToken)).status).toBe(401);
    // The other sign-in of the same user goes on.
    expect((await me(other.body.access_token)).status).toBe(200);
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
    // Logging out needs a live session.
    expect((await t.api('POST', '/auth/logout', { token: user.accessToken, body: {} })).status).toBe(401);
  });

  it('a password reset signs out everywhere: old access and refresh tokens stop working', async () => {
    const user = await createUser(t);
    const second = await login(user.email, user.password);
    expect((await me(user.accessToken)).status).toBe(200);

    expect(
      (await t.api('POST', '/auth/request-password-reset', { body: { email: user.email } })).status,
    ).toBe(200);
    const confirmed = await t.api('POST', '/auth/confirm-password-reset', {
      body: { email: user.email, token: latestCode(t.runtime, user.email), new_password: 'Fresh-Start-77' },
    });
    expect(confirmed.status).toBe(200);

    for (const token of [user.accessToken, second.body.access_token])
      expect((await me(token)).status).toBe(401);
    for (const token of [user.refreshToken, second.body.refresh_token])
      expect((await refresh(token)).status).toBe(401);
    // Signing in with the new password right away works, in the same second or not.
    const fresh = await login(user.email, 'Fresh-Start-77');
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.access_token)).status).toBe(200);
    expect((await refresh(fresh.body.refresh_token)).status).toBe(200);
  });
});

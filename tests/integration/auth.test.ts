import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, latestCode, startTestRuntime, uniqueEmail, type TestRuntime } from './helpers';

let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

describe('accounts end to end', () => {
  it('register → verify from the mailbox → login → /users/me → refresh → reset password → login', async () => {
    const email = uniqueEmail('ann');
    const register = await t.api('POST', '/auth/register', {
      body: { display_name: 'Ann Reader', email, password: 'First-Pass-1', role: 'author' },
    });
    expect(register.status).toBe(201);

    // Until verified, signing in is refused with a message that offers resending.
    const early = await t.api('POST', '/auth/login', { body: { email, password: 'First-Pass-1' } });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'email_not_verified' });
    expect(String(early.body.detail)).toMatch(/verify your email/i);

    // The verification email carries a link into the app with the code.
    const mail = t.runtime.mailbox.list(email)[0]!;
    expect(mail.subject).toMatch(/verify/i);
    const link = new URL(mail.links.find((l) => l.includes('/auth/verify'))!);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toBe(mail.code);
    const verify = await t.api('POST', '/auth/verify-email', {
      body: { email: link.searchParams.get('email'), code: link.searchParams.get('code') },
    });
    expect(verify.status).toBe(200);
    await t.runtime.stepFunctions.idle();

    const login = await t.api<{ access_token: string; refresh_token: string }>('POST', '/auth/login', {
      body: { email, password: 'First-Pass-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.access_token).toBeTruthy();
    expect(login.body.refresh_token).toBeTruthy();

    const me = await t.api('GET', '/users/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      display_name: 'Ann Reader',
      role: 'author',
      avatar_url: null,
      bio: null,
    });

    const refreshed = await t.api<{ access_token: string; refresh_token: string }>('POST', '/auth/refresh', {
      body: { refresh_token: login.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBe(login.body.refresh_token);
    expect((await t.api('GET', '/users/me', { token: refreshed.body.access_token })).status).toBe(200);

    const reset = await t.api('POST', '/auth/request-password-reset', { body: { email } });
    expect(reset.status).toBe(200);
    const resetMail = t.runtime.mailbox.list(email)[0]!;
    expect(resetMail.subject).toMatch(/reset/i);
    expect(resetMail.links.some((l) => l.includes('/auth/reset?'))).toBe(true);

    const wrongCode = await t.api('POST', '/auth/confirm-password-reset', {
      body: { email, token: '000000', new_password: 'Second-Pass-2' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.detail).toBe('Invalid or expired reset code.');

    const confirm = await t.api('POST', '/auth/confirm-password-reset', {
      body: { email, token: resetMail.code, new_password: 'Second-Pass-2' },
    });
    expect(confirm.status).toBe(200);

    expect((await t.api('POST', '/auth/login', { body: { email, password: 'First-Pass-1' } })).status).toBe(
      401,
    );
    expect((await t.api('POST', '/auth/login', { body: { email, password: 'Second-Pass-2' } })).status).toBe(
      200,
    );
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const user = await createUser(t);
    const wrong = await t.api('POST', '/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await t.api('POST', '/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBe('Incorrect email or password.');
  });

  it('resends the verification email with a new working code', async () => {
    const email = uniqueEmail('resend');
    await t.api('POST', '/auth/register', {
      body: { display_name: 'R', email, password: 'Quiet-Lantern-42' },
    });
    const first = latestCode(t.runtime, email);
    const resend = await t.api('POST', '/auth/resend-verification', { body: { email } });
    expect(resend.status).toBe(200);
    expect(t.runtime.mailbox.list(email)).toHaveLength(2);
    let second = latestCode(t.runtime, email);
    expect(second).toMatch(/^\d{6}$/);
    // A fresh random code repeats the old one once in a million: then ask again.
    for (let tries = 0; second === first && tries < 3; tries++) {
      await t.api('POST', '/auth/resend-verification', { body: { email } });
      second = latestCode(t.runtime, email);
    }
    expect(second).not.toBe(first);
    expect((await t.api('POST', '/auth/verify-email', { body: { email, code: first } })).status).toBe(400);
    expect((await t.api('POST', '/auth/verify-email', { body: { email, code: second } })).status).toBe(200);
    // Once verified, a resend answers like any other (nothing to learn about the address).
    const again = await t.api('POST', '/auth/resend-verification', { body: { email } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(resend.body);
  });

  it('answers resend and reset requests for unknown addresses like known ones', async () => {
    expect(
      (await t.api('POST', '/auth/resend-verification', { body: { email: uniqueEmail('ghost') } })).status,
    ).toBe(200);
    expect(
      (await t.api('POST', '/auth/request-password-reset', { body: { email: uniqueEmail('ghost') } })).status,
    ).toBe(200);
  });

  it('validates payloads with the spec messages and a detail field', async () => {
    const short = await t.api('POST', '/auth/register', {
      body: { display_name: 'S', email: uniqueEmail('short'), password: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters long.');
    const common = await t.api('POST', '/auth/register', {
      body: { display_name: 'S', email: uniqueEmail('common'), password: 'Password123' },
    });
    expect(common.status).toBe(400);
    expect(common.body.detail).toBe('This password is too common. Choose one that is harder to guess.');
    const malformed = await t.api('POST', '/auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('The request body is not valid JSON.');
  });

  it('enforces roles on the server: explorers get 403 on author routes', async () => {
    const explorer = await createUser(t, { role: 'explorer' });
    const author = await createUser(t, { role: 'author' });
    const denied = await t.api('POST', '/creator/prompts', {
      token: explorer.accessToken,
      body: { kind: 'book', prompt: 'A story' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('Author access required');
    expect((await t.api('GET', '/creator/prompts', { token: explorer.accessToken })).status).toBe(403);

    const created = await t.api('POST', '/creator/prompts', {
      token: author.accessToken,
      body: { kind: 'book', prompt: ' A story ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'book', prompt: 'A story' });
    const blank = await t.api('POST', '/creator/prompts', {
      token: author.accessToken,
      body: { kind: 'video', prompt: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Please enter a prompt for the video.');
    const list = await t.api<unknown[]>('GET', '/creator/prompts', { token: author.accessToken });
    expect(list.body).toHaveLength(1);
    // Another author does not see it and cannot delete it.
    const other = await createUser(t, { role: 'author' });
    expect(
      (await t.api<unknown[]>('GET', '/creator/prompts', { token: other.accessToken })).body,
    ).toHaveLength(0);
    const id = String(created.body.id);
    expect((await t.api('DELETE', `/creator/prompts/${id}`, { token: other.accessToken })).status).toBe(404);
    expect((await t.api('DELETE', `/creator/prompts/${id}`, { token: author.accessToken })).status).toBe(204);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, uniqueEmail, type TestRuntime } from '../integration/helpers';

/** Oversized and hostile text: a 400 that says what is wrong, never a 500, and a healthy server after. */
let t: TestRuntime;
let token: string;
beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
});
afterAll(async () => {
  await t?.stop();
});

const MB = 'x'.repeat(1024 * 1024);

describe('input limits', () => {
  it.each([
    ['/auth/login', { email: 'a@b.co', password: MB }, 'Password can be at most 256 characters.'],
    ['/auth/login', { email: `${MB}@b.co`, password: 'x' }, 'Email can be at most 254 characters.'],
    [
      '/auth/register',
      { display_name: MB, email: 'a@b.co', password: 'Quiet-Lantern-42' },
      'Username can be at most 50 characters.',
    ],
    [
      '/auth/verify-email',
      { email: 'a@b.co', code: MB },
      'That code is not valid. Check the latest email we sent you.',
    ],
    ['/auth/refresh', { refresh_token: MB }, 'refresh_token is not a valid token.'],
  ])('%s with a 1 MB field answers 400 with what is wrong', async (path, body, detail) => {
    const answer = await t.api('POST', path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(detail);
  });

  it('names what is wrong with a book type instead of calling it missing', async () => {
    const upload = await t.api('POST', '/books/upload', {
      token,
      body: { book_type: 'poetry', text_content: 'Once upon a time.' },
    });
    expect(upload.status).toBe(400);
    expect(upload.body.detail).toBe('Book type must be learning or entertainment.');
    const profile = await t.api('PUT', '/users/me', { token, body: { display_name: MB } });
    expect(profile.status).toBe(400);
    expect(profile.body.detail).toBe('Display name must be at most 50 characters.');
  });

  it('strips NUL, ESC, other controls and direction overrides from names and titles', async () => {
    const name = 'Ann\u0000\u001b[31m \u202eevil\u202c\u2066Reader\u2069';
    const updated = await t.api<{ display_name: string }>('PUT', '/users/me', {
      token,
      body: { display_name: name },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.display_name).toBe('Ann[31m evilReader');
    const book = await t.api<{ id: string; title: string }>('POST', '/books/upload', {
      token,
      body: {
        book_type: 'learning',
        title: 'A\u0000 \u202eTitle',
        text_content: 'Chapter 1\n\nSome text here.',
      },
    });
    expect(book.status).toBe(201);
    const hostile = ['\u0000', '\u001b', '\u202e'];
    expect(hostile.some((c) => String(book.body.title).includes(c))).toBe(false);
    expect(book.body.title).toBe('A Title');
  });

  it('refuses a body over 6 MB at the gateway with 413, and stays healthy', async () => {
    const answer = await t.api('POST', '/auth/login', {
      raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(7 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect((await t.api('GET', '/health')).status).toBe(200);
    const login = await t.api('POST', '/auth/login', {
      body: { email: uniqueEmail('after'), password: 'Whatever-123' },
    });
    expect(login.status).toBe(401);
  });
});

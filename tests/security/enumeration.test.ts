import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, uniqueEmail, type TestRuntime } from '../integration/helpers';

/**
 * Nothing answers differently for an address with an account: each answer is compared byte for byte
 * (status and body) for a verified account, an unverified one and an unknown address.
 */
let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

async function raw(path: string, body: unknown) {
  const response = await fetch(`${t.runtime.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return `${response.status} ${await response.text()}`;
}

describe('account enumeration', () => {
  it('register, resend-verification, verify-email and request-password-reset answer alike', async () => {
    const verified = await createUser(t);
    const unverified = uniqueEmail('pending');
    await t.api('POST', '/auth/register', {
      body: { display_name: 'P', email: unverified, password: 'Quiet-Lantern-42' },
    });
    const unknown = uniqueEmail('nobody');
    const addresses = [verified.email, unverified, unknown];

    const register = await Promise.all(
      addresses.map((email, i) =>
        raw('/auth/register', {
          display_name: 'Probe',
          email: i === 2 ? unknown : email,
          password: 'Probe-Pass-9',
        }),
      ),
    );
    // The unknown address now has an account; the comparison is of the first answers.
    expect(new Set(register).size).toBe(1);
    expect(register[0]).toMatch(/^201 /);

    for (const [path, body] of [
      ['/auth/resend-verification', (email: string) => ({ email })],
      ['/auth/request-password-reset', (email: string) => ({ email })],
      ['/auth/verify-email', (email: string) => ({ email, code: '000000' })],
    ] as const) {
      const probe = [verified.email, unverified, uniqueEmail('ghost')];
      const answers = await Promise.all(probe.map((email) => raw(path, body(email))));
      expect(new Set(answers).size, `${path}: ${answers.join(' | ')}`).toBe(1);
    }
  });

  it('the owner of an existing account is told by email instead', async () => {
    const user = await createUser(t);
    await t.api('POST', '/auth/register', {
      body: { display_name: 'Someone', email: user.email, password: 'Probe-Pass-9' },
    });
    const notice = t.runtime.mailbox.list(user.email)[0]!;
    expect(notice.subject).toBe('Someone tried to sign up for BookStudio with your address');
    expect(notice.code).toMatch(/^\d{6}$/);
    // The account is untouched: the old password still signs in.
    expect(
      (await t.api('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(200);
  });

  it('a wrong password and an unknown address get the same 401', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([
      raw('/auth/login', { email: user.email, password: 'Not-The-One-1' }),
      raw('/auth/login', { email: uniqueEmail('nobody'), password: 'Not-The-One-1' }),
    ]);
    expect(answers[0]).toMatch(/^401 /);
    expect(answers[0]).toBe(answers[1]);
  });
});

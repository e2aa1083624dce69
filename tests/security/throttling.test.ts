import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  latestCode,
  startTestRuntime,
  uniqueEmail,
  type TestRuntime,
} from '../integration/helpers';

/** The outside test's brute-force runs, repeated: each now stops at its limit with a 429. */
let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

describe('brute force', () => {
  it('50 parallel wrong passwords: 5 are tried, the rest and then the right password get 429', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.api('POST', '/auth/login', { body: { email: user.email, password: `Wrong-Guess-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const right = await t.api('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
    expect(String(right.body.detail)).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    const raw = await fetch(`${t.runtime.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('50 reset requests for one address: 5 emails in the hour, the sign-up one included', async () => {
    const user = await createUser(t);
    expect(t.runtime.mailbox.list(user.email)).toHaveLength(1);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push(
        (await t.api('POST', '/auth/request-password-reset', { body: { email: user.email } })).status,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(46);
    expect(t.runtime.mailbox.list(user.email)).toHaveLength(5);
  });

  it('verification codes: 5 guesses, then even the right code waits', async () => {
    const email = uniqueEmail('guess');
    await t.api('POST', '/auth/register', {
      body: { display_name: 'G', email, password: 'Quiet-Lantern-42' },
    });
    const code = latestCode(t.runtime, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await t.api('POST', '/auth/verify-email', { body: { email, code: wrong } })).status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect((await t.api('POST', '/auth/verify-email', { body: { email, code } })).status).toBe(429);
  });

  // Last: it locks the test runner's own address.
  it('one address guessing many accounts is stopped at 50 sign-ins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++)
      statuses.push(
        (
          await t.api('POST', '/auth/login', {
            body: { email: uniqueEmail(`spray${i}`), password: 'Spring-2026x' },
          })
        ).status,
      );
    // The wrong passwords of the tests above count too: 50 in all get through, the rest wait.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
  });
});

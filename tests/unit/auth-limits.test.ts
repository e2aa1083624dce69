import { describe, expect, it } from 'vitest';
import { limits } from '../../functions/auth/limits';
import { createAuthService } from '../../functions/auth/service';
import { isCommonPassword, passwordProblem } from '../../functions/contracts/password-policy';
import { messages } from '../../functions/contracts/validation';
import { IdentityError, type Identity } from '../../functions/lib/ports';
import { isEnded } from '../../functions/lib/sessions';
import { createThrottle, lockSeconds, ThrottledError, type ThrottleRule } from '../../functions/lib/throttle';
import { memoryAdapters } from '../support/memory';

/** The attempt limits, the password policy and the ended-session rule, without I/O. */
const rule: ThrottleRule = { name: 't', limit: 3, windowSeconds: 900, lockSeconds: 60, maxLockSeconds: 900 };

describe('the throttle', () => {
  it('allows the limit, then locks with a Retry-After that doubles at every further lock', async () => {
    const { table, clock } = memoryAdapters();
    const throttle = createThrottle(table, clock);
    for (let i = 0; i < 3; i++) await throttle.attempt(rule, 'ann');
    await expect(throttle.attempt(rule, 'ann')).rejects.toMatchObject({ retryAfterSeconds: 60 });
    // Locked: refused without counting, with the time left.
    clock.advance(20_000);
    await expect(throttle.attempt(rule, 'ann')).rejects.toMatchObject({ retryAfterSeconds: 40 });
    // Once the lock ends, the window is still full: the next try locks for twice as long.
    clock.advance(41_000);
    await expect(throttle.attempt(rule, 'ann')).rejects.toMatchObject({ retryAfterSeconds: 120 });
    // Another subject is not affected.
    await throttle.attempt(rule, 'bob');
    expect([1, 2, 3, 4, 5, 6].map((s) => lockSeconds(rule, s))).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('does not count refunded attempts, and a cleared subject starts again', async () => {
    const { table, clock } = memoryAdapters();
    const throttle = createThrottle(table, clock);
    for (let i = 0; i < 10; i++) await (await throttle.attempt(rule, 'ann')).refund();
    const attempts = [];
    for (let i = 0; i < 3; i++) attempts.push(await throttle.attempt(rule, 'ann'));
    await expect(throttle.attempt(rule, 'ann')).rejects.toBeInstanceOf(ThrottledError);
    clock.advance(61_000);
    await attempts[0]!.clear();
    await throttle.attempt(rule, 'ann');
  });

  it('counts parallel attempts: no more than the limit get through', async () => {
    const { table, clock } = memoryAdapters();
    const throttle = createThrottle(table, clock);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.attempt(rule, 'ann')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('starts a new window when the old one ends', async () => {
    const { table, clock } = memoryAdapters();
    const throttle = createThrottle(table, clock);
    clock.advance(900_000 - (clock.now().getTime() % 900_000));
    for (let i = 0; i < 3; i++) await throttle.attempt(rule, 'ann');
    clock.advance(900_000);
    for (let i = 0; i < 3; i++) await throttle.attempt(rule, 'ann');
  });
});

describe('sign-in limits in the auth service', () => {
  const identity = {
    passwordLogin: async (_email: string, password: string) => {
      if (password !== 'Right-Pass1') throw new IdentityError('invalid_credentials', 'wrong');
      return { accessToken: 'a.e30.s', refreshToken: 'r', expiresIn: 3600 };
    },
  } as unknown as Identity;
  const caller = { address: '203.0.113.9' };

  it('locks an account after 5 wrong passwords, even for the right one, and a success clears the count', async () => {
    const { table, clock } = memoryAdapters();
    const auth = createAuthService({ identity, table, clock, sleep: async () => undefined });
    for (let i = 0; i < 4; i++)
      await expect(auth.login('ann@x.io', 'wrong', caller)).rejects.toMatchObject({ statusCode: 401 });
    await auth.login('ann@x.io', 'Right-Pass1', caller);
    for (let i = 0; i < limits.signInAccount.limit; i++)
      await expect(auth.login('ann@x.io', 'wrong', caller)).rejects.toMatchObject({ statusCode: 401 });
    const locked = auth.login('ann@x.io', 'Right-Pass1', caller);
    await expect(locked).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 60,
      message: 'Too many attempts. Try again in 1 minute.',
    });
    clock.advance(61_000);
    await expect(auth.login('ann@x.io', 'wrong', caller)).rejects.toMatchObject({ retryAfterSeconds: 120 });
  });
});

describe('the password policy', () => {
  it('asks for 8 characters, upper and lower case and a digit, at most 256 characters', () => {
    expect(passwordProblem('Ab1')).toBe(messages.passwordTooShort);
    expect(passwordProblem('alllowercase1')).toBe(messages.passwordClasses);
    expect(passwordProblem('ALLUPPERCASE1')).toBe(messages.passwordClasses);
    expect(passwordProblem('NoDigitsHere')).toBe(messages.passwordClasses);
    expect(passwordProblem(`Aa1${'x'.repeat(254)}`)).toBe(messages.passwordTooLong);
    expect(passwordProblem('Quiet-Lantern-42')).toBeNull();
    expect(passwordProblem('CorrectHorse7')).toBeNull();
  });

  it('refuses common passwords, dressed up or not, repeats and runs', () => {
    for (const common of ['Password1', 'P@ssw0rd2024!', 'Qwerty123', 'Iloveyou1', 'Monkey2024', 'Letmein!9'])
      expect(passwordProblem(common), common).toBe(messages.passwordCommon);
    for (const weak of ['123456', 'aaaaaa', 'password', 'abcdefgh', '87654321', 'Aaaaaaa1'])
      expect(isCommonPassword(weak), weak).toBe(true);
    expect(isCommonPassword('Tr0ub4dor&3')).toBe(false);
  });
});

describe('ended sessions', () => {
  it('refuses tokens issued before the cut-off and tokens of an ended sign-in', () => {
    const token = { sub: 'u', iat: '1000', origin_jti: 's1', jti: 'j1' };
    expect(isEnded(null, token)).toBe(false);
    expect(isEnded({ valid_after: 1000 }, token)).toBe(false);
    expect(isEnded({ valid_after: 1001 }, token)).toBe(true);
    expect(isEnded({ ended: { s1: 5000 } }, token)).toBe(true);
    expect(isEnded({ ended: { s2: 5000 } }, token)).toBe(false);
    expect(isEnded({ valid_after: 1 }, { sub: 'u' })).toBe(true);
  });
});

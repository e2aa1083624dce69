import { describe, expect, it } from 'vitest';
import { authAnswers, createAuthService } from '../../../functions/auth/service';
import { createCreatorService } from '../../../functions/creator/service';
import { createUserActivity } from '../../../functions/events';
import { createJobs } from '../../../functions/jobs';
import { authMessages } from '../../../functions/lib/identity-errors';
import { IdentityError, type Identity, type IdentityErrorKind } from '../../../functions/lib/ports';
import { createUsersService } from '../../../functions/users/service';
import { memoryAdapters } from '../../support/memory';

/** An identity provider with a few accounts, failing as Cognito does. */
function fakeIdentity(): Identity & { failWith?: IdentityErrorKind } {
  const accounts = new Map<string, { password: string; confirmed: boolean; name: string }>();
  const fail = (kind: IdentityErrorKind) => {
    throw new IdentityError(kind, kind);
  };
  const identity: Identity & { failWith?: IdentityErrorKind } = {
    async signUp({ email, password, displayName }) {
      if (accounts.has(email)) fail('user_exists');
      accounts.set(email, { password, confirmed: false, name: displayName });
      return { userId: `sub-${email}`, confirmed: false };
    },
    async confirmSignUp(email, code) {
      const account = accounts.get(email) ?? fail('user_not_found');
      if (code !== '123456') fail('code_mismatch');
      account!.confirmed = true;
    },
    async resendConfirmation(email) {
      if (!accounts.has(email)) fail('user_not_found');
    },
    async passwordLogin(email, password) {
      const account = accounts.get(email);
      if (!account || account.password !== password) fail('invalid_credentials');
      if (!account!.confirmed) fail('not_confirmed');
      return { accessToken: 'access', refreshToken: 'refresh', expiresIn: 3600 };
    },
    async refreshSession(token) {
      if (token !== 'refresh') fail('session_expired');
      return { accessToken: 'access-2', refreshToken: undefined, expiresIn: 3600 };
    },
    async startPasswordReset(email) {
      if (!accounts.has(email)) fail('user_not_found');
      if (!accounts.get(email)!.confirmed) fail('invalid_parameter');
    },
    async finishPasswordReset(email, code) {
      if (!accounts.has(email)) fail('user_not_found');
      if (code !== '654321') fail('code_expired');
    },
    async getUserAttributes(token) {
      if (token !== 'access') fail('session_expired');
      return { email: 'Ada@Example.com', name: '', 'custom:role': 'author' };
    },
    async revokeRefreshToken(token) {
      if (token !== 'refresh') fail('session_expired');
    },
    async signOutEverywhere(email) {
      if (!accounts.has(email)) fail('user_not_found');
      return { userId: `sub-${email}` };
    },
  };
  return identity;
}

const caller = { address: '198.51.100.7' };
const authService = (identity = fakeIdentity()) => {
  const adapters = memoryAdapters();
  return { auth: createAuthService({ identity, table: adapters.table, clock: adapters.clock }), adapters };
};

describe('the auth service', () => {
  it('signs up, verifies, signs in and refreshes, keeping the refresh token Cognito does not rotate', async () => {
    const { auth } = authService();
    expect(
      await auth.register(
        { email: 'a@x.io', password: 'Secret-Pass1', displayName: 'Ada', role: 'author' },
        caller,
      ),
    ).toEqual({ message: authAnswers.registered });
    await expect(auth.login('a@x.io', 'Secret-Pass1', caller)).rejects.toMatchObject({
      statusCode: 403,
      code: 'email_not_verified',
    });
    await expect(auth.verifyEmail('a@x.io', '000000', caller)).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_code',
    });
    await auth.verifyEmail('a@x.io', '123456', caller);
    expect(await auth.login('a@x.io', 'Secret-Pass1', caller)).toMatchObject({
      access_token: 'access',
      token_type: 'bearer',
    });
    expect(await auth.refresh('refresh')).toMatchObject({
      access_token: 'access-2',
      refresh_token: 'refresh',
    });
    await expect(auth.refresh('stale')).rejects.toMatchObject({
      statusCode: 401,
      message: authMessages.sessionExpired,
    });
  });

  it('answers the same whether an address has an account or not, and says why a reset cannot finish', async () => {
    const { auth } = authService();
    expect(await auth.resendVerification('nobody@x.io', caller)).toEqual({
      message: 'Verification email sent! Check your inbox.',
    });
    const unknownReset = await auth.requestPasswordReset('nobody@x.io', caller);
    expect(unknownReset.message).toMatch(/Password reset email sent/);
    const input = { email: 'b@x.io', password: 'Secret-Pass1', displayName: 'B', role: 'explorer' };
    const first = await auth.register(input, caller);
    // Not verified yet: a reset answers as for anyone (the verification email goes out instead).
    expect(await auth.requestPasswordReset('b@x.io', caller)).toEqual(unknownReset);
    expect(await auth.register({ ...input, password: 'Other-Pass2' }, caller)).toEqual(first);
    await expect(
      auth.confirmPasswordReset('b@x.io', '111111', 'Newer-Secret3', caller),
    ).rejects.toMatchObject({ message: authMessages.invalidResetCode });
    await expect(auth.verifyEmail('nobody@x.io', '123456', caller)).rejects.toMatchObject({
      statusCode: 400,
      message: authMessages.invalidCode,
    });
  });
});

describe('the users service', () => {
  it('creates a missing profile from the identity once, and onboarding awards the welcome badge once', async () => {
    const adapters = memoryAdapters();
    const activity = createUserActivity(adapters);
    const users = createUsersService({ ...adapters, identity: fakeIdentity(), activity });
    const profile = await users.loadProfile('sub-1', 'access');
    expect(profile).toMatchObject({ email: 'ada@example.com', display_name: 'Ada', role: 'author' });
    await expect(users.loadProfile('sub-2', 'expired')).rejects.toMatchObject({ kind: 'session_expired' });
    expect(await users.welcome('sub-1')).toEqual(['welcome']);
    expect(await users.welcome('sub-1')).toEqual([]);
    const badges = await users.badges('sub-1');
    expect(badges.find((b) => b.id === 'welcome')).toMatchObject({ earned: true });
    expect(badges.find((b) => b.id === 'librarian')).toMatchObject({
      earned: false,
      progress: { current: 0, target: 5 },
    });
    expect((await users.activity('sub-1', 10)).map((e) => e.type).sort()).toEqual([
      'account_created',
      'badge_earned',
    ]);
    const updated = await users.updateProfile('sub-1', { bio: 'Reads a lot' });
    expect(updated.bio).toBe('Reads a lot');
    expect(
      (await users.createProfileAndStats({ userId: 'sub-1', email: 'x', display_name: 'y', role: undefined }))
        .created,
    ).toBe(false);
  });
});

describe('the creator service', () => {
  it("keeps an author's prompts newest first, filters by kind and deletes only existing ones", async () => {
    const adapters = memoryAdapters();
    let n = 0;
    const creator = createCreatorService({
      ...adapters,
      sortableId: () => `00000000${++n}${'a'.repeat(16)}`,
      jobs: createJobs({ ...adapters, work: adapters.storage.uploads }),
      textModel: () => false,
      voices: () => [],
      videoLeft: async () => true,
    });
    await creator.create('a1', 'book', '  A saga  ');
    await creator.create('a1', 'video', 'A trailer');
    expect((await creator.list('a1')).map((p) => p.prompt)).toEqual(['A trailer', 'A saga']);
    expect((await creator.list('a1', 'book')).map((p) => p.kind)).toEqual(['book']);
    expect(await creator.list('a2')).toEqual([]);
    await expect(creator.remove('a2', `000000001${'a'.repeat(16)}`)).rejects.toMatchObject({
      statusCode: 404,
    });
    await creator.remove('a1', `000000001${'a'.repeat(16)}`);
    expect((await creator.list('a1')).map((p) => p.prompt)).toEqual(['A trailer']);
  });
});

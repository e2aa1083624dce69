import type { MessageResponse, TokenPair } from '../contracts/api';
import { BadRequestError } from '../lib/errors';
import { authMessages, mapIdentity, toHttpError } from '../lib/identity-errors';
import { IdentityError, type Identity, type Tokens } from '../lib/ports';

/**
 * Accounts on the Identity port (Cognito): each operation calls the identity provider and turns its
 * failure into the words the user reads.
 */
const toTokenPair = (tokens: Tokens, previousRefreshToken?: string): TokenPair => ({
  access_token: tokens.accessToken,
  // Cognito returns no new refresh token on refresh (unless rotation is on): keep the one in use.
  refresh_token: tokens.refreshToken ?? previousRefreshToken ?? '',
  token_type: 'bearer',
  expires_in: tokens.expiresIn,
});

const message = (text: string): MessageResponse => ({ message: text });

/** Unknown addresses get the same answer as known ones, so these operations do not reveal accounts. */
async function ignoringUnknownUser(
  run: () => Promise<void>,
  overrides: Parameters<typeof mapIdentity>[1] = {},
): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof IdentityError && error.kind === 'user_not_found') return;
    throw toHttpError(error, overrides);
  }
}

export function createAuthService(identity: Identity) {
  return {
    async register(input: { email: string; password: string; displayName: string; role: string }) {
      const result = await mapIdentity(() => identity.signUp(input));
      return {
        ...message('Account created. Check your email for the verification link.'),
        user_id: result.userId,
        user_confirmed: result.confirmed,
      };
    },

    login: async (email: string, password: string) =>
      toTokenPair(await mapIdentity(() => identity.passwordLogin(email, password))),

    refresh: async (refreshToken: string) =>
      toTokenPair(await mapIdentity(() => identity.refreshSession(refreshToken)), refreshToken),

    async verifyEmail(email: string, code: string) {
      await mapIdentity(() => identity.confirmSignUp(email, code), {
        user_not_found: new BadRequestError(authMessages.invalidCode, 'invalid_code'),
      });
      return message('Email verified. You can sign in now.');
    },

    async resendVerification(email: string) {
      await ignoringUnknownUser(() => identity.resendConfirmation(email));
      return message('Verification email sent! Check your inbox.');
    },

    async requestPasswordReset(email: string) {
      await ignoringUnknownUser(() => identity.startPasswordReset(email), {
        // Cognito cannot reset the password of an account whose email was never verified.
        invalid_parameter: new BadRequestError(authMessages.verifyBeforeReset, 'email_not_verified'),
      });
      return message('Password reset email sent! Check your inbox.');
    },

    async confirmPasswordReset(email: string, code: string, newPassword: string) {
      const invalid = new BadRequestError(authMessages.invalidResetCode, 'invalid_code');
      await mapIdentity(() => identity.finishPasswordReset(email, code, newPassword), {
        code_mismatch: invalid,
        code_expired: invalid,
        user_not_found: invalid,
        invalid_credentials: invalid,
      });
      return message('Password reset successfully!');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

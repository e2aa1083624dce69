import { z } from 'zod';
import type { MessageResponse, TokenPair } from '../contracts/api';
import { isValidEmail, messages, MIN_PASSWORD_LENGTH } from '../contracts/validation';
import { createApiHandler } from '../lib/api-handler';
import * as identity from '../lib/cognito-identity';
import { BadRequestError } from '../lib/errors';
import { created, defineHandler, ok } from '../lib/http';
import { authMessages, mapIdentity, toHttpError } from './errors';

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .refine(isValidEmail, messages.emailInvalid)
  .transform((value) => value.toLowerCase());
const password = z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired);
const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort);
const code = z.string().trim().min(1).max(64);

const toTokenPair = (tokens: identity.Tokens, previousRefreshToken?: string): TokenPair => ({
  access_token: tokens.accessToken,
  // Cognito returns no new refresh token on refresh (unless rotation is on): keep the one in use.
  refresh_token: tokens.refreshToken ?? previousRefreshToken ?? '',
  token_type: 'bearer',
  expires_in: tokens.expiresIn,
});

const message = (text: string): MessageResponse => ({ message: text });

const register = defineHandler(
  {
    body: z.object({
      display_name: z
        .string({ error: messages.usernameRequired })
        .trim()
        .min(1, messages.usernameRequired)
        .max(50),
      email,
      password: newPassword,
      role: z.enum(['author', 'explorer']).default('explorer'),
    }),
  },
  async ({ body }) => {
    const result = await mapIdentity(() =>
      identity.signUp({
        email: body.email,
        password: body.password,
        displayName: body.display_name,
        role: body.role,
      }),
    );
    return created({
      ...message('Account created. Check your email for the verification link.'),
      user_id: result.userId,
      user_confirmed: result.confirmed,
    });
  },
);

const login = defineHandler({ body: z.object({ email, password }) }, async ({ body }) => {
  const tokens = await mapIdentity(() => identity.passwordLogin(body.email, body.password));
  return ok(toTokenPair(tokens));
});

const refresh = defineHandler({ body: z.object({ refresh_token: z.string().min(1) }) }, async ({ body }) => {
  const tokens = await mapIdentity(() => identity.refreshSession(body.refresh_token));
  return ok(toTokenPair(tokens, body.refresh_token));
});

const verifyEmail = defineHandler({ body: z.object({ email, code }) }, async ({ body }) => {
  await mapIdentity(() => identity.confirmSignUp(body.email, body.code), {
    user_not_found: new BadRequestError(authMessages.invalidCode, 'invalid_code'),
  });
  return ok(message('Email verified. You can sign in now.'));
});

/** Unknown addresses get the same answer as known ones, so these endpoints do not reveal accounts. */
const ignoringUnknownUser = async (
  run: () => Promise<void>,
  overrides: Parameters<typeof mapIdentity>[1] = {},
) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof identity.IdentityError && error.kind === 'user_not_found') return;
    throw toHttpError(error, overrides);
  }
};

const resendVerification = defineHandler({ body: z.object({ email }) }, async ({ body }) => {
  await ignoringUnknownUser(() => identity.resendConfirmation(body.email));
  return ok(message('Verification email sent! Check your inbox.'));
});

const requestPasswordReset = defineHandler({ body: z.object({ email }) }, async ({ body }) => {
  await ignoringUnknownUser(() => identity.startPasswordReset(body.email), {
    // Cognito cannot reset the password of an account whose email was never verified.
    invalid_parameter: new BadRequestError(authMessages.verifyBeforeReset, 'email_not_verified'),
  });
  return ok(message('Password reset email sent! Check your inbox.'));
});

const confirmPasswordReset = defineHandler(
  { body: z.object({ email, token: code, new_password: newPassword }) },
  async ({ body }) => {
    const invalid = new BadRequestError(authMessages.invalidResetCode, 'invalid_code');
    await mapIdentity(() => identity.finishPasswordReset(body.email, body.token, body.new_password), {
      code_mismatch: invalid,
      code_expired: invalid,
      user_not_found: invalid,
      invalid_credentials: invalid,
    });
    return ok(message('Password reset successfully!'));
  },
);

export const handlers = {
  register,
  login,
  refresh,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
};
export const handler = createApiHandler('auth', handlers);

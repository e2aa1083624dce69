import { messages } from '../contracts/validation';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  type HttpError,
  TooManyRequestsError,
  UnauthorizedError,
} from './errors';
import { IdentityError, type IdentityErrorKind } from './ports';

/**
 * The words users read for each identity (Cognito) failure, and the HTTP error each becomes — per
 * operation where they differ. Used by the auth domain and by anything calling the Identity port.
 */
export const authMessages = {
  invalidCredentials: 'Incorrect email or password.',
  notConfirmed:
    'Please verify your email before signing in. Check your inbox, or resend the verification email.',
  passwordResetRequired: 'Your password must be reset before you can sign in. Use “Forgot password?”.',
  userExists: 'An account with this email already exists.',
  invalidCode:
    'That code is not valid. Check the latest email we sent you, or sign in if your email is already verified.',
  expiredCode: 'That code has expired. Request a new one.',
  invalidResetCode: 'Invalid or expired reset code.',
  alreadyConfirmed: 'This email is already verified. You can sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  verifyBeforeReset: 'Please verify your email first: we can only reset the password of a verified account.',
} as const;

/** Words the user sees for each identity failure, per operation where they differ. */
export function toHttpError(
  error: unknown,
  overrides: Partial<Record<IdentityErrorKind, HttpError>> = {},
): unknown {
  if (!(error instanceof IdentityError)) return error;
  const override = overrides[error.kind];
  if (override) return override;
  switch (error.kind) {
    case 'invalid_credentials':
    case 'user_not_found':
      return new UnauthorizedError(authMessages.invalidCredentials, 'invalid_credentials');
    case 'not_confirmed':
      return new ForbiddenError(authMessages.notConfirmed, 'email_not_verified');
    case 'password_reset_required':
      return new ForbiddenError(authMessages.passwordResetRequired, 'password_reset_required');
    case 'user_exists':
      return new ConflictError(authMessages.userExists, 'user_exists');
    case 'invalid_password':
      return new BadRequestError(messages.passwordTooShort, 'invalid_password');
    case 'code_mismatch':
      return new BadRequestError(authMessages.invalidCode, 'invalid_code');
    case 'code_expired':
      return new BadRequestError(authMessages.expiredCode, 'expired_code');
    case 'already_confirmed':
      return new ConflictError(authMessages.alreadyConfirmed, 'already_confirmed');
    case 'session_expired':
      return new UnauthorizedError(authMessages.sessionExpired, 'session_expired');
    case 'too_many_requests':
      return new TooManyRequestsError(authMessages.tooManyRequests, 'too_many_requests');
    case 'invalid_parameter':
      return new BadRequestError(error.message, 'invalid_parameter');
  }
}

/** Runs an identity call and rethrows its failure as the HTTP error the user should see. */
export async function mapIdentity<T>(
  run: () => Promise<T>,
  overrides: Partial<Record<IdentityErrorKind, HttpError>> = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toHttpError(error, overrides);
  }
}

import { BadRequestError } from '../lib/errors';
import { authMessages, mapIdentity, toHttpError } from '../lib/identity-errors';
import { IdentityError } from '../lib/ports';
import { limits } from './limits';
import { authAnswers, type Caller, type AuthContext, counted, emailAttempt, message } from './common';

/** Accounts: registration, email verification and password reset. */

/** Tells the owner of an existing account that someone tried to sign up with their address. */
export async function noticeExistingAccount(deps: AuthContext, email: string): Promise<void> {
  try {
    // A verified account gets a reset code with a note; one never verified gets its code again.
    await deps.identity.startPasswordReset(email, 'sign_up_attempt');
  } catch (error) {
    if (error instanceof IdentityError && error.kind === 'invalid_parameter') {
      await deps.identity.resendConfirmation(email).catch(() => undefined);
      return;
    }
    if (error instanceof IdentityError) return;
    throw error;
  }
}

export async function register(
  deps: AuthContext,
  input: { email: string; password: string; displayName: string; role: string },
  caller: Caller,
) {
  await emailAttempt(deps, input.email, caller);
  try {
    await deps.identity.signUp(input);
  } catch (error) {
    if (!(error instanceof IdentityError && error.kind === 'user_exists')) throw toHttpError(error);
    await noticeExistingAccount(deps, input.email);
  }
  return message(authAnswers.registered);
}

export async function verifyEmail(deps: AuthContext, email: string, code: string, caller: Caller) {
  const invalid = new BadRequestError(authMessages.invalidCode, 'invalid_code');
  await counted(
    deps,
    [limits.codeAccount, email],
    [limits.codeAddress, caller.address],
    () =>
      mapIdentity(() => deps.identity.confirmSignUp(email, code), {
        // Unknown and already verified addresses answer like a wrong code: nothing to learn.
        user_not_found: invalid,
        already_confirmed: invalid,
      }),
    () => false,
  );
  return message(authAnswers.verified);
}

export async function resendVerification(deps: AuthContext, email: string, caller: Caller) {
  await emailAttempt(deps, email, caller);
  try {
    await deps.identity.resendConfirmation(email);
  } catch (error) {
    // Unknown and already verified addresses get the same answer as the others.
    if (!(error instanceof IdentityError)) throw error;
    if (error.kind === 'too_many_requests') throw toHttpError(error);
  }
  return message(authAnswers.verificationSent);
}

export async function requestPasswordReset(deps: AuthContext, email: string, caller: Caller) {
  await emailAttempt(deps, email, caller);
  try {
    await deps.identity.startPasswordReset(email);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    if (error.kind === 'too_many_requests') throw toHttpError(error);
    // Cognito cannot reset an account whose email was never verified: send the verification
    // email instead, and answer as for every other address.
    if (error.kind === 'invalid_parameter')
      await deps.identity.resendConfirmation(email).catch(() => undefined);
  }
  return message(authAnswers.resetSent);
}

export async function confirmPasswordReset(
  deps: AuthContext,
  email: string,
  code: string,
  newPassword: string,
  caller: Caller,
) {
  const invalid = new BadRequestError(authMessages.invalidResetCode, 'invalid_code');
  await counted(
    deps,
    [limits.codeAccount, email],
    [limits.codeAddress, caller.address],
    () =>
      mapIdentity(() => deps.identity.finishPasswordReset(email, code, newPassword), {
        code_mismatch: invalid,
        code_expired: invalid,
        user_not_found: invalid,
        invalid_credentials: invalid,
      }),
    () => false,
  );
  // Whoever knew the old password is signed out everywhere: refreshes end at Cognito, and the
  // access tokens already handed out are refused by the API from now on.
  const { userId } = await mapIdentity(() => deps.identity.signOutEverywhere(email));
  await deps.sessions.endAll(userId, deps.clock.now().getTime());
  return message(authAnswers.resetDone);
}

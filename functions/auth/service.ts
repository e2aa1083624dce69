import type { MessageResponse, TokenPair } from '../contracts/api';
import { BadRequestError, TooManyRequestsError } from '../lib/errors';
import { authMessages, mapIdentity, toHttpError } from '../lib/identity-errors';
import { IdentityError, type Clock, type Identity, type Table, type Tokens } from '../lib/ports';
import { createSessions, type SessionClaims } from '../lib/sessions';
import { createThrottle, ThrottledError, type Attempt, type ThrottleRule } from '../lib/throttle';
import { limits } from './limits';

/**
 * Accounts on the Identity port (Cognito): each operation calls the identity provider and turns its
 * failure into the words the user reads. Around it:
 *
 * - attempt limits (limits.ts) on sign-in, code guesses and the emails an operation sends;
 * - the same answer whether an address has an account or not (register, resend-verification,
 *   verify-email, request-password-reset): the owner of an existing account gets an email instead;
 * - sessions: logout ends one, a password reset ends all (lib/sessions.ts), so access tokens
 *   already handed out stop working at once, not when they expire.
 */
const toTokenPair = (tokens: Tokens, previousRefreshToken?: string): TokenPair => ({
  access_token: tokens.accessToken,
  // Cognito returns no new refresh token on refresh (unless rotation is on): keep the one in use.
  refresh_token: tokens.refreshToken ?? previousRefreshToken ?? '',
  token_type: 'bearer',
  expires_in: tokens.expiresIn,
});

const message = (text: string): MessageResponse => ({ message: text });

export const authAnswers = {
  registered: 'Check your email to finish signing up: we sent you a message.',
  verificationSent: 'Verification email sent! Check your inbox.',
  resetSent: 'Password reset email sent! Check your inbox.',
  verified: 'Email verified. You can sign in now.',
  resetDone: 'Password reset successfully!',
  signedOut: 'Signed out.',
} as const;

export interface AuthDependencies {
  identity: Identity;
  table: Table;
  clock: Clock;
  /** Waits; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
}

/** Who is asking: the network address limits apply to. */
export interface Caller {
  address: string;
}

/** The payload of a JWT, read without checking it: only for tokens that just came from Cognito. */
function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

export function createAuthService(deps: AuthDependencies) {
  const { identity, clock } = deps;
  const throttle = createThrottle(deps.table, clock);
  const sessions = createSessions(deps.table);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Counts one attempt under each rule, or answers 429 with how long to wait. */
  async function attempt(...counted: [ThrottleRule, string][]): Promise<Attempt[]> {
    const taken: Attempt[] = [];
    try {
      for (const [rule, subject] of counted) taken.push(await throttle.attempt(rule, subject));
      return taken;
    } catch (error) {
      // An attempt refused under one rule is not counted under the others.
      await Promise.all(taken.map((counted) => counted.refund()));
      if (!(error instanceof ThrottledError)) throw error;
      const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
      const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
      const words = error.rule.startsWith('email')
        ? `Too many emails were requested for this address. Try again in ${wait}.`
        : `Too many attempts. Try again in ${wait}.`;
      throw new TooManyRequestsError(words, 'too_many_requests', error.retryAfterSeconds);
    }
  }

  /** Runs `run`; when it succeeds (or fails for a reason that proves the secret), the attempt is free. */
  async function counted<T>(
    account: [ThrottleRule, string],
    address: [ThrottleRule, string],
    run: () => Promise<T>,
    provesSecret: (error: unknown) => boolean,
  ): Promise<T> {
    // The account first: guesses refused for a locked account do not use up the address's allowance.
    const [forAccount, forAddress] = await attempt(account, address);
    const settle = () => Promise.all([forAccount!.clear(), forAddress!.refund()]);
    try {
      const result = await run();
      await settle();
      return result;
    } catch (error) {
      if (provesSecret(error)) await settle();
      throw error;
    }
  }

  const emailAttempt = (email: string, caller: Caller) =>
    attempt([limits.emailAccount, email], [limits.emailAddress, caller.address]);

  /** Tells the owner of an existing account that someone tried to sign up with their address. */
  async function noticeExistingAccount(email: string): Promise<void> {
    try {
      // A verified account gets a reset code with a note; one never verified gets its code again.
      await identity.startPasswordReset(email, 'sign_up_attempt');
    } catch (error) {
      if (error instanceof IdentityError && error.kind === 'invalid_parameter') {
        await identity.resendConfirmation(email).catch(() => undefined);
        return;
      }
      if (error instanceof IdentityError) return;
      throw error;
    }
  }

  async function passwordLogin(email: string, password: string): Promise<Tokens> {
    const tokens = await mapIdentity(() => identity.passwordLogin(email, password));
    // A sign-in in the same second as a sign-out everywhere carries that second, which the cut-off
    // refuses: sign in again once the second has passed.
    const claims = unverifiedClaims(tokens.accessToken);
    const record = await sessions.read(String(claims.sub ?? ''));
    const validAfter = record?.valid_after;
    if (validAfter !== undefined && Number(claims.iat) < validAfter) {
      await sleep(Math.max(0, validAfter * 1000 - clock.now().getTime()) + 50);
      return mapIdentity(() => identity.passwordLogin(email, password));
    }
    return tokens;
  }

  return {
    async register(
      input: { email: string; password: string; displayName: string; role: string },
      caller: Caller,
    ) {
      await emailAttempt(input.email, caller);
      try {
        await identity.signUp(input);
      } catch (error) {
        if (!(error instanceof IdentityError && error.kind === 'user_exists')) throw toHttpError(error);
        await noticeExistingAccount(input.email);
      }
      return message(authAnswers.registered);
    },

    login: async (email: string, password: string, caller: Caller) =>
      toTokenPair(
        await counted(
          [limits.signInAccount, email],
          [limits.signInAddress, caller.address],
          () => passwordLogin(email, password),
          // Only the right password reaches "not verified" or "reset required".
          (error) => (error as { statusCode?: number }).statusCode === 403,
        ),
      ),

    refresh: async (refreshToken: string) =>
      toTokenPair(await mapIdentity(() => identity.refreshSession(refreshToken)), refreshToken),

    async verifyEmail(email: string, code: string, caller: Caller) {
      const invalid = new BadRequestError(authMessages.invalidCode, 'invalid_code');
      await counted(
        [limits.codeAccount, email],
        [limits.codeAddress, caller.address],
        () =>
          mapIdentity(() => identity.confirmSignUp(email, code), {
            // Unknown and already verified addresses answer like a wrong code: nothing to learn.
            user_not_found: invalid,
            already_confirmed: invalid,
          }),
        () => false,
      );
      return message(authAnswers.verified);
    },

    async resendVerification(email: string, caller: Caller) {
      await emailAttempt(email, caller);
      try {
        await identity.resendConfirmation(email);
      } catch (error) {
        // Unknown and already verified addresses get the same answer as the others.
        if (!(error instanceof IdentityError)) throw error;
        if (error.kind === 'too_many_requests') throw toHttpError(error);
      }
      return message(authAnswers.verificationSent);
    },

    async requestPasswordReset(email: string, caller: Caller) {
      await emailAttempt(email, caller);
      try {
        await identity.startPasswordReset(email);
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        if (error.kind === 'too_many_requests') throw toHttpError(error);
        // Cognito cannot reset an account whose email was never verified: send the verification
        // email instead, and answer as for every other address.
        if (error.kind === 'invalid_parameter')
          await identity.resendConfirmation(email).catch(() => undefined);
      }
      return message(authAnswers.resetSent);
    },

    async confirmPasswordReset(email: string, code: string, newPassword: string, caller: Caller) {
      const invalid = new BadRequestError(authMessages.invalidResetCode, 'invalid_code');
      await counted(
        [limits.codeAccount, email],
        [limits.codeAddress, caller.address],
        () =>
          mapIdentity(() => identity.finishPasswordReset(email, code, newPassword), {
            code_mismatch: invalid,
            code_expired: invalid,
            user_not_found: invalid,
            invalid_credentials: invalid,
          }),
        () => false,
      );
      // Whoever knew the old password is signed out everywhere: refreshes end at Cognito, and the
      // access tokens already handed out are refused by the API from now on.
      const { userId } = await mapIdentity(() => identity.signOutEverywhere(email));
      await sessions.endAll(userId, clock.now().getTime());
      return message(authAnswers.resetDone);
    },

    /** Ends the caller's session: its refresh token is revoked and its access tokens refused. */
    async logout(claims: SessionClaims, refreshToken: string | undefined) {
      if (refreshToken) {
        try {
          await identity.revokeRefreshToken(refreshToken);
        } catch (error) {
          // An expired or unknown refresh token needs no revoking.
          if (!(error instanceof IdentityError)) throw error;
        }
      }
      await sessions.end(claims, clock.now().getTime());
      return message(authAnswers.signedOut);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import type { MessageResponse, TokenPair } from '../contracts/api';
import { TooManyRequestsError } from '../lib/errors';
import { type Clock, type Identity, type Table, type Tokens } from '../lib/ports';
import { createSessions } from '../lib/sessions';
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
export const toTokenPair = (tokens: Tokens, previousRefreshToken?: string): TokenPair => ({
  access_token: tokens.accessToken,
  // Cognito returns no new refresh token on refresh (unless rotation is on): keep the one in use.
  refresh_token: tokens.refreshToken ?? previousRefreshToken ?? '',
  token_type: 'bearer',
  expires_in: tokens.expiresIn,
});

export const message = (text: string): MessageResponse => ({ message: text });

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
export function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

/** What every use case is given: the deps, and what is made once from them. */
export function authContext(deps: AuthDependencies) {
  const { identity, clock } = deps;
  const throttle = createThrottle(deps.table, clock);
  const sessions = createSessions(deps.table);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return { ...deps, identity, clock, throttle, sessions, sleep };
}
export type AuthContext = ReturnType<typeof authContext>;

/** Counts one attempt under each rule, or answers 429 with how long to wait. */
export async function attempt(deps: AuthContext, ...counted: [ThrottleRule, string][]): Promise<Attempt[]> {
  const taken: Attempt[] = [];
  try {
    for (const [rule, subject] of counted) taken.push(await deps.throttle.attempt(rule, subject));
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
export async function counted<T>(
  deps: AuthContext,
  account: [ThrottleRule, string],
  address: [ThrottleRule, string],
  run: () => Promise<T>,
  provesSecret: (error: unknown) => boolean,
): Promise<T> {
  // The account first: guesses refused for a locked account do not use up the address's allowance.
  const [forAccount, forAddress] = await attempt(deps, account, address);
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

export const emailAttempt = (deps: AuthContext, email: string, caller: Caller) =>
  attempt(deps, [limits.emailAccount, email], [limits.emailAddress, caller.address]);

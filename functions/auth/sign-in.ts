import { mapIdentity } from '../lib/identity-errors';
import { IdentityError, type Tokens } from '../lib/ports';
import { type SessionClaims } from '../lib/sessions';
import { limits } from './limits';
import {
  authAnswers,
  type Caller,
  type AuthContext,
  counted,
  toTokenPair,
  message,
  unverifiedClaims,
} from './common';

/** Signing in and out: login, token refresh and logout, throttled. */

export async function passwordLogin(deps: AuthContext, email: string, password: string): Promise<Tokens> {
  const tokens = await mapIdentity(() => deps.identity.passwordLogin(email, password));
  // A sign-in in the same second as a sign-out everywhere carries that second, which the cut-off
  // refuses: sign in again once the second has passed.
  const claims = unverifiedClaims(tokens.accessToken);
  const record = await deps.sessions.read(String(claims.sub ?? ''));
  const validAfter = record?.valid_after;
  if (validAfter !== undefined && Number(claims.iat) < validAfter) {
    await deps.sleep(Math.max(0, validAfter * 1000 - deps.clock.now().getTime()) + 50);
    return mapIdentity(() => deps.identity.passwordLogin(email, password));
  }
  return tokens;
}

export const login = async (deps: AuthContext, email: string, password: string, caller: Caller) =>
  toTokenPair(
    await counted(
      deps,
      [limits.signInAccount, email],
      [limits.signInAddress, caller.address],
      () => passwordLogin(deps, email, password),
      // Only the right password reaches "not verified" or "reset required".
      (error) => (error as { statusCode?: number }).statusCode === 403,
    ),
  );

export const refresh = async (deps: AuthContext, refreshToken: string) =>
  toTokenPair(await mapIdentity(() => deps.identity.refreshSession(refreshToken)), refreshToken);

/** Ends the caller's session: its refresh token is revoked and its access tokens refused. */
export async function logout(deps: AuthContext, claims: SessionClaims, refreshToken: string | undefined) {
  if (refreshToken) {
    try {
      await deps.identity.revokeRefreshToken(refreshToken);
    } catch (error) {
      // An expired or unknown refresh token needs no revoking.
      if (!(error instanceof IdentityError)) throw error;
    }
  }
  await deps.sessions.end(claims, deps.clock.now().getTime());
  return message(authAnswers.signedOut);
}

import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { SigningKey } from './signing-key';

/**
 * The tokens local Cognito issues, shaped like Cognito's (claims, `token_use`, `origin_jti` shared by
 * every token of one sign-in, `auth_time` kept across refreshes) and signed with the data
 * directory's own key (see signing-key.ts) instead of the key cognito-local ships. Lifetimes are
 * the user pool client's, as in the cloud: the access token lives as long as `expires_in` says.
 */
export interface TokenLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

/** What a refresh carries over from the sign-in it continues. */
export interface SessionOrigin {
  originJti: string;
  authTime: number;
}

interface CognitoUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
}

const attribute = (user: CognitoUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

export function createLocalTokens(options: {
  key: SigningKey;
  /** `http://host:port` of local Cognito; the issuer is `<domain>/<pool id>`. */
  issuerDomain: string;
  lifetimes: TokenLifetimes;
  now?: () => number;
}) {
  const now = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const sign = (claims: JWTPayload, issuer: string, seconds: number, iat: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.key.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + seconds)
      .sign(options.key.privateKey);

  return {
    /**
     * cognito-local's TokenGenerator interface. `ctx.session` is set by the InitiateAuth wrapper
     * for a refresh, so the new tokens continue that sign-in.
     */
    async generate(
      ctx: { session?: SessionOrigin },
      user: CognitoUser,
      userGroups: string[],
      client: { ClientId: string; UserPoolId: string },
    ) {
      const iat = now();
      const issuer = `${options.issuerDomain}/${client.UserPoolId}`;
      const originJti = ctx.session?.originJti ?? randomUUID();
      const authTime = ctx.session?.authTime ?? iat;
      const eventId = randomUUID();
      const sub = attribute(user, 'sub');
      const groups = userGroups.length ? { 'cognito:groups': userGroups } : {};
      const custom = Object.fromEntries(
        (user.Attributes ?? [])
          .filter((a) => a.Name.startsWith('custom:') && a.Value)
          .map((a) => [a.Name, a.Value]),
      );
      const { accessTokenSeconds, refreshTokenSeconds } = options.lifetimes;
      return {
        AccessToken: await sign(
          {
            sub,
            ...groups,
            version: 2,
            client_id: client.ClientId,
            origin_jti: originJti,
            event_id: eventId,
            token_use: 'access',
            scope: 'aws.cognito.signin.user.admin',
            auth_time: authTime,
            jti: randomUUID(),
            username: user.Username,
          },
          issuer,
          accessTokenSeconds,
          iat,
        ),
        IdToken: await sign(
          {
            sub,
            ...groups,
            email_verified: attribute(user, 'email_verified') === 'true',
            'cognito:username': user.Username,
            origin_jti: originJti,
            aud: client.ClientId,
            event_id: eventId,
            token_use: 'id',
            auth_time: authTime,
            jti: randomUUID(),
            email: attribute(user, 'email'),
            name: attribute(user, 'name'),
            ...custom,
          },
          issuer,
          accessTokenSeconds,
          iat,
        ),
        // Opaque to clients; local Cognito keeps the issued ones per user and checks this signature.
        RefreshToken: await sign(
          { token_use: 'refresh', origin_jti: originJti, auth_time: authTime, jti: randomUUID() },
          issuer,
          refreshTokenSeconds,
          iat,
        ),
      };
    },

    /** The sign-in a refresh token continues, or null when it is not one of ours or has expired. */
    async refreshOrigin(token: string): Promise<SessionOrigin | null> {
      try {
        const { payload } = await jwtVerify(token, options.key.publicJwk, {
          algorithms: ['RS256'],
          currentDate: new Date(now() * 1000),
        });
        if (payload.token_use !== 'refresh') return null;
        return { originJti: String(payload.origin_jti), authTime: Number(payload.auth_time) };
      } catch {
        return null;
      }
    },

    /** The claims of a valid access token of ours, or null. */
    async verifyAccessToken(token: string): Promise<JWTPayload | null> {
      try {
        const { payload } = await jwtVerify(token, options.key.publicJwk, {
          algorithms: ['RS256'],
          currentDate: new Date(now() * 1000),
        });
        return payload.token_use === 'access' ? payload : null;
      } catch {
        return null;
      }
    },
  };
}

export type LocalTokens = ReturnType<typeof createLocalTokens>;

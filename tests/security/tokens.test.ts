import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, type TestRuntime } from '../integration/helpers';

/**
 * Tokens the API must refuse: every kind of forgery an outside tester tried, plus the key that ships
 * inside cognito-local's npm package. Each refusal is paired with a token the API accepts, so the
 * checks cannot pass by refusing everything.
 */
let t: TestRuntime;
let user: Awaited<ReturnType<typeof createUser>>;
let claims: JWTPayload;
let kid: string;

const me = (token: string) => t.api('GET', '/users/me', { token });
const ownKey = () => createPrivateKey(readFileSync(join(t.dataDir, 'cognito', 'signing-key.pem'), 'utf8'));
const signWith = (key: Parameters<SignJWT['sign']>[0], payload: JWTPayload, keyId = kid) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' }).sign(key);
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await startTestRuntime();
  user = await createUser(t);
  claims = decodeJwt(user.accessToken);
  kid = String(decodeProtectedHeader(user.accessToken).kid);
});
afterAll(async () => {
  await t?.stop();
});

describe('access tokens', () => {
  it('are signed with the data directory key, and live as long as expires_in says', async () => {
    const login = await t.api<{ access_token: string; expires_in: number }>('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const token = decodeJwt(login.body.access_token);
    expect(login.body.expires_in).toBe(3600);
    expect(Number(token.exp) - Number(token.iat)).toBe(3600);
    expect(kid).not.toBe('CognitoLocal');
    const jwks = (await (
      await fetch(`${t.runtime.env.COGNITO_ENDPOINT}/${t.runtime.env.USER_POOL_ID}/.well-known/jwks.json`)
    ).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
    // The baseline every refusal below is measured against.
    expect((await me(user.accessToken)).status).toBe(200);
    expect((await me(await signWith(ownKey(), { ...claims, iat: now(), exp: now() + 600 }))).status).toBe(
      200,
    );
  });

  it('refuses a token signed with the key shipped in the cognito-local package', async () => {
    const require = createRequire(import.meta.url);
    const shipped = JSON.parse(
      readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
    ) as { jwk: Record<string, string> };
    const packageKey = await importJWK(shipped.jwk, 'RS256');
    const admin = { ...claims, 'cognito:groups': ['admin'], iat: now(), exp: now() + 600 };
    for (const keyId of ['CognitoLocal', kid]) {
      const forged = await signWith(packageKey, admin, keyId);
      const answer = await me(forged);
      expect(answer.status).toBe(401);
      expect(answer.body.detail).toBe('Not authenticated');
      expect((await t.api('POST', '/books/any-book/publish', { token: forged })).status).toBe(401);
    }
  });

  it('refuses a token signed with any other key, even under the right key id', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect((await me(await signWith(privateKey, { ...claims, iat: now(), exp: now() + 600 }))).status).toBe(
      401,
    );
  });

  it('refuses a tampered signature and a tampered payload', async () => {
    const [header, payload, signature] = user.accessToken.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await me(`${header}.${payload}.${flipped}`)).status).toBe(401);
    const promoted = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admin'] }), 'utf8').toString(
      'base64url',
    );
    expect((await me(`${header}.${promoted}.${signature}`)).status).toBe(401);
  });

  it('refuses alg "none" and an HMAC token keyed with the public key', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: now() + 600 })}.`;
    expect((await me(unsigned)).status).toBe(401);
    const jwks = (await (
      await fetch(`${t.runtime.env.COGNITO_ENDPOINT}/${t.runtime.env.USER_POOL_ID}/.well-known/jwks.json`)
    ).json()) as { keys: unknown[] };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const hmac = await new SignJWT({ ...claims, exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(secret);
    expect((await me(hmac)).status).toBe(401);
  });

  it('refuses an expired token, and one for another issuer or client', async () => {
    const key = ownKey();
    expect((await me(await signWith(key, { ...claims, iat: now() - 7200, exp: now() - 3600 }))).status).toBe(
      401,
    );
    expect(
      (await me(await signWith(key, { ...claims, iss: 'http://evil.example/pool', exp: now() + 600 })))
        .status,
    ).toBe(401);
    expect(
      (await me(await signWith(key, { ...claims, client_id: 'another-client', exp: now() + 600 }))).status,
    ).toBe(401);
  });

  it('refuses an ID token where an access token is required', async () => {
    const answer = await fetch(t.runtime.env.COGNITO_ENDPOINT!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: t.runtime.env.USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    });
    const idToken = ((await answer.json()) as { AuthenticationResult: { IdToken: string } })
      .AuthenticationResult.IdToken;
    expect(decodeJwt(idToken).token_use).toBe('id');
    expect((await me(idToken)).status).toBe(401);
  });

  it('refuses a missing token and a refresh token that is not one', async () => {
    expect((await t.api('GET', '/users/me')).status).toBe(401);
    expect((await me(user.refreshToken)).status).toBe(401);
    expect((await t.api('POST', '/auth/refresh', { body: { refresh_token: 'not-a-token' } })).status).toBe(
      401,
    );
    expect((await t.api('POST', '/auth/refresh', { body: { refresh_token: user.accessToken } })).status).toBe(
      401,
    );
  });
});

import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';

/**
 * The key local Cognito signs tokens with: an RSA key pair made on the first start of a data
 * directory and kept there (readable by its owner only). cognito-local ships one private key inside
 * its npm package, so anyone with the package could sign tokens that key verifies; nothing here
 * trusts that key.
 */
export interface SigningKey {
  /** Key id: the RFC 7638 thumbprint of the public key, as the `kid` of every token and JWKS entry. */
  kid: string;
  privateKey: KeyObject;
  /** The public key as a JWK, with `kid`, `alg` and `use`, for the JWKS endpoint and the gateway. */
  publicJwk: JWK;
}

export async function loadOrCreateSigningKey(file: string): Promise<SigningKey> {
  let pem: string;
  if (existsSync(file)) {
    pem = readFileSync(file, 'utf8');
  } else {
    mkdirSync(dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const privateKey = createPrivateKey(pem);
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { kid, privateKey, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

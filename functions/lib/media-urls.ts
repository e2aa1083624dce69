import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from './errors';
import type { MediaUrlSigner } from './ports';

/**
 * URLs of media in the browser. Private media (a user's covers, narration, videos) is served only
 * through short-lived signed URLs, so a link copied out of the app stops working after a few hours
 * and a guessed key is worth nothing. One port, two adapters:
 *
 * - locally an HMAC over the path and the expiry (`?expires=…&sig=…`), with a secret generated per
 *   data directory, checked by the local gateway that serves /media;
 * - on AWS a CloudFront signed URL (trusted key group on the /media/* behaviour, see
 *   infra/constructs/web.ts and aws/cloudfront-media-signer.ts).
 *
 * Expiry is rounded up to the hour: a URL stays the same for an hour, so the SPA's refetches do not
 * change a playing video's source, and it lives between MEDIA_URL_TTL_SECONDS and that plus an hour
 * — long enough for a lesson to play through. A player whose URL expired asks for the item again.
 */

/** Keys under this prefix are public on purpose: presenter previews and published catalogue covers. */
export const PUBLIC_MEDIA_PREFIX = 'media/public/';

const DEFAULT_TTL_SECONDS = 4 * 3600;
const ROUND_TO_SECONDS = 3600;

let signer: MediaUrlSigner | undefined;
let preparing: Promise<void> | undefined;

/** Sets the signer (the local runtime and tests; AWS functions load theirs in `prepareMediaUrls`). */
export function useMediaUrlSigner(next: MediaUrlSigner | undefined): void {
  signer = next;
  preparing = undefined;
}

/**
 * Makes the configured signer ready: the HMAC secret from MEDIA_URL_SECRET, or the CloudFront key
 * from SSM (read once per container). The API chain awaits it before every handler; after the first
 * request it is a resolved promise.
 */
export function prepareMediaUrls(): Promise<void> {
  if (signer) return Promise.resolve();
  preparing ??= (async () => {
    const secret = process.env.MEDIA_URL_SECRET;
    if (secret) {
      signer = createHmacMediaSigner(secret);
      return;
    }
    if (process.env.MEDIA_SIGNING_KEY_PAIR_ID) {
      const { loadCloudFrontMediaSigner } = await import('./aws/cloudfront-media-signer');
      signer = await loadCloudFrontMediaSigner();
    }
  })().catch((error: unknown) => {
    preparing = undefined;
    throw error;
  });
  return preparing;
}

export function mediaExpiry(nowMs = Date.now()): number {
  const ttl = Number(process.env.MEDIA_URL_TTL_SECONDS) || DEFAULT_TTL_SECONDS;
  return Math.ceil((nowMs / 1000 + ttl) / ROUND_TO_SECONDS) * ROUND_TO_SECONDS;
}

/** A signed URL for private media (relative: the app, its API and its media share one origin). */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (key.startsWith(PUBLIC_MEDIA_PREFIX)) return `/${key}`;
  // The HMAC secret needs no I/O: code that runs outside the API chain (tests, workers) signs too.
  if (!signer && process.env.MEDIA_URL_SECRET) signer = createHmacMediaSigner(process.env.MEDIA_URL_SECRET);
  if (!signer)
    throw new ConfigError('Media URLs cannot be signed: set MEDIA_URL_SECRET or MEDIA_SIGNING_KEY_PAIR_ID');
  return `/${key}?${signer.sign(key, mediaExpiry())}`;
}

/** The public copy of a key: `media/books/<id>/cover.webp` → `media/public/books/<id>/cover.webp`. */
export const publicMediaKey = (key: string) =>
  key.startsWith(PUBLIC_MEDIA_PREFIX) ? key : `${PUBLIC_MEDIA_PREFIX}${key.replace(/^media\//, '')}`;

// The local adapter.

const hmacSignature = (secret: string, key: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`/${key}\n${expiresAt}`).digest('base64url');

export function createHmacMediaSigner(secret: string): MediaUrlSigner {
  return {
    sign: (key, expiresAt) => `expires=${expiresAt}&sig=${hmacSignature(secret, key, expiresAt)}`,
  };
}

export type MediaUrlCheck = 'ok' | 'unsigned' | 'expired' | 'invalid';

/** What the local gateway checks before it streams `/<key>`. */
export function checkHmacMediaUrl(
  secret: string,
  key: string,
  query: URLSearchParams,
  nowMs = Date.now(),
): MediaUrlCheck {
  if (key.startsWith(PUBLIC_MEDIA_PREFIX)) return 'ok';
  const expires = query.get('expires');
  const sig = query.get('sig');
  if (!expires || !sig) return 'unsigned';
  if (!/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(hmacSignature(secret, key, Number(expires)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (Number(expires) * 1000 <= nowMs) return 'expired';
  return 'ok';
}

/**
 * The ports domain code depends on. Services take these small interfaces instead of AWS clients, so
 * they run unchanged against DynamoDB/S3/Step Functions (the adapters in `lib/aws/`), against the
 * local runtime (the same adapters, other endpoints) and against in-memory implementations in unit
 * tests. Nothing here imports the AWS SDK.
 */
import type { Tier } from '../contracts/subscriptions';

/** Primary key of an item of the single table (see `lib/keys.ts`). */
export interface Key {
  pk: string;
  sk: string;
}

export type Item = Key & Record<string, unknown>;

/**
 * Conditions a write may depend on; all given parts must hold. Enough for the optimistic checks the
 * domains make (exists / not exists, a status among some values, a counter below a value).
 */
export interface Condition {
  /** true: the item must exist; false: it must not. */
  exists?: boolean;
  equals?: Record<string, unknown>;
  oneOf?: Record<string, readonly unknown[]>;
  lessThan?: Record<string, number>;
  /** The number is below the value, or the field is absent (a counter not started yet). */
  belowOrAbsent?: Record<string, number>;
}

export interface Update {
  /** Fields to set; undefined values are left as they are. */
  set?: Record<string, unknown>;
  /** Numbers added atomically (negative subtracts); a missing field counts as 0. */
  add?: Record<string, number>;
}

export interface Query {
  /** Query the secondary index `gsi1` (gsi1pk / gsi1sk) instead of the table's key. */
  index?: 'gsi1';
  pk: string;
  skPrefix?: string;
  /** Newest (highest sort key) first. */
  descending?: boolean;
  /** At most this many items; every page otherwise. */
  limit?: number;
  /** Only these attributes (a projection; `a.b` for a field of a map); every attribute otherwise. */
  fields?: readonly string[];
  /** A strongly consistent read (the table's own key only; an index is always eventual). */
  consistent?: boolean;
}

/** The single DynamoDB table. Items come back without their key attributes. */
export interface Table {
  /** With `consistent`, a strongly consistent read (sees every write that was acknowledged). */
  get<T>(key: Key, options?: { consistent?: boolean }): Promise<T | null>;
  /** False when the condition did not hold (nothing written). */
  put(item: Item, condition?: Condition): Promise<boolean>;
  /** The whole item after the update, or null when the condition did not hold. */
  update<T>(key: Key, update: Update, condition?: Condition): Promise<T | null>;
  /** The deleted item, or null when there was none. */
  delete<T>(key: Key): Promise<T | null>;
  query<T>(query: Query): Promise<T[]>;
  /** The keys (pk, sk) of the items a query finds, for deleting them. */
  queryKeys(query: Query): Promise<Key[]>;
  /** The items found (in no particular order); `fields` as in `Query`. */
  batchGet<T>(keys: Key[], fields?: readonly string[]): Promise<T[]>;
  batchDelete(keys: Key[]): Promise<void>;
}

export interface ObjectInfo {
  size: number;
  contentType?: string;
  /** When the object was last written (ISO), where the store says. */
  lastModified?: string;
}

/** One bucket. Keys are opaque strings; the domains own their layouts. */
export interface ObjectStore {
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  /** Throws `ObjectNotFoundError` when the key does not exist. */
  getBytes(key: string): Promise<Uint8Array>;
  head(key: string): Promise<ObjectInfo | null>;
  copy(fromKey: string, toKey: string, contentType?: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object under the prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Streams an object into a local file (workers stage media in /tmp). */
  download(key: string, path: string): Promise<string>;
  /** Streams a local file into the bucket. */
  upload(key: string, path: string, contentType: string): Promise<void>;
  /**
   * Up to `length` bytes from `start` (fewer at the end of the object): a ranged GET, the object is
   * never read whole. Throws `ObjectNotFoundError` when the key does not exist.
   */
  getRange(key: string, start: number, length: number): Promise<Uint8Array>;
  /**
   * A short-lived GET URL for the server's own tools (FFmpeg reads it with range requests); signed
   * for the internal endpoint, never handed to browsers.
   */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * A URL a browser can PUT the object to directly, valid only for this type and, when given, this
   * exact size (both are part of the signature).
   */
  presignPut(
    key: string,
    contentType: string,
    expiresInSeconds: number,
    contentLength?: number,
  ): Promise<string>;
  /**
   * Multipart uploads straight from the browser: the server starts the upload, signs one URL per
   * part (a browser PUTs each part, and may PUT a failed part again), completes it with the parts'
   * ETags, or aborts it (its stored parts are removed).
   */
  createMultipart(key: string, contentType: string): Promise<string>;
  presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  /** The parts stored so far (number, ETag and size), in part order. */
  listParts(key: string, uploadId: string): Promise<{ partNumber: number; etag: string; size: number }[]>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
}

/**
 * Keys are made by the server, but a key that climbs out of its folder must never reach storage,
 * whatever built it: some S3-compatible servers resolve `..` like a file system.
 */
export function assertSafeKey(key: string): string {
  if (
    !key ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((part) => part === '..' || part === '.')
  )
    throw new Error(`Refusing the storage key ${JSON.stringify(key.slice(0, 200))}`);
  return key;
}

export interface Storage {
  /** Sources, work files between workflow steps, intermediate media. Never served to browsers. */
  uploads: ObjectStore;
  /** What browsers load (through the CDN, or the local gateway, at /media/...). */
  media: ObjectStore;
}

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'MISSING';

/** State machine executions. `machine` is a workflow name of `functions/workflows.ts`. */
export interface Workflows {
  /** Starts an execution; `alreadyStarted` when one with this name exists (starts are idempotent). */
  start(
    machine: string,
    executionName: string,
    input: unknown,
  ): Promise<{ executionArn: string | null; alreadyStarted: boolean }>;
  /** Stops a running execution; an execution that already ended is left as it is. */
  stop(executionArn: string, cause: string): Promise<void>;
  status(executionArn: string): Promise<ExecutionStatus>;
}

/** Accounts (Cognito). Failures are IdentityErrors whose kind the auth domain turns into words. */
export type IdentityErrorKind =
  | 'invalid_credentials'
  | 'not_confirmed'
  | 'password_reset_required'
  | 'user_exists'
  | 'user_not_found'
  | 'invalid_password'
  | 'code_mismatch'
  | 'code_expired'
  | 'already_confirmed'
  | 'session_expired'
  | 'too_many_requests'
  | 'invalid_parameter';

export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
}

export type ResetReason = 'sign_up_attempt';

export interface Identity {
  signUp(input: {
    email: string;
    password: string;
    displayName: string;
    role: string;
  }): Promise<{ userId: string; confirmed: boolean }>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendConfirmation(email: string): Promise<void>;
  passwordLogin(email: string, password: string): Promise<Tokens>;
  refreshSession(refreshToken: string): Promise<Tokens>;
  /** Sends a reset code; `reason` lets the email say why (e.g. someone tried to sign up again). */
  startPasswordReset(email: string, reason?: ResetReason): Promise<void>;
  finishPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
  /** The caller's own attributes, read with their access token. */
  getUserAttributes(accessToken: string): Promise<Record<string, string>>;
  /** Revokes a refresh token (and, for Cognito's own APIs, the access tokens it issued). */
  revokeRefreshToken(refreshToken: string): Promise<void>;
  /** Ends every session of the account: its refresh tokens stop working. Answers its user id. */
  signOutEverywhere(email: string): Promise<{ userId: string }>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
export const isoNow = (clock: Clock) => clock.now().toISOString();

/**
 * Runs `work` in a fresh private directory (a Lambda's /tmp) named after `label`, and removes it
 * afterwards whatever happened: where a job's stage keeps the files it downloads and makes.
 */
export type TempDir = <T>(label: string, work: (dir: string) => Promise<T>) => Promise<T>;

/**
 * The monthly video allowance, as domains that start videos see it (the subscriptions domain
 * implements it): `reserve` takes one unit for a new generation before its job starts — a 402 with
 * the spec's words when none is left — and says how the user's tier films (free: 480p with a
 * watermark); the period goes to the job system, which gives the unit back if the job ends without
 * its film. `release` gives back a unit whose job never started.
 */
export interface VideoMetering {
  reserve(userId: string): Promise<{
    period: string;
    /** The user's plan now: its limits bound the film (contracts/subscriptions.ts `PlanLimits`). */
    tier: Tier;
    output: { width: number; height: number; watermark: string } | null;
  }>;
  release(userId: string, period: string): Promise<void>;
  /** The user's plan now, for what is bounded without taking a unit (a combination of films). */
  plan(userId: string): Promise<Tier>;
}

/**
 * The plan's book allowance, as the books domain sees it (the subscriptions domain implements it).
 * Every book a user has holds one place of a per-user counter; `take` holds the place of a new book
 * BEFORE the book is stored, with one conditional update (within the tier's books, or with a paid
 * upload of `bookId`, used up once) or answers 402. `countBooks` is read only to start the counter of
 * a user who had books before it existed. `giveBack` returns the place (and the paid upload) of an
 * upload whose book was not stored; `bookRemoved` returns the place of a deleted book (call it once
 * per book).
 */
export interface UploadAllowance {
  take(
    userId: string,
    countBooks: () => Promise<number>,
    bookId?: string,
  ): Promise<{ paidBookId: string | null }>;
  giveBack(userId: string, paidBookId: string | null): Promise<void>;
  bookRemoved(userId: string): Promise<void>;
}

/** Signs media URLs (HMAC locally, CloudFront signed URLs on AWS). */
export interface MediaUrlSigner {
  /** The query string (without `?`) that lets a browser load `/<key>` until `expiresAt` (epoch s). */
  sign(key: string, expiresAt: number): string;
}

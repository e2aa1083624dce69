import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { aws } from './clients';

/** Small S3 helpers shared by the domains; none of them knows about a particular bucket layout. */
export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array | string,
  contentType: string,
): Promise<void> {
  await aws.s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

export async function getObjectBytes(bucket: string, key: string): Promise<Uint8Array> {
  const { Body } = await aws.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!Body) throw new Error(`Empty object ${key}`);
  return Body.transformToByteArray();
}

/**
 * JSON work files. Keys ending in .gz are gzip-compressed (fast level): a book's extracted text is
 * several megabytes of JSON that compresses four to five times, which saves more time in transfer
 * than it costs to compress.
 */
export async function putJson(bucket: string, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  if (key.endsWith('.gz')) await putObject(bucket, key, gzipSync(text, { level: 1 }), 'application/gzip');
  else await putObject(bucket, key, text, 'application/json');
}

export async function getJson<T>(bucket: string, key: string): Promise<T> {
  const bytes = await getObjectBytes(bucket, key);
  const text = key.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : Buffer.from(bytes).toString('utf8');
  return JSON.parse(text) as T;
}

/** Size and type of an object, or null when it does not exist. */
export async function headObject(
  bucket: string,
  key: string,
): Promise<{ size: number; contentType?: string } | null> {
  try {
    const head = await aws.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    const name = (error as Error).name;
    if (
      name === 'NotFound' ||
      name === 'NoSuchKey' ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    ) {
      return null;
    }
    throw error;
  }
}

/**
 * Deletes every object under a prefix; returns how many were removed. Lists from the start after
 * each batch instead of following continuation tokens: the deleted keys are gone from the listing.
 */
export async function deletePrefix(bucket: string, prefix: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await aws.s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }),
    );
    const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length === 0) return removed;
    await aws.s3.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
    );
    removed += objects.length;
    if (!page.IsTruncated) return removed;
  }
}

/** Copies an object to a local file (workers stage media in /tmp for FFmpeg). */
export async function downloadToFile(bucket: string, key: string, path: string): Promise<string> {
  const { Body } = await aws.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!Body) throw new Error(`Empty object ${key}`);
  await mkdir(dirname(path), { recursive: true });
  await pipeline(Body as NodeJS.ReadableStream, createWriteStream(path));
  return path;
}

/** Uploads a local file (streamed, so large media do not sit in memory). */
export async function uploadFile(
  bucket: string,
  key: string,
  path: string,
  contentType: string,
): Promise<void> {
  const { size } = await stat(path);
  await aws.s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: createReadStream(path),
      ContentType: contentType,
      ContentLength: size,
    }),
  );
}

/** A URL the browser can PUT the object to directly, bypassing the API's request size limit. */
export async function presignedPut(
  bucket: string,
  key: string,
  contentType: string,
  expiresIn: number,
): Promise<string> {
  return getSignedUrl(
    aws.s3Public,
    new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    { expiresIn },
  );
}

/** Media is served by the CDN (locally the gateway) at /media/<key without the media/ prefix>. */
export const mediaUrl = (key: string | null | undefined): string | null => (key ? `/${key}` : null);

import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, ObjectNotFoundError, type ObjectStore } from '../ports';
import { aws } from './clients';

/** The ObjectStore port on one S3 bucket (s3rver locally). */
const isMissing = (error: unknown) => {
  const name = (error as Error).name;
  return (
    name === 'NotFound' ||
    name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
};

async function getBody(bucket: string, key: string) {
  try {
    const { Body } = await aws.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!Body) throw new ObjectNotFoundError(`Empty object ${key}`);
    return Body;
  } catch (error) {
    if (isMissing(error)) throw new ObjectNotFoundError(`No object ${key}`);
    throw error;
  }
}

/** Uploads in parts, each part sent by the browser to a presigned URL. */
function multipartUploads(
  bucket: () => string,
): Pick<
  ObjectStore,
  'createMultipart' | 'presignPart' | 'listParts' | 'completeMultipart' | 'abortMultipart'
> {
  return {
    async createMultipart(key, contentType) {
      const made = await aws.s3.send(
        new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: contentType }),
      );
      if (!made.UploadId) throw new Error(`No upload id for ${key}`);
      return made.UploadId;
    },

    async presignPart(key, uploadId, partNumber, expiresInSeconds) {
      return getSignedUrl(
        aws.s3Public,
        new UploadPartCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn: expiresInSeconds },
      );
    },

    async listParts(key, uploadId) {
      const parts: { partNumber: number; etag: string; size: number }[] = [];
      let marker: string | undefined;
      for (;;) {
        const page = await aws.s3.send(
          new ListPartsCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const p of page.Parts ?? [])
          parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 });
        if (!page.IsTruncated || !page.NextPartNumberMarker) return parts;
        marker = page.NextPartNumberMarker;
      }
    },

    async completeMultipart(key, uploadId, parts) {
      await aws.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket(),
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    },

    async abortMultipart(key, uploadId) {
      try {
        await aws.s3.send(
          new AbortMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId: uploadId }),
        );
      } catch (error) {
        // An upload that was completed or aborted already has nothing left to remove.
        if ((error as Error).name !== 'NoSuchUpload' && !isMissing(error)) throw error;
      }
    },
  };
}

export function createS3Store(bucket: () => string): ObjectStore {
  const store: ObjectStore = {
    async put(key, body, contentType) {
      await aws.s3.send(
        new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }),
      );
    },

    async getBytes(key) {
      return (await getBody(bucket(), key)).transformToByteArray();
    },

    async head(key) {
      try {
        const head = await aws.s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType,
          ...(head.LastModified ? { lastModified: head.LastModified.toISOString() } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async copy(fromKey, toKey, contentType) {
      await aws.s3.send(
        new CopyObjectCommand({
          Bucket: bucket(),
          Key: toKey,
          CopySource: `${bucket()}/${fromKey}`,
          ...(contentType ? { ContentType: contentType, MetadataDirective: 'REPLACE' } : {}),
        }),
      );
    },

    async delete(key) {
      await aws.s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
    },

    /**
     * Lists from the start after each batch instead of following continuation tokens: the deleted
     * keys are gone from the listing.
     */
    async deletePrefix(prefix) {
      let removed = 0;
      for (;;) {
        const page = await aws.s3.send(
          new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, MaxKeys: 1000 }),
        );
        const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (objects.length === 0) return removed;
        await aws.s3.send(
          new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: objects, Quiet: true } }),
        );
        removed += objects.length;
        if (!page.IsTruncated) return removed;
      }
    },

    async download(key, path) {
      const body = await getBody(bucket(), key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(body as NodeJS.ReadableStream, createWriteStream(path));
      return path;
    },

    async upload(key, path, contentType) {
      const { size } = await stat(path);
      await aws.s3.send(
        new PutObjectCommand({
          Bucket: bucket(),
          Key: key,
          Body: createReadStream(path),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    },

    async getRange(key, start, length) {
      if (length <= 0) return new Uint8Array();
      try {
        const { Body } = await aws.s3.send(
          new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=${start}-${start + length - 1}` }),
        );
        return Body ? Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(`No object ${key}`);
        // A range past the end of the object (an empty object) reads as no bytes.
        if ((error as Error).name === 'InvalidRange') return new Uint8Array();
        throw error;
      }
    },

    async presignGet(key, expiresInSeconds) {
      return getSignedUrl(aws.s3, new GetObjectCommand({ Bucket: bucket(), Key: key }), {
        expiresIn: expiresInSeconds,
      });
    },

    async presignPut(key, contentType, expiresInSeconds, contentLength) {
      return getSignedUrl(
        aws.s3Public,
        new PutObjectCommand({
          Bucket: bucket(),
          Key: key,
          ContentType: contentType,
          ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
        }),
        // Sign the type and size too, so the URL uploads nothing else.
        { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
      );
    },
    ...multipartUploads(bucket),
  };
  return guardKeys(store);
}

/** Every key argument is checked before it reaches S3. */
function guardKeys(store: ObjectStore): ObjectStore {
  return {
    put: (key, body, type) => store.put(assertSafeKey(key), body, type),
    getBytes: (key) => store.getBytes(assertSafeKey(key)),
    head: (key) => store.head(assertSafeKey(key)),
    copy: (from, to, type) => store.copy(assertSafeKey(from), assertSafeKey(to), type),
    delete: (key) => store.delete(assertSafeKey(key)),
    deletePrefix: (prefix) => store.deletePrefix(assertSafeKey(prefix)),
    download: (key, path) => store.download(assertSafeKey(key), path),
    upload: (key, path, type) => store.upload(assertSafeKey(key), path, type),
    getRange: (key, start, length) => store.getRange(assertSafeKey(key), start, length),
    presignGet: (key, expires) => store.presignGet(assertSafeKey(key), expires),
    presignPut: (key, type, expires, length) => store.presignPut(assertSafeKey(key), type, expires, length),
    createMultipart: (key, type) => store.createMultipart(assertSafeKey(key), type),
    presignPart: (key, id, part, expires) => store.presignPart(assertSafeKey(key), id, part, expires),
    listParts: (key, id) => store.listParts(assertSafeKey(key), id),
    completeMultipart: (key, id, parts) => store.completeMultipart(assertSafeKey(key), id, parts),
    abortMultipart: (key, id) => store.abortMultipart(assertSafeKey(key), id),
  };
}

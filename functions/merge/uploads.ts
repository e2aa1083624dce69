import { discardUpload } from './common';
import { withTempDir } from '../engine/media/temp';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MERGE_LIMITS,
  mergeMessages,
  type InputType,
  type MergeUpload,
  type MergeUploadParts,
  type MergeUploadSession,
} from '../contracts/merge';
import { isAllowedContentType } from '../contracts/merge-requests';
import { type ProbeResult } from '../engine/types';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { mergeKeys, mergeStorage, type StreamInfo, type UploadRecord } from './model';
import { checkDeclared, keptContentType, SNIFF_BYTES, type Sniffed } from './sniff';
import { streamsOf } from './plan';
import {
  GoneError,
  type MergeContext,
  now,
  nowMs,
  expiresAt,
  isPast,
  getUpload,
  listUploads,
  uploadView,
} from './common';
import { markExpiry } from './expiry';

/** Uploads of the media to merge: multipart and small, checked by their bytes, listed and aborted. */

// --- probing uploaded bytes ---

/**
 * The leading bytes against what was declared (a known audio or video container, one that can hold
 * the declared kind, the declared content type's container); answers the demuxer to probe with.
 */
export function checkLeadingBytes(bytes: Uint8Array, declared: { fileType: InputType; contentType: string }) {
  const verdict = checkDeclared(bytes, declared);
  if (verdict.ok) return verdict.format;
  if (verdict.reason === 'wrong_kind')
    throw new BadRequestError(mergeMessages.notOfKind(declared.fileType), 'wrong_kind');
  if (verdict.reason === 'type_mismatch')
    throw new BadRequestError(
      mergeMessages.typeMismatch(declared.contentType, verdict.format!.label),
      'type_mismatch',
    );
  throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
}

/** The streams of a file, checked against its declared kind; 400 when unreadable or not that kind. */
export async function checkMedia(
  deps: MergeContext,
  source: string,
  demuxer: string,
  declared: InputType,
): Promise<StreamInfo> {
  let probe: ProbeResult;
  try {
    probe = await deps.probe(source, demuxer);
  } catch {
    throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
  }
  if (!(probe.duration > 0) || (!probe.video && !probe.audio))
    throw new BadRequestError(mergeMessages.unreadableFile, 'unreadable_file');
  if (declared === 'video' ? !probe.video : !probe.audio)
    throw new BadRequestError(mergeMessages.notOfKind(declared), 'wrong_kind');
  return streamsOf(probe);
}

/** Uploads of the user still uploading and not expired (at most 10 at a time). */
export async function checkUploadSlots(deps: MergeContext, ownerId: string) {
  const uploading = (await listUploads(deps, ownerId)).filter(
    (u) => u.status === 'uploading' && !isPast(deps, u.expires_at),
  );
  if (uploading.length >= MERGE_LIMITS.maxFiles)
    throw new BadRequestError(mergeMessages.tooManyFiles, 'too_many_files');
}

async function signParts(deps: MergeContext, record: UploadRecord, numbers: number[]) {
  const expires = new Date(nowMs(deps) + MERGE_LIMITS.partUrlSeconds * 1000).toISOString();
  const parts = await Promise.all(
    numbers.map(async (part_number) => ({
      part_number,
      url: await deps.uploads.presignPart(
        record.key,
        record.multipart_id!,
        part_number,
        MERGE_LIMITS.partUrlSeconds,
      ),
    })),
  );
  return { parts, expires_at: expires };
}

export async function uploadingRecord(
  deps: MergeContext,
  ownerId: string,
  uploadId: string,
): Promise<UploadRecord> {
  const record = await getUpload(deps, ownerId, uploadId);
  if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
  if (isPast(deps, record.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
  if (record.status !== 'uploading' || !record.multipart_id)
    throw new ConflictError(mergeMessages.uploadAlreadyCompleted, 'upload_completed');
  return record;
}

// --- uploads ---

export async function startUpload(
  deps: MergeContext,
  ownerId: string,
  request: { file_name: string; file_type: InputType; content_type: string; size_bytes: number },
): Promise<MergeUploadSession> {
  if (request.size_bytes > MERGE_LIMITS.maxFileBytes)
    throw new BadRequestError(mergeMessages.fileTooLarge, 'file_too_large');
  if (!isAllowedContentType(request.content_type))
    throw new BadRequestError(
      mergeMessages.typeNotSupported(request.content_type || 'unknown'),
      'unsupported_type',
    );
  await checkUploadSlots(deps, ownerId);
  const uploadId = deps.uuid();
  const key = mergeStorage.upload(ownerId, uploadId);
  const partSize = MERGE_LIMITS.uploadPartBytes;
  const partCount = Math.max(1, Math.ceil(request.size_bytes / partSize));
  // Parts are stored as declared; a generic type becomes the sniffed one when the upload completes.
  const multipartId = await deps.uploads.createMultipart(
    key,
    request.content_type || 'application/octet-stream',
  );
  const record: UploadRecord = {
    upload_id: uploadId,
    owner_id: ownerId,
    key,
    multipart_id: multipartId,
    file_name: request.file_name,
    file_type: request.file_type,
    content_type: request.content_type,
    size_bytes: request.size_bytes,
    part_size: partSize,
    part_count: partCount,
    status: 'uploading',
    duration: 0,
    width: null,
    height: null,
    fps: null,
    video_codec: null,
    audio_codec: null,
    audio_sample_rate: null,
    audio_channels: null,
    pixel_format: null,
    created_at: now(deps),
    expires_at: expiresAt(deps),
  };
  await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...record });
  await markExpiry(deps, 'upload', uploadId, ownerId, record.expires_at);
  const { parts, expires_at } = await signParts(
    deps,
    record,
    Array.from({ length: partCount }, (_, i) => i + 1),
  );
  return {
    upload_id: uploadId,
    file_name: record.file_name,
    file_type: record.file_type,
    content_type: record.content_type,
    size_bytes: record.size_bytes,
    part_size: partSize,
    part_count: partCount,
    parts,
    expires_at,
  };
}

export async function signUploadParts(
  deps: MergeContext,
  ownerId: string,
  uploadId: string,
  numbers: number[],
): Promise<MergeUploadParts> {
  const record = await uploadingRecord(deps, ownerId, uploadId);
  const wrong = numbers.find((n) => n > record.part_count);
  if (wrong !== undefined)
    throw new BadRequestError(`This upload has ${record.part_count} parts: part ${wrong} does not exist.`);
  const { parts, expires_at } = await signParts(
    deps,
    record,
    [...new Set(numbers)].sort((a, b) => a - b),
  );
  return { upload_id: uploadId, parts, expires_at };
}

/**
 * Completes a multipart upload: every part present with its ETag, the whole exactly the declared
 * size; then the bytes are probed. A file that is not readable media of the declared kind is
 * deleted (record and object) and answers 400.
 */
export async function completeUpload(
  deps: MergeContext,
  ownerId: string,
  uploadId: string,
  parts: { part_number: number; etag: string }[],
): Promise<MergeUpload> {
  const record = await uploadingRecord(deps, ownerId, uploadId);
  // Every part must have arrived, with the ETag its PUT answered, before anything is assembled;
  // the parts' URLs do not bind their sizes, so the total is checked here too.
  let stored: { partNumber: number; etag: string; size: number }[];
  try {
    stored = await deps.uploads.listParts(record.key, record.multipart_id!);
  } catch (error) {
    if ((error as Error).name !== 'NoSuchUpload') throw error;
    await discardUpload(deps, record);
    throw new GoneError(mergeMessages.uploadExpired);
  }
  const total = stored.reduce((sum, p) => sum + p.size, 0);
  if (total > MERGE_LIMITS.maxFileBytes || total > record.size_bytes) {
    await discardUpload(deps, record);
    throw new BadRequestError(mergeMessages.fileTooLarge, 'file_too_large');
  }
  const unquote = (etag: string) => etag.replace(/"/g, '');
  const given = new Map(parts.map((p) => [p.part_number, unquote(p.etag)]));
  const arrived = new Map(stored.map((p) => [p.partNumber, unquote(p.etag)]));
  for (let n = 1; n <= record.part_count; n++) {
    if (!arrived.has(n)) throw new BadRequestError(mergeMessages.partsMissing, 'parts_missing');
    if (given.get(n) !== arrived.get(n))
      throw new BadRequestError(mergeMessages.partsMismatch(record.part_count), 'parts_mismatch');
  }
  await deps.uploads.completeMultipart(
    record.key,
    record.multipart_id!,
    stored
      .filter((p) => p.partNumber <= record.part_count)
      .map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
  );
  const done: UploadRecord = { ...record, multipart_id: null };
  // The whole must be what was declared (a short last part is caught here).
  const assembled = await deps.uploads.head(record.key);
  if (!assembled || assembled.size !== record.size_bytes) {
    await discardUpload(deps, done);
    throw new BadRequestError(
      `The uploaded file is ${assembled?.size ?? 0} bytes, not the ${record.size_bytes} bytes declared. Upload it again.`,
      'size_mismatch',
    );
  }
  // The file is never copied: its first bytes are read for the magic number, then ffprobe reads
  // only the header and index it needs through a short-lived URL (range requests; an MP4 whose
  // index is at the end costs a seek, not the whole file).
  let streams: StreamInfo;
  let format: Sniffed;
  try {
    format = checkLeadingBytes(await deps.uploads.getRange(record.key, 0, SNIFF_BYTES), {
      fileType: record.file_type,
      contentType: record.content_type,
    });
    streams = await checkMedia(
      deps,
      await deps.uploads.presignGet(record.key, MERGE_LIMITS.probeUrlSeconds),
      format.demuxer,
      record.file_type,
    );
  } catch (error) {
    await discardUpload(deps, done);
    throw error;
  }
  const completed: UploadRecord = {
    ...done,
    ...streams,
    content_type: keptContentType(record.content_type, record.file_type, format),
    status: 'completed',
  };
  await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...completed });
  return uploadView(completed);
}

export async function abortUpload(deps: MergeContext, ownerId: string, uploadId: string): Promise<void> {
  const record = await getUpload(deps, ownerId, uploadId);
  if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
  await discardUpload(deps, record);
}

export async function listUploadsOf(deps: MergeContext, ownerId: string): Promise<MergeUpload[]> {
  return (await listUploads(deps, ownerId))
    .filter((u) => !isPast(deps, u.expires_at))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(uploadView);
}

export async function uploadStatus(
  deps: MergeContext,
  ownerId: string,
  uploadId: string,
): Promise<MergeUpload> {
  const record = await getUpload(deps, ownerId, uploadId);
  if (!record) throw new NotFoundError(mergeMessages.uploadNotFound, 'upload_not_found');
  if (isPast(deps, record.expires_at)) throw new GoneError(mergeMessages.uploadExpired);
  return uploadView(record);
}

/** POST /merge/upload: a small file in one request, with the same checks. */
export async function uploadSmall(
  deps: MergeContext,
  ownerId: string,
  file: { filename: string; contentType: string; data: Buffer },
  fileType: InputType,
): Promise<MergeUpload> {
  if (file.data.length > MERGE_LIMITS.maxSmallUploadBytes)
    throw new BadRequestError(mergeMessages.smallUploadTooLarge, 'file_too_large');
  if (!file.data.length) throw new BadRequestError(mergeMessages.fileRequired, 'missing_file');
  if (!isAllowedContentType(file.contentType))
    throw new BadRequestError(
      mergeMessages.typeNotSupported(file.contentType || 'unknown'),
      'unsupported_type',
    );
  await checkUploadSlots(deps, ownerId);
  const format = checkLeadingBytes(file.data.subarray(0, SNIFF_BYTES), {
    fileType,
    contentType: file.contentType,
  });
  const streams = await withTempDir('merge-upload', async (dir) => {
    const path = join(dir, 'source');
    await writeFile(path, file.data);
    return checkMedia(deps, path, format.demuxer, fileType);
  });
  const contentType = keptContentType(file.contentType, fileType, format);
  const uploadId = deps.uuid();
  const record: UploadRecord = {
    upload_id: uploadId,
    owner_id: ownerId,
    key: mergeStorage.upload(ownerId, uploadId),
    multipart_id: null,
    file_name: (file.filename || 'upload').slice(0, MERGE_LIMITS.maxFileNameLength),
    file_type: fileType,
    content_type: contentType,
    size_bytes: file.data.length,
    part_size: file.data.length,
    part_count: 1,
    status: 'completed',
    ...streams,
    created_at: now(deps),
    expires_at: expiresAt(deps),
  };
  await deps.uploads.put(record.key, file.data, contentType);
  await deps.table.put({ ...mergeKeys.upload(ownerId, uploadId), ...record });
  await markExpiry(deps, 'upload', uploadId, ownerId, record.expires_at);
  return uploadView(record);
}

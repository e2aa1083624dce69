import type { InputType, MergeUpload, MergeUploadPart } from '@contracts/merge';
import {
  afterPartFailure,
  bytesSent,
  PART_CONCURRENCY,
  planParts,
  remainingParts,
  type PartRange,
} from '../model/upload-plan';
import { abortUpload, completeUpload, signParts, startUpload } from './merge';

/**
 * Sends one file straight to storage in parts (the contract's multipart flow): declare it, PUT every
 * part to its presigned URL three at a time with XMLHttpRequest (fetch cannot report upload
 * progress), send a failed part again after a backoff, complete with the parts' ETags. What was
 * stored survives a failure (`UploadResume`), so Retry sends only the missing parts.
 */

export interface UploadResume {
  uploadId: string;
  partSize: number;
  urls: Map<number, string>;
  etags: Map<number, string>;
}

/** Storage kept refusing a part: what was stored stays, so Retry resumes. */
export class PartsFailed extends Error {
  override name = 'PartsFailed';
}

class PartError extends Error {
  constructor(readonly status: number) {
    super(`part refused (${status})`);
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/** PUTs one part; answers its ETag. */
function putPart(url: string, body: Blob, signal: AbortSignal, onProgress: (loaded: number) => void) {
  return new Promise<string>((resolve, reject) => {
    // A signal aborted before the part starts never fires its event again: send nothing.
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = (e) => onProgress(e.loaded);
    request.onload = () => {
      const etag = request.getResponseHeader('ETag');
      if (request.status >= 200 && request.status < 300 && etag) resolve(etag);
      else reject(new PartError(request.status >= 200 && request.status < 300 ? 0 : request.status));
    };
    request.onerror = () => reject(new PartError(0));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

const toMap = (parts: MergeUploadPart[]) => new Map(parts.map((p) => [p.part_number, p.url]));

export async function uploadMergeFile(
  file: File,
  kind: InputType,
  options: {
    signal: AbortSignal;
    onProgress: (sent: number) => void;
    /** Called as soon as the server knows the upload (so it can be resumed or aborted). */
    onSession: (resume: UploadResume) => void;
    resume?: UploadResume | null;
  },
): Promise<MergeUpload> {
  // One part that gives up stops the others; so does the caller.
  const inner = new AbortController();
  const signal = inner.signal;
  if (options.signal.aborted) inner.abort();
  options.signal.addEventListener('abort', () => inner.abort(), { once: true });
  let state = options.resume ?? null;
  if (!state) {
    const session = await startUpload({
      file_name: file.name,
      file_type: kind,
      content_type: file.type,
      size_bytes: file.size,
    });
    state = {
      uploadId: session.upload_id,
      partSize: session.part_size,
      urls: toMap(session.parts),
      etags: new Map(),
    };
  }
  const resume = state;
  options.onSession(resume);
  const parts = planParts(file.size, resume.partSize);
  const done = new Set(resume.etags.keys());
  const inFlight = new Map<number, number>();
  const report = () => options.onProgress(bytesSent(parts, done, inFlight));
  report();

  if (done.size > 0) {
    // A resumed upload signs its remaining parts again: the old URLs may have expired.
    const fresh = await signParts(
      resume.uploadId,
      remainingParts(parts, done).map((p) => p.part_number),
    );
    for (const [n, url] of toMap(fresh.parts)) resume.urls.set(n, url);
  }

  const sendPart = async (part: PartRange) => {
    for (let tries = 1; ; tries += 1) {
      try {
        const url = resume.urls.get(part.part_number);
        if (!url) throw new PartError(403);
        const etag = await putPart(url, file.slice(part.start, part.end), signal, (loaded) => {
          inFlight.set(part.part_number, loaded);
          report();
        });
        resume.etags.set(part.part_number, etag);
        done.add(part.part_number);
        inFlight.delete(part.part_number);
        report();
        return;
      } catch (error) {
        if (!(error instanceof PartError)) throw error;
        inFlight.delete(part.part_number);
        report();
        const next = afterPartFailure(tries, error.status);
        if (next.action === 'fail') throw new PartsFailed(next.message);
        await wait(next.delayMs, signal);
        if (next.resign) {
          const fresh = await signParts(resume.uploadId, [part.part_number]);
          for (const [n, url] of toMap(fresh.parts)) resume.urls.set(n, url);
        }
      }
    }
  };

  const queue = remainingParts(parts, done);
  const worker = async () => {
    try {
      for (let part = queue.shift(); part; part = queue.shift()) await sendPart(part);
    } catch (error) {
      inner.abort();
      throw error;
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(PART_CONCURRENCY, queue.length) }, worker),
  );
  // The first real failure, not the aborts it caused in the other workers.
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length)
    throw failures.find((e) => !(e instanceof DOMException && e.name === 'AbortError')) ?? failures[0];

  return completeUpload(resume.uploadId, {
    parts: [...resume.etags].sort(([a], [b]) => a - b).map(([part_number, etag]) => ({ part_number, etag })),
  });
}

/** Best effort: the server removes what was stored of an upload the user gave up. */
export const forgetUpload = (uploadId: string) => abortUpload(uploadId).catch(() => undefined);

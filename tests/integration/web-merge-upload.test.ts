import type { MergeUpload } from '@contracts/merge';
import type * as MergeCalls from '../../web/src/features/merge/api/merge';
import type * as UploadFile from '../../web/src/features/merge/api/upload-file';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowserShim, shim } from './browser-shim';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The Merge studio's uploader (web/src/features/merge/api/upload-file.ts) sending real files in parts
 * to the local runtime's storage through its presigned URLs: progress, a refused or dropped part
 * sent again, a re-signed URL, a file given up after four tries and resumed, an abort.
 */
installBrowserShim();
type Uploader = typeof UploadFile;

let t: TestRuntime;
let uploader: Uploader;
let token: string;

/** A mono 16-bit WAV of `seconds` of a quiet tone, built in memory. */
function wav(seconds: number, rate = 44_100): File {
  const samples = seconds * rate;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++)
    view.setInt16(44 + i * 2, Math.round(3000 * Math.sin((i * 2 * Math.PI * 440) / rate)), true);
  return new File([bytes], 'narration.wav', { type: 'audio/wav' });
}

// 200 s of mono audio: 17.6 MB, three parts of at most 8 MB.
const file = wav(200);
const partOf = (url: string) => Number(/[?&]partNumber=(\d+)/.exec(url)?.[1] ?? 0);

async function send(
  options: { signal?: AbortSignal; resume?: Parameters<Uploader['uploadMergeFile']>[2]['resume'] } = {},
) {
  const progress: number[] = [];
  let session: Parameters<Parameters<Uploader['uploadMergeFile']>[2]['onSession']>[0] | null = null;
  const result = uploader
    .uploadMergeFile(file, 'audio', {
      signal: options.signal ?? new AbortController().signal,
      onProgress: (sent) => progress.push(sent),
      onSession: (s) => {
        session = s;
      },
      resume: options.resume ?? null,
    })
    .then(
      (upload) => ({ upload, error: null }),
      (error: unknown) => ({ upload: null as MergeUpload | null, error }),
    );
  const settled = await result;
  return { ...settled, progress, session: session! };
}

beforeAll(async () => {
  t = await startTestRuntime();
  shim.origin = new URL(t.runtime.apiUrl).origin;
  token = (await createUser(t)).accessToken;
  shim.storage.setItem('authToken', token);
  uploader = await import('../../web/src/features/merge/api/upload-file');
});

afterAll(async () => {
  // Work the calls started (book processing, images) ends before the runtime's stores close.
  await t?.runtime.stepFunctions.idle();
  await t?.stop();
});

beforeEach(() => {
  shim.refuse = () => null;
  shim.puts = [];
});

describe("the Merge studio's uploader", () => {
  it('sends a file in three parts and completes it; progress ends at the whole file', async () => {
    const { upload, error, progress, session } = await send();
    expect(error).toBeNull();
    expect(shim.puts.map(partOf).sort()).toEqual([1, 2, 3]);
    expect(session.etags.size).toBe(3);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(file.size);
    expect(upload!.file_name).toBe('narration.wav');
    expect(upload!.file_type).toBe('audio');
    expect(upload!.duration).toBeCloseTo(200, 0);
  });

  it('sends a part storage refused again, and signs again a part whose URL was refused', async () => {
    shim.refuse = (url) => {
      const earlier = shim.puts.slice(0, -1).filter((u) => partOf(u) === partOf(url)).length;
      if (earlier > 0) return null;
      return partOf(url) === 2 ? 500 : partOf(url) === 3 ? 403 : null;
    };
    const { upload, error } = await send();
    expect(error).toBeNull();
    expect(shim.puts.map(partOf).sort()).toEqual([1, 2, 2, 3, 3]);
    const part3 = shim.puts.filter((u) => partOf(u) === 3);
    // The retry of part 3 went to a freshly signed URL.
    expect(part3[1]).not.toBe(part3[0]);
    expect(upload!.duration).toBeCloseTo(200, 0);
  });

  it('gives a part up after four tries with the words for a dropped connection, then Retry sends only that part', async () => {
    shim.refuse = (url) => (partOf(url) === 2 ? 0 : null);
    const failed = await send();
    expect(failed.error).toBeInstanceOf(uploader.PartsFailed);
    expect((failed.error as Error).message).toBe(
      'The upload was interrupted: check your connection, then retry.',
    );
    expect(shim.puts.filter((u) => partOf(u) === 2)).toHaveLength(4);
    expect([...failed.session.etags.keys()].sort()).toEqual([1, 3]);

    shim.refuse = () => null;
    shim.puts = [];
    const resumed = await send({ resume: failed.session });
    expect(resumed.error).toBeNull();
    expect(shim.puts.map(partOf)).toEqual([2]);
    // What was stored before counts from the start.
    expect(resumed.progress[0]).toBe(file.size - 8 * 1024 * 1024);
    expect(resumed.upload!.upload_id).toBe(failed.session.uploadId);
  });

  it('names the status when storage keeps refusing a part', async () => {
    shim.refuse = (url) => (partOf(url) === 1 ? 500 : null);
    const failed = await send();
    expect((failed.error as Error).message).toBe(
      'Storage refused a part of the file (HTTP 500): retry the upload.',
    );
    await uploader.forgetUpload(failed.session.uploadId);
  });

  it('stops every part when the caller aborts; forgetting the upload removes it', async () => {
    const controller = new AbortController();
    shim.refuse = () => {
      controller.abort();
      return null;
    };
    const aborted = await send({ signal: controller.signal });
    expect((aborted.error as Error).name).toBe('AbortError');
    expect(aborted.upload).toBeNull();
    await expect(uploader.forgetUpload(aborted.session.uploadId)).resolves.toBeUndefined();
    const after = await t.api('GET', `/merge/uploads/${aborted.session.uploadId}`, { token });
    expect(after.status).toBe(404);
  });
});

describe("the Merge studio's merge calls", () => {
  let merge: typeof MergeCalls;
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: { status: number; message: string }) => ({ status: error.status, message: error.message }),
    );

  beforeAll(async () => {
    merge = await import('../../web/src/features/merge/api/merge');
  });

  it("a merge of a sound alone, or of nothing, is refused in the server's words", async () => {
    const { upload } = await send();
    const soundOnly = await refusal(
      merge.startMerge({ input_sources: [{ url: upload!.file_url, type: 'audio' }] } as never),
    );
    expect(soundOnly?.status).toBe(400);
    expect(soundOnly?.message).toMatch(/video/i);
    const nothing = await refusal(merge.startPreview({ input_sources: [] } as never));
    expect(nothing?.status).toBe(400);
  });

  it('an unknown merge, preview or upload is not found', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      () => merge.getMergeStatus(id),
      () => merge.retryMerge(id),
      () => merge.getMergeDownload(id),
      () => merge.getPreviewStatus(id),
      () => merge.signParts(id, [1]),
      () => merge.completeUpload(id, { parts: [{ part_number: 1, etag: '"x"' }] }),
    ];
    for (const call of calls) expect((await refusal(call()))?.status).toBe(404);
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeMessages } from '../../functions/contracts/merge';
import type {
  MergeDownload,
  MergeLibrary,
  MergeStarted,
  MergeStatus,
  MergeUpload,
  MergeUploadList,
  MergeUploadSession,
  PreviewStatus,
} from '../../functions/contracts/merge';
import { ffmpegBinaries, probe, runFfmpeg } from '../../functions/engine/media/ffmpeg';
import { getJobs } from '../../functions/jobs';
import { getAdapters } from '../../functions/lib/adapters';
import { merge } from '../../functions/merge/instance';
import { mergeKeys, type ExpiryRecord, type MergeJob } from '../../functions/merge/model';
import { createUser, readyBook, startTestRuntime, upgradeToBasic, type TestRuntime } from './helpers';
import { execFileSync } from 'node:child_process';

/**
 * The Merge studio through the public API on the local runtime: clips made with FFmpeg's test
 * sources are uploaded (multipart presigned parts with a part that fails once and is sent again, and
 * the small single-request upload), merged by stream copy and by re-encoding (both play, at the
 * expected length), watermarked at the chosen corner, previewed, queued in order, retried up to the
 * cap, expired after 24 hours; another user gets 404s; bad input answers the spec's words and leaves
 * nothing behind.
 */
let t: TestRuntime;
let owner: string;
let ownerId: string;
let stranger: string;
let work: string;
const clips: Record<'big' | 'small' | 'other', string> = { big: '', small: '', other: '' };
const uploads: Partial<Record<'big' | 'small' | 'other', MergeUpload>> = {};
const origin = () => new URL(t.runtime.apiUrl).origin;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A test clip: `seconds` of a moving test pattern (or black) with a tone, H.264/AAC in MP4. */
async function makeClip(
  name: string,
  options: { size: string; seconds: number; black?: boolean; bitrate?: string; extra?: string[] },
): Promise<string> {
  const path = join(work, name);
  const picture = options.black ? `color=c=black:s=${options.size}:r=30` : `testsrc2=s=${options.size}:r=30`;
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `${picture}:d=${options.seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${options.seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-r', '30'],
    ...(options.bitrate
      ? [
          '-b:v',
          options.bitrate,
          '-minrate',
          options.bitrate,
          '-maxrate',
          options.bitrate,
          '-bufsize',
          '4M',
          '-x264-params',
          'nal-hrd=cbr',
        ]
      : ['-crf', '23']),
    ...(options.extra ?? []),
    ...['-c:a', 'aac', '-ar', '48000', '-ac', '2', '-shortest', path],
  ]);
  return path;
}

/** Waits until the merge reaches a terminal status (the runtime's workflows run in the background). */
async function settled(id: string, token = owner): Promise<MergeStatus> {
  for (let i = 0; i < 600; i++) {
    const answer = await api<MergeStatus>('GET', `/merge/status/${id}`, undefined, token);
    expect(answer.status).toBe(200);
    if (['completed', 'failed', 'cancelled'].includes(answer.body.status)) return answer.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`merge ${id} did not finish`);
}

async function previewSettled(id: string): Promise<PreviewStatus> {
  for (let i = 0; i < 600; i++) {
    const answer = await api<PreviewStatus>('GET', `/merge/preview/status/${id}`);
    expect(answer.status).toBe(200);
    if (answer.body.status !== 'processing') return answer.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`preview ${id} did not finish`);
}

async function fetchFile(url: string, name: string) {
  const response = await fetch(`${origin()}${url}`);
  expect(response.status).toBe(200);
  const path = join(work, name);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return { path, probe: await probe(path) };
}

/** Decodes the whole file: it plays from start to end without an error. */
function plays(path: string) {
  execFileSync(ffmpegBinaries().ffmpeg, ['-v', 'error', '-xerror', '-i', path, '-f', 'null', '-'], {
    stdio: 'pipe',
  });
}

/** The frame at `at` seconds as raw RGB at its own size. */
function frameAt(path: string, at: number, width: number, height: number): Buffer {
  const rgb = execFileSync(
    ffmpegBinaries().ffmpeg,
    [
      '-v',
      'error',
      '-ss',
      String(at),
      '-i',
      path,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  expect(rgb.length).toBe(width * height * 3);
  return rgb;
}

/** Share of bright pixels in a corner box (a quarter of the width, a sixth of the height). */
function brightShare(rgb: Buffer, width: number, height: number, corner: string): number {
  const w = Math.floor(width / 4);
  const h = Math.floor(height / 6);
  const x0 = corner.endsWith('left') ? 0 : width - w;
  const y0 = corner.startsWith('top') ? 0 : height - h;
  let bright = 0;
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * width + x) * 3;
      if (rgb[i]! > 180 && rgb[i + 1]! > 180 && rgb[i + 2]! > 180) bright++;
    }
  return bright / (w * h);
}

/** Every part PUT straight to storage with its presigned URL; `failOnce` sends one part twice. */
async function multipartUpload(
  path: string,
  declared: { file_type: 'video' | 'audio'; content_type: string; name: string },
  failOnce?: number,
): Promise<{ status: number; body: MergeUpload & { detail?: string } }> {
  const bytes = readFileSync(path);
  const started = await api<MergeUploadSession>('POST', '/merge/uploads', {
    file_name: declared.name,
    file_type: declared.file_type,
    content_type: declared.content_type,
    size_bytes: bytes.length,
  });
  expect(started.status).toBe(201);
  const session = started.body;
  expect(session.parts).toHaveLength(Math.ceil(bytes.length / session.part_size));
  const etags: { part_number: number; etag: string }[] = [];
  for (const part of session.parts) {
    const body = bytes.subarray(
      (part.part_number - 1) * session.part_size,
      part.part_number * session.part_size,
    );
    if (part.part_number === failOnce) {
      // The connection drops halfway through the part: the browser sends the part again.
      const half = body.subarray(0, Math.floor(body.length / 2));
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(half);
          controller.error(new Error('connection lost'));
        },
      });
      await expect(
        fetch(part.url, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit),
      ).rejects.toThrow();
    }
    const put = await fetch(part.url, { method: 'PUT', body, headers: { origin: origin() } });
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag');
    expect(etag).toBeTruthy();
    etags.push({ part_number: part.part_number, etag: etag! });
  }
  return api<MergeUpload & { detail?: string }>('POST', `/merge/uploads/${session.upload_id}/complete`, {
    parts: etags,
  });
}

async function smallUpload(path: string, fileType: string, type = 'video/mp4', token = owner) {
  const form = new FormData();
  form.set('file_type', fileType);
  form.set('file', new Blob([readFileSync(path)], { type }), path.split('/').pop());
  return t.api<MergeUpload & { detail?: string }>('POST', '/merge/upload', { token, raw: form });
}

const mergeUploadKeys = async (userId: string) => {
  const store = getAdapters().storage.uploads;
  const records = await getAdapters().table.query<{ key: string }>({
    pk: `USER#${userId}`,
    skPrefix: mergeKeys.uploadPrefix,
  });
  const present = await Promise.all(records.map(async (r) => ((await store.head(r.key)) ? r.key : null)));
  return { records: records.length, objects: present.filter(Boolean).length };
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'merge-test-'));
  t = await startTestRuntime();
  const [a, b] = await Promise.all([createUser(t), createUser(t)]);
  owner = a.accessToken;
  stranger = b.accessToken;
  ownerId = JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).sub;
  // Two compatible clips (720p30, H.264/AAC 48 kHz) and one of another size (black, for the watermark).
  clips.big = await makeClip('big.mp4', { size: '1280x720', seconds: 4, bitrate: '24M' });
  clips.small = await makeClip('small.mp4', { size: '1280x720', seconds: 3 });
  clips.other = await makeClip('other.mp4', { size: '640x360', seconds: 3, black: true });
}, 120_000);

afterAll(async () => {
  await t?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('uploads', () => {
  it('uploads a large clip in presigned parts, one part sent again after it failed', async () => {
    expect(statSync(clips.big).size).toBeGreaterThan(8 * 1024 * 1024);
    const done = await multipartUpload(
      clips.big,
      { file_type: 'video', content_type: 'video/mp4', name: 'big.mp4' },
      1,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'completed',
      file_type: 'video',
      width: 1280,
      height: 720,
      video_codec: 'h264',
      audio_codec: 'aac',
    });
    expect(done.body.duration).toBeCloseTo(4, 0);
    expect(done.body.file_url).toBe(`/api/v1/merge/uploads/${done.body.upload_id}`);
    uploads.big = done.body;
    // The stored object is the file, byte for byte.
    const record = await getAdapters().table.get<{ key: string }>(
      mergeKeys.upload(ownerId, done.body.upload_id),
    );
    const stored = await getAdapters().storage.uploads.getBytes(record!.key);
    expect(sha(stored)).toBe(sha(readFileSync(clips.big)));
  });

  it('refuses to complete before every part arrived, then completes once the last is sent', async () => {
    const bytes = readFileSync(clips.big);
    const started = await api<MergeUploadSession>('POST', '/merge/uploads', {
      file_name: 'again.mp4',
      file_type: 'video',
      content_type: 'video/mp4',
      size_bytes: bytes.length,
    });
    const [first, second] = started.body.parts;
    const put = async (part: { part_number: number; url: string }) => {
      const size = started.body.part_size;
      const answer = await fetch(part.url, {
        method: 'PUT',
        body: bytes.subarray((part.part_number - 1) * size, part.part_number * size),
      });
      return { part_number: part.part_number, etag: answer.headers.get('etag')! };
    };
    const one = await put(first!);
    const early = await api('POST', `/merge/uploads/${started.body.upload_id}/complete`, {
      parts: [one, { part_number: 2, etag: '"0123456789abcdef0123456789abcdef"' }],
    });
    expect(early).toMatchObject({ status: 400, body: { detail: mergeMessages.partsMissing } });
    // The part's URL expired meanwhile: it is signed again and sent.
    const again = await api<{ parts: { part_number: number; url: string }[] }>(
      'POST',
      `/merge/uploads/${started.body.upload_id}/parts`,
      { part_numbers: [second!.part_number] },
    );
    const two = await put(again.body.parts[0]!);
    const done = await api<MergeUpload>('POST', `/merge/uploads/${started.body.upload_id}/complete`, {
      parts: [one, two],
    });
    expect(done.status).toBe(200);
    expect(done.body.size_bytes).toBe(bytes.length);
    expect((await api('DELETE', `/merge/uploads/${started.body.upload_id}`)).status).toBe(204);
  });

  it('uploads small clips in one multipart/form-data request', async () => {
    const small = await smallUpload(clips.small, 'video');
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body.file_url).toMatch(/^\/api\/v1\/merge\/uploads\//);
    uploads.small = small.body;
    const other = await smallUpload(clips.other, 'video');
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ width: 640, height: 360 });
    uploads.other = other.body;
    const listed = await api<MergeUploadList>('GET', '/merge/uploads');
    expect(listed.body.uploads.map((u) => u.upload_id).sort()).toEqual(
      [uploads.big!.upload_id, uploads.small!.upload_id, uploads.other!.upload_id].sort(),
    );
  });
});

describe('merging', () => {
  let copied: MergeStatus;
  let encoded: MergeStatus;

  it('queues a second merge behind the first and runs them in order', async () => {
    const first = await api<MergeStarted>('POST', '/merge/manual', {
      input_sources: [
        { url: uploads.big!.file_url, type: 'video' },
        { url: uploads.small!.file_url, type: 'video', start_time: 4 },
        { url: uploads.other!.file_url, type: 'video', start_time: 7 },
      ],
      quality_tier: 'medium',
      output_format: 'mp4',
      watermark: { text: `Book "Studio": 100% \\ 'draft' %{pts} [x];`, position: 'bottom-right' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ status: 'processing', queue_position: 0 });
    const second = await api<MergeStarted>('POST', '/merge/manual', {
      input_sources: [
        { url: uploads.big!.file_url, type: 'video' },
        { url: uploads.small!.file_url, type: 'video', start_time: 4 },
      ],
      quality_tier: 'medium',
      output_format: 'mp4',
      merge_name: 'Two compatible clips',
    });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({
      status: 'pending',
      queue_position: 1,
      processing_method: 'stream_copy',
    });
    const waiting = await api<MergeStatus>('GET', `/merge/status/${second.body.merge_id}`);
    expect(waiting.body).toMatchObject({ status: 'pending', current_step: 'Waiting in queue' });

    encoded = await settled(first.body.merge_id);
    copied = await settled(second.body.merge_id);
    expect(encoded.status, encoded.error_message ?? '').toBe('completed');
    expect(copied.status, copied.error_message ?? '').toBe('completed');
    const [a, b] = await Promise.all([getJobs().get(encoded.merge_id), getJobs().get(copied.merge_id)]);
    expect(Date.parse(b!.started_at!)).toBeGreaterThanOrEqual(Date.parse(a!.finished_at!));
    const listed = await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs');
    expect(listed.body.merges.map((m) => m.merge_id)).toEqual([copied.merge_id, encoded.merge_id]);
  });

  it('joins compatible clips by stream copy: the result plays and lasts as long as both', async () => {
    expect(copied).toMatchObject({ processing_method: 'stream_copy', progress_percentage: 100 });
    const file = await fetchFile(copied.output_url!, 'copied.mp4');
    expect(file.probe.duration).toBeGreaterThan(7 * 0.98);
    expect(file.probe.duration).toBeLessThan(7 * 1.02);
    expect(file.probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    plays(file.path);
  });

  it('places videos sent without a start time one after another, as the studio does', async () => {
    const started = await api<MergeStarted>('POST', '/merge/manual', {
      input_sources: [
        { url: uploads.big!.file_url, type: 'video' },
        { url: uploads.small!.file_url, type: 'video' },
      ],
      quality_tier: 'medium',
      output_format: 'mp4',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // Back to back, as the compatible clips are, they are joined by stream copy.
    expect(started.body.processing_method).toBe('stream_copy');
    const done = await settled(started.body.merge_id);
    expect(done.status, done.error_message ?? '').toBe('completed');
    expect(done.input_sources.map((i) => i.start_time)).toEqual([
      0,
      Math.round(uploads.big!.duration * 1000) / 1000,
    ]);
    const file = await fetchFile(done.output_url!, 'placed.mp4');
    const both = uploads.big!.duration + uploads.small!.duration;
    expect(file.probe.duration).toBeGreaterThan(both * 0.98);
    expect(file.probe.duration).toBeLessThan(both * 1.02);
  });

  it('re-encodes clips that differ only in H.264 profile or pixel format', async () => {
    const plain = await makeClip('plain.mp4', { size: '1280x720', seconds: 2 });
    const main = await makeClip('main.mp4', {
      size: '1280x720',
      seconds: 2,
      extra: ['-preset', 'superfast', '-profile:v', 'main'],
    });
    const full = await makeClip('full.mp4', {
      size: '1280x720',
      seconds: 2,
      extra: ['-pix_fmt', 'yuvj420p'],
    });
    const [a, b, c] = await Promise.all([plain, main, full].map((path) => smallUpload(path, 'video')));
    expect([a!.status, b!.status, c!.status]).toEqual([201, 201, 201]);
    // Everything else is the same: size, rate, codecs, sample rate.
    const same = (u: MergeUpload) => [
      u.width,
      u.height,
      u.fps,
      u.video_codec,
      u.audio_codec,
      u.audio_sample_rate,
    ];
    expect(same(b!.body)).toEqual(same(a!.body));
    expect(same(c!.body)).toEqual(same(a!.body));
    const start = (other: MergeUpload) =>
      api<MergeStarted>('POST', '/merge/manual', {
        input_sources: [
          { url: a!.body.file_url, type: 'video' },
          { url: other.file_url, type: 'video', start_time: a!.body.duration },
        ],
        quality_tier: 'medium',
        output_format: 'mp4',
      });
    const byProfile = await start(b!.body);
    const byPixels = await start(c!.body);
    expect(byProfile.body.processing_method).toBe('re_encode');
    expect(byPixels.body.processing_method).toBe('re_encode');
    for (const [started, name] of [
      [byProfile, 'profile.mp4'],
      [byPixels, 'pixels.mp4'],
    ] as const) {
      const done = await settled(started.body.merge_id);
      expect(done, done.error_message ?? '').toMatchObject({
        status: 'completed',
        processing_method: 're_encode',
      });
      const file = await fetchFile(done.output_url!, name);
      expect(file.probe.duration).toBeGreaterThan(4 * 0.98);
      expect(file.probe.duration).toBeLessThan(4 * 1.02);
      plays(file.path);
    }
  });

  it('re-encodes clips of different sizes, with the watermark in the chosen corner', async () => {
    expect(encoded).toMatchObject({ processing_method: 're_encode', current_step: 'Completed' });
    const file = await fetchFile(encoded.output_url!, 'encoded.mp4');
    expect(file.probe.duration).toBeGreaterThan(10 * 0.98);
    expect(file.probe.duration).toBeLessThan(10 * 1.02);
    expect(file.probe.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    plays(file.path);
    // In the black clip (7–10 s) only the watermark is bright: bottom right, nowhere else.
    const frame = frameAt(file.path, 8.5, 1280, 720);
    expect(brightShare(frame, 1280, 720, 'bottom-right')).toBeGreaterThan(0.01);
    for (const corner of ['top-left', 'top-right', 'bottom-left'])
      expect(brightShare(frame, 1280, 720, corner)).toBe(0);
  });

  it('answers a short-lived download link with the file name and size', async () => {
    const download = await api<MergeDownload>('GET', `/merge/${copied.merge_id}/download`);
    expect(download.status).toBe(200);
    expect(download.body).toMatchObject({
      filename: 'Two_compatible_clips.mp4',
      file_size_bytes: copied.file_size_bytes,
    });
    const response = await fetch(`${origin()}${download.body.download_url}`);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(copied.file_size_bytes);
  });

  it('renders a 30-second preview of the first two inputs', async () => {
    const long = await multipartUpload(await makeClip('long.mp4', { size: '320x180', seconds: 40 }), {
      file_type: 'video',
      content_type: 'video/mp4',
      name: 'long.mp4',
    });
    expect(long.status).toBe(200);
    const started = await api<PreviewStatus>('POST', '/merge/preview', {
      input_sources: [
        { url: long.body.file_url, type: 'video' },
        { url: uploads.small!.file_url, type: 'video', start_time: 40 },
      ],
      quality_tier: 'web',
      preview_duration: 30,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const again = await api('POST', '/merge/preview', {
      input_sources: [{ url: uploads.small!.file_url, type: 'video' }],
    });
    expect(again).toMatchObject({
      status: 409,
      body: { detail: 'A preview generation is already in progress' },
    });
    const done = await previewSettled(started.body.preview_id);
    expect(done.status, done.error_message ?? '').toBe('completed');
    const file = await fetchFile(done.preview_url!, 'preview.mp4');
    expect(file.probe.duration).toBeGreaterThan(30 * 0.98);
    expect(file.probe.duration).toBeLessThan(30 * 1.02);
    expect(done.preview_duration).toBeCloseTo(file.probe.duration, 1);
    plays(file.path);
  });
});

describe('the library of generated videos', () => {
  it("lists the user's finished films and learning videos, which merge as inputs; others see none", async () => {
    const { bookId, chapterId } = await readyBook(t, owner, {
      title: 'Harbour Lights',
      text: `# Harbour Lights\n\n## Chapter 1\n\n${'The lamp was lit at dusk and the ships came home. '.repeat(30)}\n\n## Chapter 2\n\n${'Morning came grey over the harbour wall. '.repeat(30)}`,
    });
    // A finished film and a finished chapter video of that chapter, as their pipelines leave them
    // (the job records and the files in the media bucket); and a film still running.
    const media = getAdapters().storage.media;
    // Any finished job record of this run, made over into theirs.
    const merges = (await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs')).body.merges;
    const template = (await getJobs().get(merges[0]!.merge_id))!;
    const filmId = crypto.randomUUID();
    const lessonId = crypto.randomUUID();
    const runningId = crypto.randomUUID();
    const filmKey = `media/books/${bookId}/video/${filmId}/final-1.mp4`;
    const lessonKey = `media/books/${bookId}/learning/${lessonId}/video.mp4`;
    await media.upload(filmKey, clips.small, 'video/mp4');
    await media.upload(lessonKey, clips.other, 'video/mp4');
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const seed = (
      id: string,
      kind: string,
      status: string,
      options: object,
      outputs: object,
      minutes: number,
    ) =>
      getJobs().repository.put({
        ...template,
        id,
        kind,
        status: status as MergeJob['status'],
        deferred: false,
        target: { book_id: bookId, chapter_id: chapterId },
        options,
        outputs,
        created_at: at(minutes),
        updated_at: at(minutes),
        finished_at: status === 'ready' ? at(minutes) : null,
      } as never);
    await seed(
      filmId,
      'video-generation',
      'ready',
      {},
      {
        final_key: filmKey,
        final: {
          duration: 3,
          width: 1280,
          height: 720,
          bytes: 1,
          video_codec: 'h264',
          audio_codec: 'aac',
          thumbnail_key: null,
        },
      },
      10,
    );
    await seed(
      lessonId,
      'learning-content',
      'ready',
      { content_type: 'chapter_video' },
      {
        video_key: lessonKey,
        audio_key: null,
        thumbnail_key: null,
        duration: 3,
      },
      5,
    );
    await seed(runningId, 'video-generation', 'running', {}, { final_key: null, final: null }, 1);

    const listed = await api<MergeLibrary>('GET', '/merge/library');
    expect(listed.status).toBe(200);
    expect(listed.body.videos.map((v) => [v.id, v.source])).toEqual([
      [lessonId, 'learning_video'],
      [filmId, 'film'],
    ]);
    expect(listed.body.videos[1]).toMatchObject({
      book_id: bookId,
      book_title: 'Harbour Lights',
      chapter_id: chapterId,
      duration: 3,
      input_url: filmId,
    });
    expect(listed.body.videos[1]!.title).toMatch(/^Chapter 1/);
    expect(listed.body.videos[1]!.video_url).toContain(filmKey);
    expect((await api<MergeLibrary>('GET', '/merge/library', undefined, stranger)).body.videos).toEqual([]);

    // Both merge as inputs: the film, then the chapter video, re-encoded (different sizes).
    const started = await api<MergeStarted>('POST', '/merge/manual', {
      input_sources: [
        { url: listed.body.videos[1]!.input_url, type: 'video' },
        { url: listed.body.videos[0]!.input_url, type: 'video', start_time: 3 },
      ],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await settled(started.body.merge_id);
    expect(done, done.error_message ?? '').toMatchObject({
      status: 'completed',
      processing_method: 're_encode',
    });
    const file = await fetchFile(done.output_url!, 'library.mp4');
    expect(file.probe.duration).toBeGreaterThan(6 * 0.98);
    expect(file.probe.duration).toBeLessThan(6 * 1.02);
    // Another user cannot use them.
    const theirs = await api(
      'POST',
      '/merge/manual',
      { input_sources: [{ url: lessonId, type: 'video' }] },
      stranger,
    );
    expect(theirs.status).toBe(404);
  }, 120_000);
});

describe('failures and retries', () => {
  it('retries a failed merge at most 3 times', async () => {
    process.env.FAULT_INJECTION = 'mergeMedia.Merge';
    try {
      const started = await api<MergeStarted>('POST', '/merge/manual', {
        input_sources: [{ url: uploads.small!.file_url, type: 'video' }],
      });
      expect(started.status).toBe(202);
      const id = started.body.merge_id;
      let status = await settled(id);
      expect(status).toMatchObject({
        status: 'failed',
        error_message: 'Merge operation failed',
        retry_count: 0,
      });
      for (let attempt = 1; attempt <= 3; attempt++) {
        const retried = await api<MergeStarted>('POST', `/merge/retry/${id}`);
        expect(retried.status).toBe(202);
        expect(retried.body.retry_count).toBe(attempt);
        status = await settled(id);
        expect(status).toMatchObject({ status: 'failed', retry_count: attempt });
      }
      const refused = await api('POST', `/merge/retry/${id}`);
      expect(refused).toMatchObject({
        status: 400,
        body: { detail: 'This merge has already been retried 3 times.' },
      });
    } finally {
      delete process.env.FAULT_INJECTION;
    }
  });

  it('refuses to retry a merge that did not fail', async () => {
    const listed = await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs');
    const done = listed.body.merges.find((m) => m.status === 'completed')!;
    expect(await api('POST', `/merge/retry/${done.merge_id}`)).toMatchObject({
      status: 409,
      body: { detail: 'Only a failed merge can be retried.' },
    });
  });

  it('answers 404 while a result is not ready', async () => {
    const listed = await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs');
    const failed = listed.body.merges.find((m) => m.status === 'failed')!;
    expect(await api('GET', `/merge/${failed.merge_id}/download`)).toMatchObject({
      status: 404,
      body: { detail: 'Merge result not found. The operation may still be processing.' },
    });
  });
});

describe('ownership', () => {
  it('answers 404 to another user on every merge route', async () => {
    const listed = await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs');
    const done = listed.body.merges.find((m) => m.status === 'completed')!;
    const upload = uploads.small!;
    const answers = await Promise.all([
      api('GET', `/merge/status/${done.merge_id}`, undefined, stranger),
      api('GET', `/merge/${done.merge_id}/download`, undefined, stranger),
      api('POST', `/merge/retry/${done.merge_id}`, undefined, stranger),
      api('GET', `/merge/uploads/${upload.upload_id}`, undefined, stranger),
      api('DELETE', `/merge/uploads/${upload.upload_id}`, undefined, stranger),
      api(
        'POST',
        `/merge/uploads/${upload.upload_id}/complete`,
        { parts: [{ part_number: 1, etag: 'x' }] },
        stranger,
      ),
      api('POST', '/merge/manual', { input_sources: [{ url: upload.file_url, type: 'video' }] }, stranger),
      api('POST', '/merge/preview', { input_sources: [{ url: upload.file_url, type: 'video' }] }, stranger),
      api('POST', '/merge/manual', { input_sources: [{ url: done.output_url, type: 'video' }] }, stranger),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect((await api<MergeUploadList>('GET', '/merge/uploads', undefined, stranger)).body.uploads).toEqual(
      [],
    );
    expect(
      (await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs', undefined, stranger)).body.merges,
    ).toEqual([]);
  });

  it('never takes an arbitrary url or storage key as an input', async () => {
    for (const url of [
      'https://example.com/a.mp4',
      `merge/uploads/${ownerId}/x/source`,
      '../../etc/passwd',
    ]) {
      const answer = await api('POST', '/merge/manual', { input_sources: [{ url, type: 'video' }] });
      expect(answer.status).toBe(404);
    }
  });
});

describe('bad input', () => {
  it("bounds a merge and its preview by the plan when they are asked for, in the plan's words", async () => {
    const mergesBefore = (await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs')).body.merges.length;
    const clip = { url: uploads.small!.file_url, type: 'video' };
    // The free plan asked for 8K at 120 fps, veryslow, CRF 1, with a second input ten hours in.
    const attack = {
      input_sources: [clip, { ...clip, start_time: 36_000 }],
      quality_tier: 'custom',
      ffmpeg_params: { resolution: '7680x4320', fps: 120, preset: 'veryslow', crf: 1 },
    };
    for (const route of ['/merge/manual', '/merge/preview']) {
      const refused = await api<{ detail: string; code: string }>('POST', route, attack);
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body).toMatchObject({ code: 'video_too_long' });
      expect(refused.body.detail).toMatch(
        /^The Free plan makes videos of at most 2 min: this merge would last/,
      );
    }
    const custom = (ffmpeg_params: object) =>
      api<{ detail: string; code: string }>('POST', '/merge/manual', {
        input_sources: [clip],
        quality_tier: 'custom',
        ffmpeg_params,
      });
    for (const [params, words] of [
      [{ resolution: '7680x4320' }, /merges videos of at most 1920×1080 .*: 7680×4320 was asked for/],
      [{ fps: 120 }, /at most 30 frames per second: 120 fps was asked for/],
      [{ preset: 'veryslow' }, /presets up to medium: the veryslow preset/],
      [{ crf: 1 }, /a CRF of 18 or more: CRF 1 was asked for/],
    ] as const) {
      const refused = await custom(params);
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body.code).toBe('plan_limit');
      expect(refused.body.detail).toMatch(words);
      expect(refused.body.detail).toMatch(/Choose less, or upgrade your plan\.$/);
    }
    expect((await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs')).body.merges).toHaveLength(
      mergesBefore,
    );
  });

  it('merges at CRF 0 (lossless H.264, on a plan that includes it): the file plays', async () => {
    const { accessToken: token } = await createUser(t);
    await upgradeToBasic(t, token);
    const uploaded = await smallUpload(clips.small, 'video', 'video/mp4', token);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const started = await t.api<MergeStarted>('POST', '/merge/manual', {
      token,
      body: {
        input_sources: [{ url: uploaded.body.file_url, type: 'video', volume: 0.9 }],
        quality_tier: 'custom',
        ffmpeg_params: { video_codec: 'libx264', crf: 0, preset: 'ultrafast' },
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await settled(started.body.merge_id, token);
    expect(done.status, done.error_message ?? '').toBe('completed');
    const file = await fetchFile(done.output_url!, 'lossless.mp4');
    expect(file.probe.video).toMatchObject({
      codec: 'h264',
      profile: 'High 4:4:4 Predictive',
      pixelFormat: 'yuv420p',
      width: 1280,
      height: 720,
    });
    plays(file.path);
  });

  it("answers the spec's words and leaves nothing behind", async () => {
    const before = await mergeUploadKeys(ownerId);
    const mergesBefore = (await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs')).body.merges.length;
    const source = { url: uploads.small!.file_url, type: 'video' };

    const codec = await api('POST', '/merge/manual', {
      input_sources: [source],
      quality_tier: 'custom',
      ffmpeg_params: { video_codec: 'h264' },
    });
    expect(codec).toMatchObject({
      status: 400,
      body: { detail: 'Unknown video codec "h264". Choose one of: libx264, libx265, libvpx-vp9.' },
    });
    expect(
      await api('POST', '/merge/manual', {
        input_sources: [source],
        quality_tier: 'custom',
        output_format: 'mov',
        ffmpeg_params: { video_codec: 'libvpx-vp9' },
      }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'MOV files cannot hold VP9 video: choose libx264 or libx265, or the WebM format.' },
    });
    expect(
      await api('POST', '/merge/manual', {
        input_sources: [source],
        ffmpeg_params: { filters: 'drawtext=x' },
      }),
    ).toMatchObject({ status: 400 });
    expect(await api('POST', '/merge/manual', { input_sources: Array(11).fill(source) })).toMatchObject({
      status: 400,
      body: { detail: 'Maximum 10 files allowed' },
    });
    expect(await api('POST', '/merge/manual', { input_sources: [] })).toMatchObject({
      status: 400,
      body: { detail: 'Please add at least one input file' },
    });
    expect(await api('POST', '/merge/preview', { input_sources: [source, source, source] })).toMatchObject({
      status: 400,
      body: { detail: 'Preview requires 1-2 input files' },
    });
    expect(
      await api('POST', '/merge/manual', { input_sources: [source], processing_mode: 'ffmpeg_openshot' }),
    ).toMatchObject({ status: 400 });

    expect(
      await api('POST', '/merge/uploads', {
        file_name: 'huge.mp4',
        file_type: 'video',
        content_type: 'video/mp4',
        size_bytes: 501 * 1024 * 1024,
      }),
    ).toMatchObject({ status: 400, body: { detail: 'File size exceeds 500MB limit' } });
    expect(
      await api('POST', '/merge/uploads', {
        file_name: 'notes.txt',
        file_type: 'video',
        content_type: 'text/plain',
        size_bytes: 100,
      }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'File type text/plain not supported. Allowed: video, audio' },
    });

    // A text file renamed .mp4, through both upload paths.
    const fake = join(work, 'notes.mp4');
    writeFileSync(fake, 'These are my notes, not a video.\n'.repeat(200));
    const viaParts = await multipartUpload(fake, {
      file_type: 'video',
      content_type: 'video/mp4',
      name: 'notes.mp4',
    });
    expect(viaParts).toMatchObject({
      status: 400,
      body: { detail: 'The file is not a readable video or audio file.' },
    });
    const viaForm = await smallUpload(fake, 'video');
    expect(viaForm).toMatchObject({
      status: 400,
      body: { detail: 'The file is not a readable video or audio file.' },
    });
    // An audio file declared as video.
    const tone = join(work, 'tone.m4a');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac', tone]);
    expect(await smallUpload(tone, 'video', 'audio/mp4')).toMatchObject({
      status: 400,
      body: { detail: 'The file was declared as video but has no picture.' },
    });
    // Bytes of another container than the declared type (an MP4 declared as MP3).
    expect(await smallUpload(tone, 'audio', 'audio/mpeg')).toMatchObject({
      status: 400,
      body: {
        detail:
          'The file was declared as audio/mpeg but its contents are MP4/QuickTime. Upload it with its real type.',
      },
    });
    // A WAV file declared as a video: its container cannot hold a picture (told from its first bytes).
    const wav = join(work, 'tone.wav');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=1', wav]);
    expect(await smallUpload(wav, 'video', 'video/mp4')).toMatchObject({
      status: 400,
      body: { detail: 'The file was declared as video but has no picture.' },
    });
    // An MP4 cut short: its first bytes are right, its index (written at the end) is missing.
    const cut = join(work, 'cut.mp4');
    writeFileSync(cut, readFileSync(clips.big).subarray(0, 6 * 1024 * 1024));
    expect(
      await multipartUpload(cut, { file_type: 'video', content_type: 'video/mp4', name: 'cut.mp4' }),
    ).toMatchObject({ status: 400, body: { detail: 'The file is not a readable video or audio file.' } });

    expect(await mergeUploadKeys(ownerId)).toEqual(before);
    expect((await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs')).body.merges).toHaveLength(
      mergesBefore,
    );
  });
});

describe('files sent without their type', () => {
  it('takes a .mp4 sent as application/octet-stream, or with no type, by its bytes, through both upload paths', async () => {
    const asOctets = await smallUpload(clips.small, 'video', 'application/octet-stream');
    expect(asOctets.status, JSON.stringify(asOctets.body)).toBe(201);
    expect(asOctets.body).toMatchObject({ content_type: 'video/mp4', video_codec: 'h264', width: 1280 });
    const viaParts = await multipartUpload(clips.other, {
      file_type: 'video',
      content_type: 'application/octet-stream',
      name: 'other.mp4',
    });
    expect(viaParts.status, JSON.stringify(viaParts.body)).toBe(200);
    expect(viaParts.body).toMatchObject({ content_type: 'video/mp4', status: 'completed', width: 640 });
    const bytes = readFileSync(clips.small);
    const untyped = await api<MergeUploadSession>('POST', '/merge/uploads', {
      file_name: 'clip.mp4',
      file_type: 'video',
      size_bytes: bytes.length,
    });
    expect(untyped.status, JSON.stringify(untyped.body)).toBe(201);
    for (const id of [asOctets.body.upload_id, viaParts.body.upload_id, untyped.body.upload_id])
      expect((await api('DELETE', `/merge/uploads/${id}`)).status).toBe(204);

    // What the bytes are still decides: text sent as octets is not media, and a sound is no video.
    const fake = join(work, 'octets.mp4');
    writeFileSync(fake, 'These are my notes, not a video.\n'.repeat(200));
    expect(await smallUpload(fake, 'video', 'application/octet-stream')).toMatchObject({
      status: 400,
      body: { detail: 'The file is not a readable video or audio file.' },
    });
    const tone = join(work, 'octets.m4a');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'aac', tone]);
    expect(await smallUpload(tone, 'video', 'application/octet-stream')).toMatchObject({
      status: 400,
      body: { detail: 'The file was declared as video but has no picture.' },
    });
    const sound = await smallUpload(tone, 'audio', 'application/octet-stream');
    expect(sound).toMatchObject({ status: 201, body: { content_type: 'audio/mp4' } });
    expect((await api('DELETE', `/merge/uploads/${sound.body.upload_id}`)).status).toBe(204);
  });
});

describe('expiry', () => {
  it('the sweep deletes a 25-hour-old result and upload; status and download say so', async () => {
    const listed = await api<{ merges: MergeStatus[] }>('GET', '/merge/jobs');
    const done = listed.body.merges.find((m) => m.status === 'completed')!;
    const job = (await getJobs().get(done.merge_id)) as MergeJob;
    const table = getAdapters().table;
    const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    // Move the result's expiry (record and listing) back to 25 hours after it was made... a day ago.
    const markers = await table.query<ExpiryRecord>({ pk: mergeKeys.expiryPartition });
    const marker = markers.find((m) => m.id === done.merge_id)!;
    await table.delete(mergeKeys.expiry(marker.expires_at, 'merge', marker.id));
    await table.put({ ...mergeKeys.expiry(old, 'merge', marker.id), ...marker, expires_at: old });
    await getJobs().repository.update(
      job.id,
      { outputs: { ...job.outputs, expires_at: old } },
      new Date().toISOString(),
    );
    const upload = uploads.other!;
    const uploadMarker = markers.find((m) => m.id === upload.upload_id)!;
    await table.delete(mergeKeys.expiry(uploadMarker.expires_at, 'upload', upload.upload_id));
    await table.put({
      ...mergeKeys.expiry(old, 'upload', upload.upload_id),
      ...uploadMarker,
      expires_at: old,
    });
    const uploadRecord = await table.get<{ key: string }>(mergeKeys.upload(ownerId, upload.upload_id));

    expect(await merge().sweep()).toBe(2);
    expect(await getAdapters().storage.media.head(job.outputs.key!)).toBeNull();
    expect(await getAdapters().storage.uploads.head(uploadRecord!.key)).toBeNull();
    expect(await api('GET', `/merge/uploads/${upload.upload_id}`)).toMatchObject({ status: 404 });
    const status = await api<MergeStatus>('GET', `/merge/status/${done.merge_id}`);
    expect(status.body).toMatchObject({
      status: 'completed',
      expired: true,
      output_url: null,
      current_step: 'Expired',
    });
    expect(await api('GET', `/merge/${done.merge_id}/download`)).toMatchObject({
      status: 410,
      body: { detail: 'This merge result has expired: output files stay downloadable for 24 hours.' },
    });
  });
});

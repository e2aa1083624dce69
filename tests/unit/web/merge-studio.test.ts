import type { MergeStarted, MergeStatus, PreviewStatus } from '@contracts/merge';
import { MERGE_LIMITS, mergeMessages } from '@contracts/merge';
import { mergeRequest, previewRequest } from '@contracts/merge-requests';
import { describe, expect, it } from 'vitest';
import { downloadErrorText, tooLargeToDownload } from '../../../web/src/features/merge/model/download';
import {
  clock,
  dropMove,
  fileSize,
  libraryVideoOf,
  inputSourcesOf,
  itemsReducer,
  kindOf,
  kindOfFile,
  libraryItem,
  progressOf,
  reusableResults,
  screenFiles,
  stillUploading,
  unmeasuredVideos,
  uploadItem,
  type InputItem,
} from '../../../web/src/features/merge/model/files';
import {
  MERGE_SCHEDULE,
  nextMergePoll,
  nextPreviewPoll,
  PREVIEW_SCHEDULE,
  previewNotFound,
} from '../../../web/src/features/merge/model/polling';
import { afterAnswer, afterFailure, firstWait } from '../../../web/src/lib/job-status';
import {
  canRetry,
  hasResult,
  initialMerge,
  initialPreview,
  isMerging,
  mergeReducer,
  methodLabel,
  previewReducer,
  previewToastOf,
  toastOf,
  type MergeState,
} from '../../../web/src/features/merge/model/session';
import {
  activePreset,
  applyPreset,
  compatibilityProblem,
  defaultForm,
  fieldErrors,
  formProblems,
  mergeRequestOf,
  playbackNote,
  previewRequestOf,
  withFormatCodecs,
} from '../../../web/src/features/merge/model/settings';
import {
  afterPartFailure,
  bytesSent,
  PART_MAX_TRIES,
  planParts,
  remainingParts,
} from '../../../web/src/features/merge/model/upload-plan';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = MB) => ({ name, type, size });

describe('picking files (spec §5)', () => {
  it('accepts video and audio files and tells their kind', () => {
    expect(kindOf('video/mp4')).toBe('video');
    expect(kindOf('audio/mpeg')).toBe('audio');
    expect(kindOf('text/plain')).toBeNull();
    expect(kindOf('')).toBeNull();
    const { accepted, rejected } = screenFiles([file('a.mp4', 'video/mp4'), file('b.mp3', 'audio/mpeg')], 0);
    expect(accepted.map((f) => f.name)).toEqual(['a.mp4', 'b.mp3']);
    expect(rejected).toEqual([]);
  });

  it('takes a file whose type says nothing of it by its name (the server checks its bytes)', () => {
    expect(kindOfFile({ name: 'clip.MP4', type: 'application/octet-stream' })).toBe('video');
    expect(kindOfFile({ name: 'voice.m4a', type: '' })).toBe('audio');
    expect(kindOfFile({ name: 'notes.txt', type: 'application/octet-stream' })).toBeNull();
    expect(kindOf('application/octet-stream')).toBeNull();
    const { accepted, rejected } = screenFiles(
      [file('clip.mp4', 'application/octet-stream'), file('x', '')],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['clip.mp4']);
    expect(rejected).toEqual([
      { name: 'x', reason: 'File type unknown not supported. Allowed: video, audio' },
    ]);
  });

  it("rejects other types with the spec's words, naming the type", () => {
    const { accepted, rejected } = screenFiles([file('notes.txt', 'text/plain'), file('x', '')], 0);
    expect(accepted).toEqual([]);
    expect(rejected).toEqual([
      { name: 'notes.txt', reason: 'File type text/plain not supported. Allowed: video, audio' },
      { name: 'x', reason: 'File type unknown not supported. Allowed: video, audio' },
    ]);
  });

  it('rejects files over 500 MB and accepts exactly 500 MB', () => {
    const { accepted, rejected } = screenFiles(
      [file('big.mp4', 'video/mp4', 500 * MB + 1), file('edge.mp4', 'video/mp4', 500 * MB)],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['edge.mp4']);
    expect(rejected).toEqual([{ name: 'big.mp4', reason: 'File size exceeds 500MB limit' }]);
  });

  it('keeps the first ten files (with those already listed) and rejects the rest one by one', () => {
    const picked = Array.from({ length: 4 }, (_, i) => file(`c${i}.mp4`, 'video/mp4'));
    const { accepted, rejected } = screenFiles(picked, 8);
    expect(accepted.map((f) => f.name)).toEqual(['c0.mp4', 'c1.mp4']);
    expect(rejected).toEqual([
      { name: 'c2.mp4', reason: 'Maximum 10 files allowed' },
      { name: 'c3.mp4', reason: 'Maximum 10 files allowed' },
    ]);
  });

  it('an eleventh file is rejected while a wrong type does not use up a place', () => {
    const picked = [
      file('bad.txt', 'text/plain'),
      ...Array.from({ length: 11 }, (_, i) => file(`${i}.mp4`, 'video/mp4')),
    ];
    const { accepted, rejected } = screenFiles(picked, 0);
    expect(accepted).toHaveLength(10);
    expect(rejected.map((r) => r.name)).toEqual(['bad.txt', '10.mp4']);
  });
});

const items = (...names: string[]) => names.map((n) => uploadItem(n, file(`${n}.mp4`, 'video/mp4', 10 * MB)));

describe('the list of inputs', () => {
  it('follows an upload from pending to completed with its bytes and duration', () => {
    let list = items('a');
    expect(list[0]).toMatchObject({ status: 'pending', sent: 0, kind: 'video' });
    list = itemsReducer(list, { type: 'progress', id: 'a', sent: MB });
    expect(list[0]!.sent).toBe(0); // not uploading yet: ignored
    list = itemsReducer(list, { type: 'uploading', id: 'a' });
    list = itemsReducer(list, { type: 'progress', id: 'a', sent: 5 * MB });
    expect(progressOf(list[0]!)).toBe(50);
    list = itemsReducer(list, { type: 'progress', id: 'a', sent: 10 * MB });
    expect(progressOf(list[0]!)).toBe(99); // 100 only once the server checked the file
    list = itemsReducer(list, {
      type: 'uploaded',
      id: 'a',
      upload: { file_url: '/api/v1/merge/uploads/u1', duration: 4.2 },
    });
    expect(list[0]).toMatchObject({ status: 'completed', url: '/api/v1/merge/uploads/u1', duration: 4.2 });
    expect(progressOf(list[0]!)).toBe(100);
  });

  it('a failed upload keeps its error until it is retried', () => {
    let list = itemsReducer(items('a'), { type: 'uploading', id: 'a' });
    list = itemsReducer(list, {
      type: 'failed',
      id: 'a',
      error: 'The file is not a readable video or audio file.',
    });
    expect(list[0]).toMatchObject({
      status: 'failed',
      error: 'The file is not a readable video or audio file.',
    });
    list = itemsReducer(list, { type: 'uploading', id: 'a' });
    expect(list[0]).toMatchObject({ status: 'uploading', error: null });
  });

  it('moves, removes and never holds more than ten items', () => {
    let list = items('a', 'b', 'c');
    list = itemsReducer(list, { type: 'move', id: 'c', to: 0 });
    expect(list.map((i) => i.id)).toEqual(['c', 'a', 'b']);
    list = itemsReducer(list, { type: 'move', id: 'c', to: 99 });
    expect(list.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(dropMove(list, 'a', 'c')).toEqual({ type: 'move', id: 'a', to: 2 });
    expect(dropMove(list, 'a', 'a')).toBeNull();
    list = itemsReducer(list, { type: 'remove', id: 'b' });
    expect(list.map((i) => i.id)).toEqual(['a', 'c']);
    list = itemsReducer(list, { type: 'add', items: items('d', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l') });
    expect(list).toHaveLength(10);
    expect(list.at(-1)!.id).toBe('k');
  });

  it('does not add the same library video twice', () => {
    const video = { name: 'Chapter 1', url: 'gen-1', duration: 12 };
    let list = itemsReducer([], { type: 'add', items: [libraryItem('x', video)] });
    list = itemsReducer(list, { type: 'add', items: [libraryItem('y', video)] });
    expect(list.map((i) => i.id)).toEqual(['x']);
  });

  it('keeps start time and volume within the limits', () => {
    let list = items('a');
    list = itemsReducer(list, { type: 'set', id: 'a', start_time: -3, volume: 9 });
    expect(list[0]).toMatchObject({ start_time: 0, volume: MERGE_LIMITS.maxVolume });
    list = itemsReducer(list, { type: 'set', id: 'a', start_time: Number.NaN, volume: 0.5 });
    expect(list[0]).toMatchObject({ start_time: 0, volume: 0.5 });
  });

  it('places the ready videos back to back in the order of the list, and sounds where chosen', () => {
    let list: InputItem[] = [
      ...items('a', 'b'),
      libraryItem('g', { name: 'Film', url: 'gen-9', duration: 30.5 }),
      uploadItem('m', file('music.mp3', 'audio/mpeg')),
    ];
    list = itemsReducer(list, {
      type: 'uploaded',
      id: 'b',
      upload: { file_url: '/api/v1/merge/uploads/b', duration: 3.2 },
    });
    list = itemsReducer(list, {
      type: 'uploaded',
      id: 'm',
      upload: { file_url: '/api/v1/merge/uploads/m', duration: 60 },
    });
    list = itemsReducer(list, { type: 'move', id: 'g', to: 0 });
    list = itemsReducer(list, { type: 'set', id: 'b', volume: 0.5 });
    list = itemsReducer(list, { type: 'set', id: 'm', start_time: 2 });
    expect(stillUploading(list)).toBe(1);
    const sources = inputSourcesOf(list);
    expect(sources).toEqual([
      { url: 'gen-9', type: 'video', start_time: 0, volume: 1 },
      { url: '/api/v1/merge/uploads/b', type: 'video', start_time: 30.5, volume: 0.5 },
      { url: '/api/v1/merge/uploads/m', type: 'audio', start_time: 2, volume: 1 },
    ]);
    expect(mergeRequest.safeParse({ input_sources: sources }).success).toBe(true);
    // Swapping the two videos swaps their places in time.
    list = itemsReducer(list, { type: 'move', id: 'b', to: 0 });
    expect(inputSourcesOf(list).map((s) => s.start_time)).toEqual([0, 3.2, 2]);
    expect(unmeasuredVideos(list)).toEqual([]);
    expect(unmeasuredVideos([libraryItem('x', { name: 'Old', url: 'u', duration: null })])).toEqual(['Old']);
  });

  it("offers the library's films and learning videos by their input id, named by book and day", () => {
    const item = {
      source: 'film' as const,
      title: 'Chapter 3: The Harbour Board',
      book_title: 'The Harbour Light',
      duration: 42,
      input_url: 'g1',
      created_at: '2026-11-20T10:00:00Z',
    };
    expect(libraryVideoOf(item)).toEqual({
      name: 'The Harbour Light: Chapter 3: The Harbour Board (2026-11-20)',
      url: 'g1',
      duration: 42,
      origin: 'Chapter film',
    });
    expect(
      libraryVideoOf({ ...item, source: 'learning_video', title: 'The Harbour Light', duration: 0 }),
    ).toEqual({
      name: 'The Harbour Light (2026-11-20)',
      url: 'g1',
      duration: null,
      origin: 'Learning video',
    });
  });

  it('offers completed, unexpired earlier results again', () => {
    const merge = (over: Partial<MergeStatus>) =>
      ({ status: 'completed', expired: false, output_url: 'u', ...over }) as MergeStatus;
    const reusable = reusableResults([
      merge({}),
      merge({ expired: true }),
      merge({ status: 'failed' }),
      merge({ output_url: null }),
    ]);
    expect(reusable).toHaveLength(1);
    expect(clock(65.4)).toBe('1:05');
    expect(clock(null)).toBe('');
    expect(fileSize(2000)).toBe('2 KB');
    expect(fileSize(12.34 * MB)).toBe('12.3 MB');
  });
});

describe('uploading a file in parts', () => {
  it('plans parts of the given size with the rest in the last one', () => {
    expect(planParts(20 * MB, 8 * MB)).toEqual([
      { part_number: 1, start: 0, end: 8 * MB },
      { part_number: 2, start: 8 * MB, end: 16 * MB },
      { part_number: 3, start: 16 * MB, end: 20 * MB },
    ]);
    expect(planParts(1000, 8 * MB)).toEqual([{ part_number: 1, start: 0, end: 1000 }]);
    expect(planParts(16 * MB, 8 * MB)).toHaveLength(2);
    expect(planParts(0, 8 * MB)).toEqual([]);
    const big = planParts(500 * MB, 8 * MB);
    expect(big).toHaveLength(63);
    expect(big.at(-1)!.end).toBe(500 * MB);
  });

  it('retries a failed part with a growing wait, signs it again after a 403, then gives up', () => {
    expect(afterPartFailure(1, 0)).toEqual({ action: 'retry', delayMs: 1000, resign: false });
    expect(afterPartFailure(2, 500)).toEqual({ action: 'retry', delayMs: 2000, resign: false });
    expect(afterPartFailure(3, 403)).toEqual({ action: 'retry', delayMs: 4000, resign: true });
    const last = afterPartFailure(PART_MAX_TRIES, 0);
    expect(last.action).toBe('fail');
    expect(last.action === 'fail' && last.message).toMatch(/interrupted/);
  });

  it('counts the bytes of finished parts and of parts in flight, and resumes with the rest', () => {
    const parts = planParts(20 * MB, 8 * MB);
    const done = new Set([1]);
    const inFlight = new Map([
      [2, 3 * MB],
      [3, 99 * MB], // never more than the part
    ]);
    expect(bytesSent(parts, done, inFlight)).toBe(8 * MB + 3 * MB + 4 * MB);
    expect(remainingParts(parts, done).map((p) => p.part_number)).toEqual([2, 3]);
  });
});

describe('polling (spec §8, §9)', () => {
  it('checks a merge every 3 s, backs off 1, 2, 4, 8, 16 s after failures, then loses it', () => {
    expect(nextMergePoll(0)).toEqual({ action: 'wait', delayMs: 3000 });
    expect([1, 2, 3, 4, 5].map((n) => nextMergePoll(n))).toEqual(
      [1000, 2000, 4000, 8000, 16_000].map((delayMs) => ({ action: 'wait', delayMs })),
    );
    expect(nextMergePoll(6)).toEqual({ action: 'lost' });
  });

  it('checks a preview after 2 s, then every 10 s, 30 times at most', () => {
    expect(nextPreviewPoll(0)).toEqual({ action: 'wait', delayMs: 2000 });
    expect(nextPreviewPoll(1)).toEqual({ action: 'wait', delayMs: 10_000 });
    expect(nextPreviewPoll(29)).toEqual({ action: 'wait', delayMs: 10_000 });
    expect(nextPreviewPoll(30)).toEqual({ action: 'timeout' });
    expect(previewNotFound(4999)).toBe('waiting');
    expect(previewNotFound(5000)).toBe('completed');
  });
});

describe('the schedules useJobStatus follows a merge and a preview on', () => {
  const merge = (status: string) => ({ status }) as MergeStatus;
  const preview = (status: string) => ({ status }) as PreviewStatus;

  it('a merge: first checked after 3 s, every 3 s while pending or processing, ended when it ends', () => {
    expect(firstWait(MERGE_SCHEDULE)).toBe(3000);
    for (const status of ['pending', 'processing'])
      expect(afterAnswer(MERGE_SCHEDULE, merge(status), 50)).toEqual({ action: 'wait', delayMs: 3000 });
    for (const status of ['completed', 'failed', 'cancelled'])
      expect(afterAnswer(MERGE_SCHEDULE, merge(status), 1)).toEqual({ action: 'ended' });
    expect([1, 2, 3, 4, 5].map((n) => afterFailure(MERGE_SCHEDULE, new Error(), n))).toEqual(
      [1000, 2000, 4000, 8000, 16_000].map((delayMs) => ({ action: 'wait', delayMs })),
    );
    expect(afterFailure(MERGE_SCHEDULE, new Error(), 6)).toEqual({ action: 'lost' });
  });

  it('a preview: first checked after 2 s, then every 10 s while processing, timed out after 30 checks', () => {
    expect(firstWait(PREVIEW_SCHEDULE)).toBe(2000);
    expect(afterAnswer(PREVIEW_SCHEDULE, preview('processing'), 1)).toEqual({
      action: 'wait',
      delayMs: 10_000,
    });
    expect(afterAnswer(PREVIEW_SCHEDULE, preview('completed'), 1)).toEqual({ action: 'ended' });
    expect(afterAnswer(PREVIEW_SCHEDULE, preview('processing'), 30)).toEqual({ action: 'timeout' });
  });
});

describe('parameters', () => {
  it('defaults to the medium tier in MP4 with the spec FFmpeg defaults, and sends a valid request', () => {
    const form = defaultForm();
    expect(form).toMatchObject({
      quality_tier: 'medium',
      output_format: 'mp4',
      fps: '30',
      preset: 'medium',
      crf: '23',
    });
    const body = mergeRequestOf(form, [{ url: '/api/v1/merge/uploads/a', type: 'video' }], {
      videoGenerationId: null,
      defaultName: 'Merge_20260101T000000',
    });
    expect(body).toMatchObject({
      merge_name: 'Merge_20260101T000000',
      watermark: null,
      processing_mode: 'ffmpeg_only',
    });
    expect(mergeRequest.safeParse(body).success).toBe(true);
  });

  it('applies a quick preset to the tier, format and FFmpeg fields and recognises it', () => {
    const form = applyPreset({ ...defaultForm(), merge_name: 'Mine' }, 'Web');
    expect(form).toMatchObject({
      quality_tier: 'custom',
      output_format: 'webm',
      video_codec: 'libvpx-vp9',
      audio_codec: 'libopus',
      resolution: '1280x720',
      crf: '31',
      merge_name: 'Mine',
    });
    expect(activePreset(form)).toBe('Web');
    expect(activePreset(defaultForm())).toBeNull();
    expect(applyPreset(form, 'Nope')).toBe(form);
    const body = mergeRequestOf(form, [{ url: 'x', type: 'video' }], {
      videoGenerationId: 'g',
      defaultName: 'n',
    });
    expect(body.ffmpeg_params).toMatchObject({ video_codec: 'libvpx-vp9', resolution: '1280x720', crf: 31 });
    expect(mergeRequest.safeParse(body).success).toBe(true);
  });

  it('explains a container that cannot hold the codecs, as the server would', () => {
    const vp9InMov = {
      ...applyPreset(defaultForm(), 'Web'),
      output_format: 'mov' as const,
      audio_codec: 'aac' as const,
    };
    const problem = compatibilityProblem(vp9InMov);
    expect(problem).toMatch(/MOV files cannot hold VP9 video/);
    const server = mergeRequest.safeParse(
      mergeRequestOf(vp9InMov, [{ url: 'x', type: 'video' }], { videoGenerationId: null, defaultName: 'n' }),
    );
    expect(server.success).toBe(false);
    expect(server.error?.issues.map((i) => i.message)).toContain(problem);
    const opusInMp4 = { ...applyPreset(defaultForm(), 'YouTube'), audio_codec: 'libopus' as const };
    expect(compatibilityProblem(opusInMp4)).toMatch(/Opus audio needs the WebM format/);
    // Outside Custom the format's own codecs are used: no problem whatever the hidden fields hold.
    expect(compatibilityProblem({ ...vp9InMov, quality_tier: 'high' })).toBeNull();
    expect(playbackNote({ ...defaultForm(), quality_tier: 'custom', video_codec: 'libx265' })).toMatch(
      /H.265/,
    );
    expect(playbackNote(defaultForm())).toBeNull();
    // The hint's fix: the format's own codecs, which the container holds.
    const fixed = withFormatCodecs({ ...defaultForm(), quality_tier: 'custom', output_format: 'webm' });
    expect(fixed).toMatchObject({ video_codec: 'libvpx-vp9', audio_codec: 'libopus' });
    expect(compatibilityProblem(fixed)).toBeNull();
  });

  it('checks the Custom fields and the watermark with the server words', () => {
    const form = {
      ...defaultForm(),
      quality_tier: 'custom' as const,
      fps: '121',
      crf: '2.5',
      video_bitrate: '50',
      resolution: 'huge',
    };
    expect(fieldErrors(form)).toEqual({
      fps: 'FPS must be a number from 1 to 120.',
      crf: 'CRF must be a whole number from 0 (best) to 51 (smallest).',
      video_bitrate: 'video_bitrate must be a whole number of kb/s from 100 to 50000.',
      resolution: 'Resolution must be WIDTHxHEIGHT (e.g. 1280x720) or a height such as 720p.',
    });
    // The same values outside Custom are not sent, so not checked.
    expect(fieldErrors({ ...form, quality_tier: 'web' })).toEqual({});
    expect(fieldErrors({ ...defaultForm(), watermark: true, watermark_text: '  ' })).toEqual({
      watermark_text: 'The watermark text must be 1 to 100 characters long.',
    });
    expect(
      formProblems({ ...defaultForm(), quality_tier: 'custom', fps: '1', crf: '0', resolution: '720p' }),
    ).toEqual([]);
  });

  it('sends a watermark and the Custom fields the server accepts, and previews the first two inputs', () => {
    const form = {
      ...defaultForm(),
      quality_tier: 'custom' as const,
      fps: '24',
      crf: '20',
      video_bitrate: '2500',
      audio_bitrate: '192' as const,
      watermark: true,
      watermark_text: ' BookStudio ',
      watermark_position: 'top-left' as const,
    };
    const inputs = ['a', 'b', 'c'].map((url) => ({ url, type: 'video' as const }));
    const body = mergeRequestOf(form, inputs, { videoGenerationId: null, defaultName: 'n' });
    expect(body.watermark).toEqual({ text: 'BookStudio', position: 'top-left' });
    expect(body.ffmpeg_params).toMatchObject({ fps: 24, crf: 20, video_bitrate: 2500, audio_bitrate: 192 });
    expect(mergeRequest.safeParse(body).success).toBe(true);
    const preview = previewRequestOf(form, inputs);
    expect(preview.input_sources.map((i) => i.url)).toEqual(['a', 'b']);
    expect(preview.preview_duration).toBe(30);
    expect(previewRequest.safeParse(preview).success).toBe(true);
  });
});

const started = (over: Partial<MergeStarted> = {}): MergeStarted => ({
  merge_id: 'm1',
  status: 'pending',
  queue_position: 2,
  processing_method: null,
  retry_count: 0,
  message: 'Merge operation started',
  ...over,
});

const status = (over: Partial<MergeStatus> = {}) =>
  ({
    merge_id: 'm1',
    status: 'processing',
    progress_percentage: 40,
    current_step: 'Re-encoding',
    processing_method: 're_encode',
    queue_position: 0,
    output_url: null,
    error_message: null,
    retry_count: 0,
    expired: false,
    duration: null,
    file_size_bytes: null,
    expires_at: null,
    ...over,
  }) as MergeStatus;

describe('the merge (spec §4)', () => {
  it('starts, waits in the queue, runs and completes with a result', () => {
    let s: MergeState = mergeReducer(initialMerge, { type: 'start' });
    expect(isMerging(s)).toBe(true);
    expect(mergeReducer(s, { type: 'start' })).toBe(s);
    s = mergeReducer(s, { type: 'started', answer: started() });
    expect(s).toMatchObject({ phase: 'running', job: { status: 'pending', queue_position: 2 } });
    const running = mergeReducer(s, { type: 'polled', status: status() });
    expect(running).toMatchObject({
      phase: 'running',
      job: { progress_percentage: 40, current_step: 'Re-encoding' },
    });
    expect(methodLabel('re_encode')).toBe('Re-encoded');
    expect(methodLabel('stream_copy')).toBe('Stream copy');
    const done = mergeReducer(running, {
      type: 'polled',
      status: status({ status: 'completed', progress_percentage: 100, output_url: '/media/out.mp4' }),
    });
    expect(hasResult(done)).toBe(true);
    expect(toastOf(running, done)).toEqual({
      kind: 'success',
      text: 'Merge operation completed successfully',
    });
    expect(mergeReducer(done, { type: 'reset' })).toEqual(initialMerge);
  });

  it('ignores answers about another merge and a start refused by the server', () => {
    const s = mergeReducer(mergeReducer(initialMerge, { type: 'start' }), {
      type: 'started',
      answer: started(),
    });
    expect(mergeReducer(s, { type: 'polled', status: status({ merge_id: 'other' }) })).toBe(s);
    expect(mergeReducer({ phase: 'starting' }, { type: 'startFailed' })).toEqual(initialMerge);
  });

  it('counts failed polls and loses the merge with the spec message', () => {
    let s = mergeReducer({ phase: 'starting' }, { type: 'started', answer: started() });
    s = mergeReducer(s, { type: 'pollFailed' });
    s = mergeReducer(s, { type: 'pollFailed' });
    expect(s).toMatchObject({ failures: 2 });
    s = mergeReducer(s, { type: 'polled', status: status() });
    expect(s).toMatchObject({ failures: 0 });
    const lost = mergeReducer(s, { type: 'lost' });
    expect(toastOf(s, lost)).toEqual({ kind: 'error', text: mergeMessages.lostConnection });
    expect(isMerging(lost)).toBe(false);
  });

  it('fails with the server words, retries up to three times, then no more', () => {
    const running = mergeReducer(
      { phase: 'starting' },
      { type: 'started', answer: started({ status: 'processing', queue_position: 0 }) },
    );
    const failed = mergeReducer(running, {
      type: 'polled',
      status: status({ status: 'failed', error_message: 'FFmpeg exited with code 1' }),
    });
    expect(toastOf(running, failed)).toEqual({ kind: 'error', text: 'FFmpeg exited with code 1' });
    expect(
      toastOf(running, mergeReducer(running, { type: 'polled', status: status({ status: 'failed' }) })),
    ).toEqual({
      kind: 'error',
      text: 'Merge operation failed',
    });
    const retrying = mergeReducer(failed, { type: 'retry' });
    expect(retrying.phase).toBe('retrying');
    expect(mergeReducer(retrying, { type: 'retryFailed' })).toEqual(failed);
    const again = mergeReducer(retrying, {
      type: 'retried',
      answer: started({ status: 'processing', retry_count: 1, processing_method: null }),
    });
    expect(again).toMatchObject({
      phase: 'running',
      job: { retry_count: 1, processing_method: 're_encode' },
    });
    expect(canRetry({ status: 'failed', retry_count: 2 })).toBe(true);
    expect(canRetry({ status: 'failed', retry_count: 3 })).toBe(false);
    expect(canRetry({ status: 'completed', retry_count: 0 })).toBe(false);
    const spent = mergeReducer(running, {
      type: 'polled',
      status: status({ status: 'failed', retry_count: 3 }),
    });
    expect(mergeReducer(spent, { type: 'retry' })).toBe(spent);
  });

  it('a cancelled merge says so; an expired result shows no player', () => {
    const running = mergeReducer({ phase: 'starting' }, { type: 'started', answer: started() });
    const cancelled = mergeReducer(running, { type: 'polled', status: status({ status: 'cancelled' }) });
    expect(toastOf(running, cancelled)).toEqual({ kind: 'info', text: 'Merge operation was cancelled' });
    const expired = mergeReducer(running, {
      type: 'polled',
      status: status({ status: 'completed', output_url: null, expired: true }),
    });
    expect(expired.phase).toBe('completed');
    expect(hasResult(expired)).toBe(false);
  });
});

const preview = (over: Partial<PreviewStatus> = {}): PreviewStatus => ({
  preview_id: 'p1',
  status: 'processing',
  preview_url: null,
  preview_duration: 30,
  progress_percentage: 0,
  error_message: null,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('the preview (spec §4)', () => {
  it('starts, is checked and completes with its player url', () => {
    const starting = previewReducer(initialPreview, { type: 'start' });
    const processing = previewReducer(starting, { type: 'started', answer: preview() });
    expect(previewToastOf(starting, processing)).toEqual({
      kind: 'info',
      text: 'Preview generation started',
    });
    const checked = previewReducer(processing, { type: 'pollMissed' });
    expect(checked).toMatchObject({ attempts: 1 });
    const done = previewReducer(checked, {
      type: 'polled',
      status: preview({ status: 'completed', preview_url: '/p.mp4' }),
    });
    expect(done).toMatchObject({ phase: 'completed', preview_url: '/p.mp4' });
    expect(previewToastOf(checked, done)).toEqual({
      kind: 'success',
      text: 'Preview generated successfully',
    });
  });

  it('times out, fails, and counts a late 404 as completed without a file', () => {
    const processing = previewReducer({ phase: 'starting' }, { type: 'started', answer: preview() });
    const timedOut = previewReducer(processing, { type: 'timeout' });
    expect(previewToastOf(processing, timedOut)).toEqual({
      kind: 'error',
      text: 'Preview generation timed out',
    });
    const failed = previewReducer(processing, {
      type: 'polled',
      status: preview({ status: 'failed', error_message: 'bad' }),
    });
    expect(failed).toEqual({ phase: 'failed', error: 'bad' });
    expect(previewToastOf(processing, failed)).toEqual({ kind: 'error', text: 'Failed to generate preview' });
    expect(previewReducer(processing, { type: 'notFound' })).toMatchObject({
      phase: 'completed',
      preview_url: null,
    });
    expect(previewReducer({ phase: 'starting' }, { type: 'startFailed', error: 'x' })).toEqual({
      phase: 'failed',
      error: 'x',
    });
  });
});

describe('downloading the result (spec §8)', () => {
  it('says what went wrong by status', () => {
    expect(downloadErrorText(404, 'x')).toBe(
      'Merge result not found. The operation may still be processing.',
    );
    expect(downloadErrorText(403, 'x')).toBe('Access denied...');
    expect(downloadErrorText(500, 'x')).toBe('Server error. Please try again later.');
    expect(downloadErrorText(410, mergeMessages.resultExpired)).toBe(mergeMessages.resultExpired);
    expect(tooLargeToDownload(2 * 1024 * MB + 1)).toBe(true);
    expect(tooLargeToDownload(2 * 1024 * MB)).toBe(false);
    expect(tooLargeToDownload(null)).toBe(false);
  });
});

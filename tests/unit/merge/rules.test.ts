import { describe, expect, it } from 'vitest';
import {
  mergePollBackoffMs,
  mergeMessages,
  retryLabel,
  defaultMergeName,
} from '../../../functions/contracts/merge';
import {
  containerProblem,
  effectiveCodecs,
  mergeRequest,
  previewRequest,
  startUploadRequest,
} from '../../../functions/contracts/merge-requests';
import { filterEscape, progressFraction } from '../../../functions/engine/media/ffmpeg';
import { audioEncoderArgs, videoEncoderArgs } from '../../../functions/engine/video/encoding';
import { watermarkFilter } from '../../../functions/engine/video/local/watermark';
import type { JobRecord } from '../../../functions/jobs';
import { jobRecord } from '../../support/job-record';
import type { MergeSettings, ResolvedInput, StreamInfo } from '../../../functions/merge/model';
import {
  downloadFileName,
  phaseProgress,
  placeInputs,
  plannedMethod,
  queuePosition,
  waitingInOrder,
} from '../../../functions/merge/plan';

/**
 * The Merge studio's pure rules: request validation in the spec's words, container compatibility,
 * how a merge is planned (stream copy or re-encode), the queue's order, the progress bar, FFmpeg's
 * progress lines, argument building and the watermark's filter.
 */
const source = { url: '/api/v1/merge/uploads/00000000-0000-4000-8000-000000000001', type: 'video' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('merge requests', () => {
  it('fills the spec defaults: volume 1, fps 30, preset medium, crf 23 (a start is placed by the server)', () => {
    const parsed = mergeRequest.parse({ input_sources: [source] });
    expect(parsed.input_sources[0]).toMatchObject({ volume: 1 });
    expect(parsed.input_sources[0]!.start_time).toBeUndefined();
    expect(parsed.ffmpeg_params).toEqual({ fps: 30, preset: 'medium', crf: 23 });
    expect(parsed).toMatchObject({
      quality_tier: 'medium',
      output_format: 'mp4',
      processing_mode: 'ffmpeg_only',
    });
  });

  it.each([
    [{ input_sources: [] }, mergeMessages.noInputs],
    [{}, mergeMessages.noInputs],
    [{ input_sources: Array(11).fill(source) }, mergeMessages.tooManyFiles],
    [
      { input_sources: [source], quality_tier: 'custom', ffmpeg_params: { video_codec: 'h264' } },
      'Unknown video codec "h264". Choose one of: libx264, libx265, libvpx-vp9.',
    ],
    [
      { input_sources: [source], ffmpeg_params: { audio_codec: 'flac' } },
      'Unknown audio codec "flac". Choose one of: aac, mp3, libopus.',
    ],
    [{ input_sources: [source], ffmpeg_params: { fps: 0 } }, 'FPS must be a number from 1 to 120.'],
    [{ input_sources: [source], ffmpeg_params: { fps: 121 } }, 'FPS must be a number from 1 to 120.'],
    [
      { input_sources: [source], ffmpeg_params: { filters: '-vf drawtext' } },
      'Unknown FFmpeg parameter "filters". Allowed: video_codec, audio_codec, resolution, fps, preset, crf, video_bitrate, audio_bitrate.',
    ],
    [
      { input_sources: [source], ffmpeg_params: { resolution: '1280x720;rm -rf /' } },
      'Resolution must be WIDTHxHEIGHT (e.g. 1280x720) or a height such as 720p.',
    ],
    [
      {
        input_sources: [source],
        quality_tier: 'custom',
        output_format: 'mov',
        ffmpeg_params: { video_codec: 'libvpx-vp9' },
      },
      'MOV files cannot hold VP9 video: choose libx264 or libx265, or the WebM format.',
    ],
    [
      { input_sources: [source], quality_tier: 'custom', ffmpeg_params: { audio_codec: 'libopus' } },
      'Opus audio needs the WebM format: choose AAC or MP3 for MP4 files.',
    ],
    [
      {
        input_sources: [source],
        quality_tier: 'custom',
        output_format: 'webm',
        ffmpeg_params: { video_codec: 'libx265' },
      },
      'WebM files hold only VP9 video with Opus audio: choose libvpx-vp9 and libopus, or the MP4 format.',
    ],
    [{ input_sources: [source], processing_mode: 'ffmpeg_openshot' }, mergeMessages.openshotUnavailable],
    [{ input_sources: [{ ...source, volume: 5 }] }, 'volume must be a number from 0 (muted) to 4.'],
    [
      { input_sources: [source], watermark: { text: ' ', position: 'top-left' } },
      'The watermark text must be 1 to 100 characters long.',
    ],
  ])('refuses %j with the words “%s”', (body, message) => {
    expect(firstMessage(mergeRequest.safeParse(body))).toBe(message);
  });

  it('the preview takes 1 or 2 inputs and at most 30 seconds', () => {
    expect(firstMessage(previewRequest.safeParse({ input_sources: [] }))).toBe(mergeMessages.previewInputs);
    expect(firstMessage(previewRequest.safeParse({ input_sources: [source, source, source] }))).toBe(
      mergeMessages.previewInputs,
    );
    expect(previewRequest.parse({ input_sources: [source, source] }).preview_duration).toBe(30);
    expect(previewRequest.safeParse({ input_sources: [source], preview_duration: 31 }).success).toBe(false);
  });

  it('declared uploads: 500 MB at most, video or audio only', () => {
    const upload = { file_name: 'a.mp4', file_type: 'video', content_type: 'video/mp4' };
    expect(startUploadRequest.safeParse({ ...upload, size_bytes: 500 * 1024 * 1024 }).success).toBe(true);
    expect(firstMessage(startUploadRequest.safeParse({ ...upload, size_bytes: 500 * 1024 * 1024 + 1 }))).toBe(
      'File size exceeds 500MB limit',
    );
    expect(
      firstMessage(
        startUploadRequest.safeParse({ ...upload, content_type: 'application/pdf', size_bytes: 9 }),
      ),
    ).toBe('File type application/pdf not supported. Allowed: video, audio');
    expect(
      startUploadRequest.safeParse({ ...upload, content_type: 'audio/mpeg', size_bytes: 9 }).success,
    ).toBe(true);
    // A type that says nothing of the file (or none): its bytes decide when the upload completes.
    for (const content_type of ['application/octet-stream', 'binary/octet-stream', '', undefined])
      expect(
        startUploadRequest.safeParse({ ...upload, content_type, size_bytes: 9 }).success,
        String(content_type),
      ).toBe(true);
  });

  it('places inputs without a start: each video after the one before it ends, a sound at 0', () => {
    expect(
      placeInputs([
        { type: 'video', duration: 4 },
        { type: 'audio', duration: 30 },
        { type: 'video', duration: 3.5 },
        { type: 'video', start_time: 20, duration: 2 },
        { type: 'video', duration: 1 },
        { type: 'audio', start_time: 5, duration: 1 },
      ]),
    ).toEqual([0, 0, 4, 20, 22, 5]);
    expect(
      placeInputs([
        { type: 'video', start_time: 0.5, duration: 1 / 3 },
        { type: 'video', duration: 1 },
      ]),
    ).toEqual([0.5, 0.833]);
  });

  it('containers: the tiers use what the format holds; the Custom tier is checked', () => {
    expect(effectiveCodecs('medium', 'webm', { video_codec: 'libx264' })).toEqual({
      video: 'libvpx-vp9',
      audio: 'libopus',
    });
    expect(effectiveCodecs('custom', 'mp4', { video_codec: 'libx265' })).toEqual({
      video: 'libx265',
      audio: 'aac',
    });
    expect(containerProblem('mp4', 'libx264', 'mp3')).toBeNull();
    expect(containerProblem('mov', 'libx265', 'aac')).toBeNull();
    expect(containerProblem('webm', 'libvpx-vp9', 'libopus')).toBeNull();
    expect(containerProblem('mp4', 'libvpx-vp9', 'aac')).toMatch(/cannot hold VP9/);
  });

  it('polling constants and labels follow the spec', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(mergePollBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(retryLabel(2)).toBe('Attempt 2/3');
    expect(defaultMergeName(new Date('2026-11-24T13:05:09.123Z'))).toBe('Merge_20261124T130509');
  });
});

const streams = (over: Partial<StreamInfo> = {}): StreamInfo => ({
  duration: 4,
  width: 1280,
  height: 720,
  fps: 30,
  video_codec: 'h264',
  audio_codec: 'aac',
  audio_sample_rate: 48000,
  audio_channels: 2,
  pixel_format: 'yuv420p',
  video_profile: 'High',
  video_level: 31,
  video_time_base: '1/15360',
  ...over,
});
const input = (
  start: number,
  s: StreamInfo | null = streams(),
  over: Partial<ResolvedInput> = {},
): ResolvedInput => ({
  url: 'u',
  type: 'video',
  start_time: start,
  volume: 1,
  bucket: 'uploads',
  key: 'k',
  duration: s?.duration ?? 0,
  streams: s,
  ...over,
});
const settings = (over: Partial<MergeSettings> = {}): MergeSettings => ({
  quality_tier: 'medium',
  output_format: 'mp4',
  processing_mode: 'ffmpeg_only',
  ffmpeg_params: { fps: 30, preset: 'medium', crf: 23 },
  watermark: null,
  ...over,
});

describe('planning a merge', () => {
  it('copies streams of back-to-back clips that match the output', () => {
    expect(plannedMethod(settings(), [input(0), input(4)])).toBe('stream_copy');
  });

  it.each([
    ['another size', [input(0), input(4, streams({ width: 640, height: 360 }))], settings()],
    ['another frame rate', [input(0), input(4, streams({ fps: 25 }))], settings()],
    ['another sample rate', [input(0), input(4, streams({ audio_sample_rate: 44100 }))], settings()],
    ['another codec', [input(0), input(4, streams({ video_codec: 'hevc' }))], settings()],
    ['another H.264 profile', [input(0), input(4, streams({ video_profile: 'Main' }))], settings()],
    ['a higher H.264 level after the first', [input(0), input(4, streams({ video_level: 40 }))], settings()],
    ['another pixel format', [input(0), input(4, streams({ pixel_format: 'yuvj420p' }))], settings()],
    ['another time base', [input(0), input(4, streams({ video_time_base: '1/90000' }))], settings()],
    ['a gap between clips', [input(0), input(5)], settings()],
    ['a volume change', [input(0), input(4, streams(), { volume: 0.5 })], settings()],
    ['a watermark', [input(0), input(4)], settings({ watermark: { text: 'x', position: 'top-left' } })],
    ['a format that cannot hold them', [input(0), input(4)], settings({ output_format: 'webm' })],
    ['a tier of another size', [input(0), input(4)], settings({ quality_tier: 'high' })],
  ])('re-encodes with %s', (_what, inputs, chosen) => {
    expect(plannedMethod(chosen, inputs)).toBe('re_encode');
  });

  it('copies a later clip of a lower level than the first (its header covers it)', () => {
    expect(plannedMethod(settings(), [input(0), input(4, streams({ video_level: 30 }))])).toBe('stream_copy');
  });

  it('waits for the run to decide when an input’s streams are unknown', () => {
    expect(plannedMethod(settings(), [input(0), input(4, null)])).toBeNull();
  });
});

const job = (id: string, status: JobRecord['status'], at: string, deferred?: boolean): JobRecord =>
  jobRecord(at, {
    id,
    kind: 'merge',
    owner_id: 'u',
    status,
    progress: 0,
    started_at: at,
    ...(deferred === undefined ? {} : { deferred }),
  });

describe('the queue', () => {
  it('runs waiting merges oldest request first; running and finished ones are not in it', () => {
    const all = [
      job('c', 'queued', '2026-11-24T10:00:03Z', true),
      job('a', 'running', '2026-11-24T10:00:00Z', false),
      job('b', 'queued', '2026-11-24T10:00:01Z', true),
      job('d', 'ready', '2026-11-24T09:00:00Z'),
    ];
    expect(waitingInOrder(all).map((j) => j.id)).toEqual(['b', 'c']);
    expect(all.map((j) => queuePosition(j, ['b', 'c']))).toEqual([2, 0, 1, 0]);
  });
});

describe('progress', () => {
  it('moves through downloading, merging and uploading without going back', () => {
    expect(phaseProgress('downloading', 0)).toBe(1);
    expect(phaseProgress('downloading', 1)).toBe(10);
    expect(phaseProgress('re_encode', 0.5)).toBe(50);
    expect(phaseProgress('stream_copy', 1)).toBe(90);
    expect(phaseProgress('uploading', 1)).toBe(99);
    expect(phaseProgress('re_encode', Number.NaN)).toBe(10);
  });

  it('reads FFmpeg’s -progress lines as a fraction of the expected length', () => {
    expect(progressFraction('out_time_us=5000000', 10)).toBe(0.5);
    expect(progressFraction('out_time_ms=2500000', 10)).toBe(0.25);
    expect(progressFraction('out_time_us=20000000', 10)).toBe(1);
    expect(progressFraction('out_time_us=-9223372036854775807', 10)).toBe(0);
    expect(progressFraction('out_time=00:00:05.000000', 10)).toBeNull();
    expect(progressFraction('out_time_us=N/A', 10)).toBeNull();
    expect(progressFraction('progress=continue', 10)).toBeNull();
    expect(progressFraction('out_time_us=5000000', 0)).toBeNull();
  });
});

describe('FFmpeg arguments', () => {
  it('a chosen bitrate replaces the CRF, for every codec', () => {
    const x264 = videoEncoderArgs({ videoCodec: 'libx264', preset: 'fast', crf: 23, videoBitrateKbps: 2500 });
    expect(x264).not.toContain('-crf');
    expect(x264).toEqual(expect.arrayContaining(['-b:v', '2500k', '-maxrate', '3750k', '-bufsize', '5000k']));
    const vp9 = videoEncoderArgs({
      videoCodec: 'libvpx-vp9',
      preset: 'fast',
      crf: 31,
      videoBitrateKbps: 1000,
    });
    expect(vp9).not.toContain('-crf');
    expect(vp9.filter((a) => a === '-b:v')).toHaveLength(1);
    expect(vp9).toEqual(expect.arrayContaining(['-b:v', '1000k']));
    expect(videoEncoderArgs({ videoCodec: 'libx264', preset: 'fast', crf: 23 })).toEqual(
      expect.arrayContaining(['-crf', '23']),
    );
    expect(audioEncoderArgs('aac', 96)).toEqual(expect.arrayContaining(['-b:a', '96k']));
    expect(audioEncoderArgs('aac')).toEqual(expect.arrayContaining(['-b:a', '160k']));
  });

  it('the watermark text never enters the filter graph; paths are escaped for it', () => {
    const hostile = `it's 100% "fun": [a]; \\ %{pts} drawbox=`;
    const filter = watermarkFilter('pictures', `/tmp/a'b:c,d/${'watermark.txt'}`, 'bottom-left', 'vout');
    expect(filter).not.toContain(hostile);
    expect(filter).toContain('expansion=none');
    expect(filter).toContain(`textfile=${filterEscape(`/tmp/a'b:c,d/watermark.txt`)}`);
    expect(filterEscape(`a'b:c,d[e];f\\g`)).toBe(`a\\'b\\:c\\,d\\[e\\]\\;f\\\\g`);
    // Bottom-left: x at the margin, y from the bottom.
    expect(filter).toMatch(/x=h\*0\.03:y=h-th-h\*0\.03/);
  });
});

describe('downloads', () => {
  it('names the file after the merge in safe characters', () => {
    expect(downloadFileName('Two compatible clips', 'mp4')).toBe('Two_compatible_clips.mp4');
    expect(downloadFileName('../../etc/passwd', 'mov')).toBe('etc_passwd.mov');
    expect(downloadFileName('“Ünïcode” ✂', 'webm')).toBe('Unicode.webm');
    expect(downloadFileName('', 'mp4')).toBe('merge.mp4');
  });
});

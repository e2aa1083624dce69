import { MERGE_STEPS, type ProcessingMethod } from '../contracts/merge';
import { planMerge } from '../engine/video/local/merge';
import type { MergeRequest } from '../engine/video/types';
import type { ProbeResult } from '../engine/types';
import type { JobRecord } from '../jobs';
import type { MergeSettings, ResolvedInput, StreamInfo } from './model';

/**
 * The Merge studio's pure rules: what a file's streams are, how a merge will be made from them
 * (stream copy or re-encode), the order of a user's queue, how the bar moves through the steps, and
 * the download's file name.
 */

export function streamsOf(probe: ProbeResult): StreamInfo {
  return {
    duration: probe.duration,
    width: probe.video?.width ?? null,
    height: probe.video?.height ?? null,
    fps: probe.video?.fps ?? null,
    video_codec: probe.video?.codec ?? null,
    audio_codec: probe.audio?.codec ?? null,
    audio_sample_rate: probe.audio?.sampleRate ?? null,
    audio_channels: probe.audio?.channels ?? null,
    pixel_format: probe.video?.pixelFormat ?? null,
    video_profile: probe.video?.profile ?? null,
    video_level: probe.video?.level ?? null,
    video_time_base: probe.video?.timeBase ?? null,
  };
}

export function probeOf(streams: StreamInfo): ProbeResult {
  return {
    duration: streams.duration,
    bytes: 0,
    formatName: '',
    ...(streams.video_codec
      ? {
          video: {
            codec: streams.video_codec,
            width: streams.width ?? 0,
            height: streams.height ?? 0,
            fps: streams.fps ?? 0,
            pixelFormat: streams.pixel_format ?? 'yuv420p',
            ...(streams.video_profile ? { profile: streams.video_profile } : {}),
            ...(streams.video_level ? { level: streams.video_level } : {}),
            ...(streams.video_time_base ? { timeBase: streams.video_time_base } : {}),
          },
        }
      : {}),
    ...(streams.audio_codec
      ? {
          audio: {
            codec: streams.audio_codec,
            sampleRate: streams.audio_sample_rate ?? 0,
            channels: streams.audio_channels ?? 2,
          },
        }
      : {}),
  };
}

/**
 * Where each input starts on the merge's timeline (seconds): at its start_time when it has one; a
 * video without one right after the video before it in the list ends (the first at 0), as the
 * studio places them; a sound without one at 0, under the whole merge.
 */
export function placeInputs(
  inputs: readonly { type: 'video' | 'audio'; start_time?: number; duration: number }[],
): number[] {
  let end = 0;
  return inputs.map((input) => {
    const start = input.start_time ?? (input.type === 'video' ? end : 0);
    if (input.type === 'video') end = start + Math.max(0, input.duration);
    return Math.round(start * 1000) / 1000;
  });
}

export const methodName = (method: 'stream_copy' | 'encode'): ProcessingMethod =>
  method === 'stream_copy' ? 'stream_copy' : 're_encode';

/** The engine's merge request for these settings (paths are the stored files' local copies). */
export function engineRequest(
  settings: MergeSettings,
  inputs: { path: string; input: ResolvedInput }[],
  outputPath: string,
  previewSeconds?: number,
): MergeRequest {
  return {
    inputs: inputs.map(({ path, input }) => ({
      path,
      type: input.type,
      start_time: input.start_time,
      volume: input.volume,
    })),
    tier: settings.quality_tier,
    format: previewSeconds ? 'mp4' : settings.output_format,
    params: previewSeconds
      ? { ...settings.ffmpeg_params, video_codec: 'libx264', audio_codec: 'aac' }
      : settings.ffmpeg_params,
    ...(settings.watermark ? { watermark: settings.watermark } : {}),
    ...(previewSeconds ? { previewSeconds } : {}),
    ...(settings.max_frame
      ? { maxFrame: { shortSide: settings.max_frame.short_side, longSide: settings.max_frame.long_side } }
      : {}),
    outputPath,
  };
}

/**
 * How the merge will be made, when every input's streams are known (else null: decided when it
 * runs). Throws the engine's error for settings or inputs it refuses.
 */
export function plannedMethod(settings: MergeSettings, inputs: ResolvedInput[]): ProcessingMethod | null {
  const request = engineRequest(
    settings,
    inputs.map((input, i) => ({ path: `input-${i}`, input })),
    'output',
  );
  if (inputs.some((i) => !i.streams)) return null;
  return methodName(
    planMerge(
      request,
      inputs.map((i) => probeOf(i.streams!)),
    ).method,
  );
}

/** A user's merges waiting for their turn, oldest request first (a view of the job records). */
export function waitingInOrder<J extends JobRecord>(jobs: J[]): J[] {
  return jobs
    .filter(isWaiting)
    .sort(
      (a, b) =>
        (a.started_at ?? a.created_at).localeCompare(b.started_at ?? b.created_at) ||
        a.id.localeCompare(b.id),
    );
}

/** A merge queued for its turn (deferred: its workflow not started yet). */
export const isWaiting = (job: JobRecord) => job.status === 'queued' && job.deferred === true;

/**
 * 0 when the job is not waiting; n ≥ 1 when it is n-th in its owner's queue. `order` is the queue
 * (waiting job ids in turn order, read consistently from the queue's items).
 */
export function queuePosition(job: JobRecord, order: readonly string[]): number {
  if (!isWaiting(job)) return 0;
  const index = order.indexOf(job.id);
  return index < 0 ? order.length + 1 : index + 1;
}

/** The bar through a merge: inputs 0–10 %, merging 10–90 %, uploading 90–99 %, done 100 %. */
export const PHASES = {
  downloading: { from: 1, to: 10, step: MERGE_STEPS.downloading },
  stream_copy: { from: 10, to: 90, step: MERGE_STEPS.streamCopy },
  re_encode: { from: 10, to: 90, step: MERGE_STEPS.reEncode },
  uploading: { from: 90, to: 99, step: MERGE_STEPS.uploading },
} as const;

export function phaseProgress(phase: keyof typeof PHASES, fraction: number): number {
  const { from, to } = PHASES[phase];
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.round(from + (to - from) * f);
}

/** The download's file name: the merge's name in safe characters, with the format's extension. */
export function downloadFileName(name: string, format: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 100);
  return `${safe || 'merge'}.${format}`;
}

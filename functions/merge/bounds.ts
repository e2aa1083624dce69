import {
  frameFits,
  presetAllowed,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  type PlanLimits,
  type Tier,
} from '../contracts/subscriptions';
import { parseResolution } from '../engine/video/local/params';
import type { Preset, VideoCodec } from '../engine/video/types';
import type { Size } from '../engine/types';
import { MERGE_WORKER_MEMORY_MB } from './jobs/merge.workflow';
import type { MergeSettings } from './model';

/**
 * The bounds of a merge (and of its preview), checked when it is asked for, before any job starts:
 * by the user's plan (what it asked for outright, and the length of its timeline) and by the
 * machine that will make it (the worker's memory). Pure: the service reads the plan and the inputs.
 */

/** Where the timeline ends: the latest end of any input (its start plus its length), seconds. */
export function timelineEnd(inputs: readonly { start_time: number; duration: number }[]): number {
  return Math.max(0, ...inputs.map((i) => i.start_time + Math.max(0, i.duration)));
}

const sizeText = (size: Size) => `${size.width}×${size.height}`;
const frameText = ({ merge_frame: f }: PlanLimits) =>
  `merges videos of at most ${f.long_side}×${f.short_side} (or ${f.short_side}×${f.long_side})`;

/**
 * Why the plan refuses a merge, in its words, or null. Only the Custom tier's numbers are asked for
 * outright (the named tiers and a Custom merge without a resolution are made at most at the plan's
 * merge frame instead); the timeline's length is the merged video's, whatever the tier.
 */
export function planRefusal(
  tier: Tier,
  settings: Pick<MergeSettings, 'quality_tier' | 'ffmpeg_params'>,
  timelineSeconds: number,
): { code: 'plan_limit' | 'video_too_long'; message: string } | null {
  const plan = SUBSCRIPTION_TIERS[tier];
  const limits = plan.limits;
  const over = (allows: string, asked: string) => ({
    code: 'plan_limit' as const,
    message: subscriptionMessages.overPlan(tier, allows, asked),
  });
  if (timelineSeconds > plan.max_video_duration)
    return {
      code: 'video_too_long',
      message: subscriptionMessages.tooLong(tier, 'this merge', timelineSeconds),
    };
  if (settings.quality_tier !== 'custom') return null;
  const p = settings.ffmpeg_params;
  if (p.resolution) {
    const asked = parseResolution(p.resolution);
    if (!frameFits(limits.merge_frame, asked)) return over(frameText(limits), sizeText(asked));
  }
  if (p.fps !== undefined && p.fps > limits.max_fps)
    return over(`makes videos of at most ${limits.max_fps} frames per second`, `${p.fps} fps`);
  if (p.preset && !presetAllowed(limits, p.preset))
    return over(
      `encodes with presets up to ${limits.slowest_preset}`,
      `the ${p.preset} preset (slower ones take much longer)`,
    );
  if (p.crf !== undefined && p.video_bitrate === undefined && p.crf < limits.min_crf)
    return over(`encodes at a CRF of ${limits.min_crf} or more`, `CRF ${p.crf}`);
  if (p.video_bitrate !== undefined && p.video_bitrate > limits.max_video_bitrate_kbps)
    return over(`encodes video at up to ${limits.max_video_bitrate_kbps} kb/s`, `${p.video_bitrate} kb/s`);
  return null;
}

/**
 * FFmpeg's peak memory (MB) for a merge, estimated from frame buffers at the OUTPUT frame
 * (yuv420p: width × height × 1.5 bytes): a fixed 70 MB (the program, its codecs, the sound), 16
 * frames per video input (the decoder's reference frames and threads, the scale and overlay
 * queues) and the encoder's own frames: x264's by preset (its lookahead, B-frames and references
 * with their half-size and motion planes), x265 the same but at least 70, VP9 85 at any speed (its
 * lag in frames does not change with the speed).
 *
 * Basis: peak resident memory (/usr/bin/time) of this engine's merge graph on FFmpeg 5.1, 2 s
 * clips, 2 cores — x264 at 1920×1080: 1 input ultrafast 137 MB, superfast 258, veryfast 304,
 * faster 370, fast 434, medium 506, slow 576, slower 632, veryslow 812; 4 inputs medium 619, 10
 * inputs 937; 3840×2160 medium 1 628, ultrafast 286; 854×480 medium 166; 1280×720 10 inputs 491;
 * x265 medium 455, ultrafast 306; VP9 (good, any speed) 360. The estimate is within −7 % and +18 %
 * of each (2160p ultrafast: +53 %).
 */
const ENCODER_FRAMES: Record<Preset, number> = {
  ultrafast: 15,
  superfast: 55,
  veryfast: 70,
  faster: 90,
  fast: 110,
  medium: 135,
  slow: 160,
  slower: 180,
  veryslow: 235,
};
const FRAMES_PER_INPUT = 16;
const FIXED_MB = 70;

const encoderFrames = (preset: Preset, codec: VideoCodec) =>
  codec === 'libvpx-vp9'
    ? 85
    : codec === 'libx265'
      ? Math.max(70, ENCODER_FRAMES[preset])
      : ENCODER_FRAMES[preset];

export function mergeMemoryMb(frame: Size, videoInputs: number, preset: Preset, codec: VideoCodec): number {
  const frameMb = (frame.width * frame.height * 1.5) / (1024 * 1024);
  return FIXED_MB + frameMb * (encoderFrames(preset, codec) + FRAMES_PER_INPUT * Math.max(1, videoInputs));
}

/**
 * What FFmpeg may use of the worker's memory: all of it but 512 MB for the worker's own process
 * (Node, the storage streams) and the loudness pass that follows the encode.
 */
export const MERGE_MEMORY_BUDGET_MB = MERGE_WORKER_MEMORY_MB - 512;

/** Why the worker cannot make this merge (it would need more memory than it has), or null. */
export function machineRefusal(
  frame: Size,
  videoInputs: number,
  preset: Preset,
  codec: VideoCodec,
): string | null {
  const needed = mergeMemoryMb(frame, videoInputs, preset, codec);
  if (needed <= MERGE_MEMORY_BUDGET_MB) return null;
  return `A merge of ${videoInputs} video${videoInputs === 1 ? '' : 's'} at ${sizeText(frame)} with the ${preset} preset needs about ${Math.round(needed / 100) / 10} GB of memory; the merge worker has ${Math.round(MERGE_MEMORY_BUDGET_MB / 100) / 10} GB for it. Choose a smaller resolution, fewer videos or a faster preset.`;
}

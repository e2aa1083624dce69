import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probe, runFilterGraph } from '../../media/ffmpeg';
import { EngineError, type ProbeResult } from '../../types';
import type { MergeInput, MergeRequest, VideoResult } from '../types';
import { fitVideo } from '../frames';
import { canStreamCopy, streamCopyConcat } from './concat';
import {
  audioEncoderArgs,
  containerArgs,
  encodedOutput,
  PROBE_AUDIO_CODEC,
  PROBE_VIDEO_CODEC,
  type EncodeSettings,
} from '../encoding';
import { levelFile } from '../../audio/local/level';
import { probeInput } from './inputs';
import { resolveMergeSettings, validateMergeInputs } from './params';
import { withTempDir } from '../../media/temp';
import { composeTimeline, sec, type TimelineSegment } from '../timeline';
import { watermarkFilter } from './watermark';

/**
 * The merge studio: videos placed at their start times (later inputs on top, black where nothing
 * plays), every sound mixed at its own volume, an optional text watermark, encoded with the chosen
 * tier or custom parameters. Videos that simply follow each other and already match the output are
 * joined by stream copy instead.
 */
const SEQUENCE_TOLERANCE = 0.1;

interface Placed {
  input: MergeInput;
  probe: ProbeResult;
  index: number;
}

/** Plain back-to-back videos at full volume: the case that needs no filtering at all. */
export function isPlainSequence(placed: Placed[], request: MergeRequest): boolean {
  if (request.watermark || request.previewSeconds) return false;
  if (placed.some((p) => p.input.type !== 'video' || p.input.volume !== 1)) return false;
  const ordered = [...placed].sort((a, b) => a.input.start_time - b.input.start_time);
  let end = 0;
  for (const p of ordered) {
    if (Math.abs(p.input.start_time - end) > SEQUENCE_TOLERANCE) return false;
    end = p.input.start_time + p.probe.duration;
  }
  return true;
}

export function mixAudio(placed: Placed[], total: number, output: string): string[] {
  const sounding = placed.filter((p) => p.probe.audio);
  if (!sounding.length) return [`anullsrc=r=48000:cl=stereo,atrim=0:${sec(total)}[${output}]`];
  const statements = sounding.map((p, i) => {
    const delay = Math.round(p.input.start_time * 1000);
    return `[${p.index}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${p.input.volume},adelay=${delay}|${delay},apad,atrim=0:${sec(total)},asetpts=PTS-STARTPTS[mix${i}]`;
  });
  const labels = sounding.map((_, i) => `[mix${i}]`).join('');
  // amix divides every input by their number; multiplying back keeps each sound at its own volume.
  statements.push(
    sounding.length === 1
      ? `[mix0]anull[${output}]`
      : `${labels}amix=inputs=${sounding.length}:duration=longest:dropout_transition=0,volume=${sounding.length}[${output}]`,
  );
  return statements;
}

/**
 * Whether the videos share one codec configuration: a stream copy keeps the first file's headers
 * (MP4's avcC, WebM's CodecPrivate), so another profile, a higher level, another pixel format or time base midway
 * would be decoded with the wrong headers (a CABAC part read as CAVLC). Files differing in any of
 * them are re-encoded; a later part of a lower level than the first is the one difference allowed.
 */
export function oneCodecConfiguration(probes: ProbeResult[]): boolean {
  const first = probes[0]?.video;
  return probes.every(
    (p) =>
      p.video !== undefined &&
      p.video.pixelFormat === first?.pixelFormat &&
      p.video.profile === first.profile &&
      // The level the header declares must cover every part (a lower one is fine).
      (p.video.level ?? 0) <= (first.level ?? 0) &&
      p.video.timeBase === first.timeBase,
  );
}

/**
 * How a merge will be made from its inputs' probes: stream copy when the videos simply follow each
 * other at full volume with nothing drawn on them and already match the output; encoded otherwise.
 */
export function planMerge(
  request: MergeRequest,
  probes: ProbeResult[],
): { method: 'stream_copy' | 'encode'; settings: EncodeSettings; total: number; placed: Placed[] } {
  validateMergeInputs(request);
  const placed: Placed[] = request.inputs.map((input, index) => ({ input, probe: probes[index]!, index }));
  for (const p of placed) {
    if (p.input.type === 'video' && !p.probe.video)
      throw new EngineError('invalid_input', `Input ${p.index + 1} is marked as video but has no picture.`);
    if (p.input.type === 'audio' && !p.probe.audio)
      throw new EngineError('invalid_input', `Input ${p.index + 1} is marked as audio but has no sound.`);
  }
  const videos = placed
    .filter((p) => p.input.type === 'video')
    .sort((a, b) => a.input.start_time - b.input.start_time);
  const first = videos[0]!.probe.video!;
  const settings = resolveMergeSettings(request, { width: first.width, height: first.height });
  const total = Math.max(...placed.map((p) => p.input.start_time + p.probe.duration));
  const copy =
    isPlainSequence(placed, request) &&
    oneCodecConfiguration(videos.map((v) => v.probe)) &&
    settings.videoBitrateKbps === undefined &&
    settings.audioBitrateKbps === undefined &&
    canStreamCopy(
      videos.map((v) => v.probe),
      {
        videoCodec: PROBE_VIDEO_CODEC[settings.videoCodec],
        audioCodec: videos[0]!.probe.audio ? PROBE_AUDIO_CODEC[settings.audioCodec] : undefined,
        size: settings.size,
        fps: settings.fps,
      },
    );
  return { method: copy ? 'stream_copy' : 'encode', settings, total, placed };
}

export async function mergeMedia(request: MergeRequest): Promise<VideoResult> {
  validateMergeInputs(request);
  const known = request.probes?.length === request.inputs.length ? request.probes : undefined;
  const probes =
    known ?? (await Promise.all(request.inputs.map((input, i) => probeInput(input.path, `input ${i + 1}`))));
  const { method, settings, total, placed } = planMerge(request, probes);
  if (method === 'stream_copy') {
    const videos = placed
      .filter((p) => p.input.type === 'video')
      .sort((a, b) => a.input.start_time - b.input.start_time);
    const first = videos[0]!.probe;
    return streamCopyConcat(
      videos.map((v) => v.input.path),
      request.outputPath,
      settings.format,
      total,
      request.onProgress,
      // The copy has the inputs' streams: with them known, the result needs no probe either.
      known ? { ...first, duration: total, formatName: settings.format } : undefined,
    );
  }
  return encodeMerge(request, placed, settings, total);
}

async function encodeMerge(
  request: MergeRequest,
  placed: Placed[],
  settings: EncodeSettings,
  total: number,
): Promise<VideoResult> {
  const length = request.previewSeconds ? Math.min(request.previewSeconds, total) : total;
  const { size, fps } = settings;
  // Input order is stacking order: later videos cover earlier ones where they overlap.
  const videos = placed.filter((p) => p.input.type === 'video');
  const segments: TimelineSegment[] = videos.map((v) => ({
    input: `picture${v.index}`,
    start: v.input.start_time,
    duration: v.probe.duration,
  }));
  const statements = [
    ...videos.map((v) => fitVideo(`${v.index}:v`, size, fps, v.probe.duration, `picture${v.index}`)),
    ...composeTimeline(segments, { size, fps, total, output: 'pictures' }),
    ...mixAudio(placed, total, 'aout'),
  ];
  return withTempDir('merge', async (dir) => {
    let videoLabel = 'pictures';
    if (request.watermark) {
      const textFile = join(dir, 'watermark.txt');
      await writeFile(textFile, request.watermark.text.trim());
      statements.push(watermarkFilter('pictures', textFile, request.watermark.position, 'vout'));
      videoLabel = 'vout';
    }
    // Re-encoded merges play at the product's loudness (-16 LUFS, true peak under -1 dBTP), the
    // inputs' volumes kept relative to each other; a stream copy keeps the user's own sound as it is.
    const encoded = join(dir, `encoded.${settings.format}`);
    await runFilterGraph(
      {
        inputs: placed.flatMap((p) => ['-i', p.input.path]),
        graph: statements,
        outputs: encodedOutput(videoLabel, settings, length, encoded),
      },
      { duration: length, onProgress: request.onProgress && ((f) => request.onProgress!(f * 0.95)) },
    );
    await levelFile({
      inputPath: encoded,
      outputPath: request.outputPath,
      audioArgs: audioEncoderArgs(settings.audioCodec, settings.audioBitrateKbps),
      containerArgs: containerArgs(settings.format),
    });
    request.onProgress?.(1);
    return { path: request.outputPath, probe: await probe(request.outputPath), method: 'encode' as const };
  });
}

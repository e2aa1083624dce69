import { rm } from 'node:fs/promises';
import { levelFile, VIDEO_AUDIO_ARGS } from '../../audio/local/level';
import { probe, runFfmpeg } from '../../media/ffmpeg';
import { EngineError, type Size } from '../../types';
import {
  OUTPUT_FORMATS,
  TRANSCODE_QUALITIES,
  type TranscodeQuality,
  type TranscodeRequest,
  type VideoResult,
} from '../types';
import { audioEncoderArgs, containerArgs, outputArgs, type EncodeSettings } from '../encoding';
import { probeInput } from './inputs';
import { sizeForShortSide } from './params';
import { fitAndPad } from '../frames';
import { sec } from '../timeline';

export const TRANSCODE_SHORT_SIDE: Record<TranscodeQuality, number> = {
  low: 480,
  medium: 720,
  high: 1080,
  ultra: 2160,
};

/** A 16:9 frame (9:16 for portrait sources) with the quality's short side; the picture is fitted and padded. */
export function transcodeFrame(source: Size, quality: TranscodeQuality): Size {
  const portrait = source.height > source.width;
  return sizeForShortSide(
    TRANSCODE_SHORT_SIDE[quality],
    portrait ? { width: 9, height: 16 } : { width: 16, height: 9 },
  );
}

export async function transcodeVideo(request: TranscodeRequest): Promise<VideoResult> {
  if (!(TRANSCODE_QUALITIES as readonly string[]).includes(request.quality)) {
    throw new EngineError(
      'invalid_params',
      `Unknown quality "${request.quality}". Choose one of: ${TRANSCODE_QUALITIES.join(', ')}.`,
    );
  }
  if (!(OUTPUT_FORMATS as readonly string[]).includes(request.format)) {
    throw new EngineError(
      'invalid_params',
      `Unknown format "${request.format}". Choose one of: ${OUTPUT_FORMATS.join(', ')}.`,
    );
  }
  const source = await probeInput(request.inputPath, 'video');
  if (!source.video) throw new EngineError('invalid_input', 'The file has no video track to convert.');
  const size = transcodeFrame(source.video, request.quality);
  const webm = request.format === 'webm';
  const settings: EncodeSettings = {
    videoCodec: webm ? 'libvpx-vp9' : 'libx264',
    audioCodec: webm ? 'libopus' : 'aac',
    preset: 'fast',
    crf: webm ? 31 : 23,
    format: request.format,
    fps: Math.min(60, Math.max(1, source.video.fps || 30)),
    size,
  };
  // A silent track when the source has none, so every output has the same streams.
  const inputs = [
    '-i',
    request.inputPath,
    ...(source.audio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo']),
  ];
  const maps = ['-map', '0:v:0', '-map', source.audio ? '0:a:0' : '1:a'];
  // The picture is encoded first; the sound is then levelled to the product's loudness (a download
  // plays as loud as the film in the app) and encoded beside the copied picture.
  const picture = `${request.outputPath}.picture.${request.format}`;
  const args = [
    ...inputs,
    ...maps,
    '-vf',
    fitAndPad(size),
    ...outputArgs(settings),
    '-t',
    sec(source.duration),
    picture,
  ];
  try {
    await runFfmpeg(args, {
      duration: source.duration,
      onProgress: request.onProgress && ((f) => request.onProgress!(f * 0.95)),
    });
    await levelFile({
      inputPath: picture,
      outputPath: request.outputPath,
      audioArgs: webm ? audioEncoderArgs('libopus') : VIDEO_AUDIO_ARGS,
      containerArgs: containerArgs(request.format),
    });
  } finally {
    await rm(picture, { force: true });
  }
  request.onProgress?.(1);
  return { path: request.outputPath, probe: await probe(request.outputPath), method: 'encode' };
}

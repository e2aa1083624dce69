import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { probe, runFfmpeg } from '../../media/ffmpeg';
import type { OutputFormat, VideoResult } from '../types';
import type { ProbeResult, ProgressListener, Size } from '../../types';
import { containerArgs } from '../encoding';
import { withTempDir } from '../../media/temp';

/**
 * Joining files end to end without re-encoding (concat demuxer, stream copy): only when every file
 * already has the codecs, size, frame rate and audio layout of the wanted output.
 */
export interface StreamTarget {
  videoCodec: string;
  audioCodec?: string;
  size: Size;
  fps: number;
}

export function canStreamCopy(probes: ProbeResult[], target: StreamTarget): boolean {
  if (!probes.length) return false;
  const first = probes[0]!;
  return probes.every(
    (p) =>
      p.video?.codec === target.videoCodec &&
      p.video.width === target.size.width &&
      p.video.height === target.size.height &&
      p.video.fps === target.fps &&
      p.video.pixelFormat === 'yuv420p' &&
      (target.audioCodec === undefined ? true : p.audio?.codec === target.audioCodec) &&
      p.audio?.codec === first.audio?.codec &&
      p.audio?.sampleRate === first.audio?.sampleRate &&
      p.audio?.channels === first.audio?.channels,
  );
}

/** A path as the concat demuxer reads it: single-quoted, inner quotes escaped. */
export const concatQuote = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;

/** Input arguments that read a list file with the concat demuxer (absolute paths allowed). */
export const concatInput = (list: string) => ['-f', 'concat', '-safe', '0', '-i', list];

export const concatList = (paths: string[]) => paths.map((p) => `file ${concatQuote(p)}`).join('\n') + '\n';

export async function streamCopyConcat(
  paths: string[],
  outputPath: string,
  format: OutputFormat,
  duration: number,
  onProgress?: ProgressListener,
  /** The result's streams when the caller knows them (its size is read from the file). */
  known?: ProbeResult,
): Promise<VideoResult> {
  return withTempDir('concat', async (dir) => {
    const list = join(dir, 'list.txt');
    await writeFile(list, concatList(paths));
    await runFfmpeg([...concatInput(list), '-map', '0', '-c', 'copy', ...containerArgs(format), outputPath], {
      duration,
      onProgress,
    });
    const result = known ? { ...known, bytes: (await stat(outputPath)).size } : await probe(outputPath);
    return { path: outputPath, probe: result, method: 'stream_copy' as const };
  });
}

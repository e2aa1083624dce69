import { runFfmpeg } from '../media/ffmpeg';
import { containerArgs } from '../video/encoding';

/** How each container carries soft subtitles: MP4 and MOV as timed text, WebM as WebVTT. */
const SUBTITLE_CODEC = { mp4: 'mov_text', mov: 'mov_text', webm: 'webvtt' } as const;

/**
 * The film with its subtitles (a WebVTT file) as a soft subtitle stream, in English, shown by
 * players that are asked to: the picture and the sound are copied, so this takes a moment, not an
 * encode. Any subtitle stream the film already had is replaced.
 */
export async function addSubtitleStream(
  filmPath: string,
  subtitlesPath: string,
  format: keyof typeof SUBTITLE_CODEC,
  outputPath: string,
): Promise<void> {
  await runFfmpeg([
    '-i',
    filmPath,
    '-i',
    subtitlesPath,
    '-map',
    '0:v',
    '-map',
    '0:a?',
    '-map',
    '1:s',
    '-c:v',
    'copy',
    '-c:a',
    'copy',
    '-c:s',
    SUBTITLE_CODEC[format],
    '-metadata:s:s:0',
    'language=eng',
    ...containerArgs(format),
    outputPath,
  ]);
}

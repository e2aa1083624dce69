import { dirname } from 'node:path';
import { filterEscape, fontPath, runFfmpeg } from '../media/ffmpeg';
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

/**
 * How burned-in subtitles look: the project's bold sans (the fonts shipped with it, so a machine
 * without fonts draws the same), white with a dark outline, low in the frame. Sizes are in libass's
 * script units (288 lines high), so they scale with the picture.
 */
const BURNED_STYLE =
  'FontName=DejaVu Sans,Bold=1,FontSize=18,PrimaryColour=&H00FFFFFF,OutlineColour=&H99000000,BorderStyle=1,Outline=1.6,Shadow=0,MarginV=18';

/** A filter-graph step drawing the subtitles (a WebVTT file) into the picture `input`, named `output`. */
export function burnedSubtitlesFilter(input: string, subtitlesPath: string, output: string): string {
  const fonts = dirname(fontPath('sans-bold'));
  return `[${input}]subtitles=filename=${filterEscape(subtitlesPath)}:fontsdir=${filterEscape(fonts)}:force_style=${filterEscape(BURNED_STYLE)}[${output}]`;
}

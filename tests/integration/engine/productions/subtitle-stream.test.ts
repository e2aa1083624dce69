import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries } from '../../../../functions/engine/media/ffmpeg';
import { addSubtitleStream, exportFilm } from '../../../../functions/engine/productions/shots';
import { toWebVtt } from '../../../../functions/video/subtitles';
import { colourClip, ffmpeg, scratchDir } from '../video/media';

/**
 * The film's soft subtitles with the real FFmpeg: MP4 and MOV carry them as timed text (mov_text),
 * WebM as WebVTT; the picture and sound are copied, and the cues read back as they were written.
 */
const scratch = scratchDir('subtitle-stream');
afterAll(() => scratch.remove());

const cues = [
  { start: 0.25, end: 1.3, text: 'It was on a dreary night\nof November.' },
  { start: 1.5, end: 2.8, text: '“Beautiful!—Great God!”' },
];

function streams(path: string) {
  const out = execFileSync(
    ffmpegBinaries().ffprobe,
    [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name:stream_tags=language',
      '-of',
      'json',
      path,
    ],
    { encoding: 'utf8' },
  );
  return (
    JSON.parse(out) as { streams: { codec_type: string; codec_name: string; tags?: { language?: string } }[] }
  ).streams;
}

/** Each cue's start and end (seconds) in a WebVTT text, whether it writes hours or not. */
const cueTimes = (vtt: string) =>
  [...vtt.matchAll(/(?:(\d+):)?(\d+):(\d+\.\d+) --> (?:(\d+):)?(\d+):(\d+\.\d+)/g)].map((m) => [
    Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    Number(m[4] ?? 0) * 3600 + Number(m[5]) * 60 + Number(m[6]),
  ]);

/** The cue times within a frame's worth of those written (a container may shift its start a little). */
function expectCueTimes(vtt: string) {
  const times = cueTimes(vtt);
  expect(times).toHaveLength(cues.length);
  times.forEach(([start, end], i) => {
    expect(Math.abs(start! - cues[i]!.start)).toBeLessThan(0.02);
    expect(Math.abs(end! - cues[i]!.end)).toBeLessThan(0.02);
  });
}

/** The subtitle stream read back as WebVTT. */
const readBack = (path: string) => {
  const out = scratch.path(`read-${Date.now()}.vtt`);
  ffmpeg(['-i', path, '-map', '0:s:0', '-c:s', 'webvtt', out]);
  return execFileSync('cat', [out], { encoding: 'utf8' });
};

describe('the soft subtitle stream', () => {
  const film = colourClip(scratch.path('film.mp4'), { colour: 'navy', seconds: 3 });
  const vtt = scratch.path('film.vtt');
  writeFileSync(vtt, toWebVtt(cues));

  it.each([
    ['mp4', 'mov_text'],
    ['mov', 'mov_text'],
  ] as const)('%s carries the subtitles as %s beside the copied picture and sound', async (format, codec) => {
    const out = scratch.path(`subtitled.${format}`);
    await addSubtitleStream(film, vtt, format, out);
    const found = streams(out);
    expect(found.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'video']);
    expect(found.find((s) => s.codec_type === 'subtitle')).toMatchObject({
      codec_name: codec,
      tags: { language: 'eng' },
    });
    expect(found.find((s) => s.codec_type === 'video')!.codec_name).toBe('h264');
    const back = readBack(out);
    expectCueTimes(back);
    expect(back).toContain('It was on a dreary night\nof November.');
    expect(back).toContain('“Beautiful!—Great God!”');
  });

  it('WebM carries them as WebVTT', async () => {
    const webm = scratch.path('film.webm');
    await exportFilm({
      inputPath: film,
      format: 'webm',
      quality: 'low',
      watermark: null,
      encode: true,
      outputPath: webm,
      workDir: scratch.dir,
    });
    const out = scratch.path('subtitled.webm');
    await addSubtitleStream(webm, vtt, 'webm', out);
    expect(streams(out).find((s) => s.codec_type === 'subtitle')).toMatchObject({ codec_name: 'webvtt' });
    expectCueTimes(readBack(out));
  });
});

/** The mean grey level of the frame at `seconds`, in its lowest fifth (where subtitles are drawn). */
function lowerBrightness(path: string, seconds: number): number {
  const raw = ffmpeg([
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'crop=iw:ih/5:0:ih*4/5,scale=64:8,format=gray',
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  return raw.reduce((sum, v) => sum + v, 0) / raw.length;
}

describe('burned-in subtitles', () => {
  const film = colourClip(scratch.path('dark.mp4'), { colour: 'navy', seconds: 3 });
  const vtt = scratch.path('burn.vtt');
  writeFileSync(vtt, toWebVtt(cues));

  it('draws each cue into the picture while it is up, and nothing between cues', async () => {
    const out = scratch.path('burned.mp4');
    await exportFilm({
      inputPath: film,
      format: 'mp4',
      quality: 'high',
      watermark: null,
      encode: false,
      burnSubtitlesPath: vtt,
      outputPath: out,
      workDir: scratch.dir,
    });
    const plain = lowerBrightness(film, 1);
    // White letters on navy: the lower band is brighter while a cue is up (0.25–1.3 s, 1.5–2.8 s).
    expect(lowerBrightness(out, 0.8) - plain).toBeGreaterThan(4);
    expect(lowerBrightness(out, 2.2) - plain).toBeGreaterThan(4);
    expect(Math.abs(lowerBrightness(out, 1.4) - plain)).toBeLessThan(2);
  });
});

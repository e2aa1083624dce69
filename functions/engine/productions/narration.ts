import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { levelFile, PRODUCT_LOUDNESS } from '../audio/local/level';
import { splitSentences } from '../text/sentences';
import { isHeading, markNames } from './chapter-marks';
import type { Engine } from '../types';

/**
 * Narration of a whole chapter: the text is cut into parts at paragraph (else sentence) boundaries so
 * each synthesis stays short and parts can be rendered in parallel; the parts are joined without
 * clicks, brought to -16 LUFS and encoded as AAC with chapter markers.
 */
export const NARRATION_PART_CHARS = 2500;

export interface NarrationPart {
  index: number;
  text: string;
  /** The chapter mark's name: the section heading, else the part's key phrase. */
  title: string;
}

/**
 * Parts of at most `maxChars` characters, never cutting a sentence (unless a sentence is longer); a
 * section heading always starts a new part, so each section can be found by its chapter mark.
 */
export function planNarration(text: string, maxChars = NARRATION_PART_CHARS): NarrationPart[] {
  const units: { text: string; heading: boolean }[] = [];
  for (const paragraph of text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const heading = isHeading(paragraph.split('\n')[0]!);
    if (paragraph.length <= maxChars) {
      units.push({ text: paragraph, heading });
      continue;
    }
    for (const [i, sentence] of splitSentences(paragraph).entries()) {
      const opens = heading && i === 0;
      if (sentence.length <= maxChars) units.push({ text: sentence, heading: opens });
      else
        for (let at = 0; at < sentence.length; at += maxChars)
          units.push({ text: sentence.slice(at, at + maxChars), heading: opens && at === 0 });
    }
  }
  const parts: string[] = [];
  let current = '';
  // Headings in a row ("II." then "The Bell") stay together.
  let currentIsHeadings = false;
  for (const unit of units) {
    const full = current && current.length + unit.text.length + 2 > maxChars;
    if (current && (full || (unit.heading && !currentIsHeadings))) {
      parts.push(current);
      current = '';
    }
    currentIsHeadings = current ? currentIsHeadings && unit.heading : unit.heading;
    if (unit.heading && !isHeading(unit.text.split('\n').at(-1)!)) currentIsHeadings = false;
    current = current ? `${current}\n\n${unit.text}` : unit.text;
  }
  if (current) parts.push(current);
  const titles = markNames(parts);
  return parts.map((part, index) => ({ index, text: part, title: titles[index]! }));
}

export async function synthesizeNarrationPart(
  engine: Engine,
  part: NarrationPart,
  voice: string,
  outputPath: string,
) {
  return engine.speech.synthesize({ text: part.text, voice, outputPath });
}

export interface JoinedNarration {
  path: string;
  duration: number;
  /** Integrated loudness (LUFS) and true peak (dBTP) of the encoded file. */
  loudness: number;
  truePeak: number;
  /** Start of each part in the joined audio, seconds. */
  offsets: number[];
  /** The chapter marks written into the file, in order: the first at 0, each before the audio's end. */
  marks: { start: number; title: string }[];
}

/** ffmetadata with one chapter per marker, for players that list chapters. */
export function chapterMetadata(
  title: string,
  markers: { start: number; title: string }[],
  total: number,
): string {
  const escape = (value: string) => value.replace(/([=;#\\\n])/g, '\\$1');
  const lines = [';FFMETADATA1', `title=${escape(title)}`];
  markers.forEach((marker, i) => {
    const end = markers[i + 1]?.start ?? total;
    lines.push(
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${Math.round(marker.start * 1000)}`,
      `END=${Math.round(end * 1000)}`,
      `title=${escape(marker.title)}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** Speech is mono: 64 kb/s AAC keeps it clear at a quarter of the size of a stereo music track. */
const NARRATION_BITRATE = '64k';
const NARRATION_LOUDNESS = PRODUCT_LOUDNESS;

/**
 * Joins the parts (5 ms fades at each join, which fall in the silence between paragraphs), then
 * brings the whole to -16 LUFS (true peak at most -1 dBTP) and encodes it with the chapter markers. The join and
 * the loudness reading stay at the speech's own rate and channel count: for a 20-minute chapter
 * that is a few seconds of work instead of resampling to 48 kHz stereo three times.
 */
export async function joinNarration(
  engine: Engine,
  input: { title: string; parts: { path: string; title: string }[]; workDir: string; outputPath: string },
): Promise<JoinedNarration> {
  const joined = await engine.audio.concatenate({
    paths: input.parts.map((p) => p.path),
    outputPath: join(input.workDir, 'narration-joined.wav'),
    crossfade: 0,
  });
  const marks = input.parts.map((p, i) => ({ start: joined.offsets[i] ?? 0, title: p.title }));
  const metadataPath = join(input.workDir, 'chapters.txt');
  await writeFile(metadataPath, chapterMetadata(input.title, marks, joined.duration));
  // Levelled in one pass at the speech's own rate and channel count, measured again once encoded.
  const levelled = await levelFile({
    inputPath: joined.path,
    outputPath: input.outputPath,
    channels: 'source',
    sampleRate: 'source',
    target: NARRATION_LOUDNESS,
    extraInputs: ['-i', metadataPath],
    extraArgs: ['-map_metadata', '1', '-map_chapters', '1'],
    audioArgs: ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', NARRATION_BITRATE],
    containerArgs: ['-movflags', '+faststart'],
  });
  return {
    path: input.outputPath,
    duration: levelled.duration,
    loudness: levelled.loudness,
    truePeak: levelled.truePeak,
    offsets: joined.offsets,
    marks: marks.map((m) => ({ ...m, start: Math.round(m.start * 1000) / 1000 })),
  };
}

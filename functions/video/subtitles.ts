import { withPunctuation } from '../engine/productions/speech-track';
import type { WordTiming } from '../engine/speech/types';
import { cuesFromWords, wrapCue } from '../engine/video/local/subtitles';
import type { SubtitleCue } from '../engine/video/types';
import type { AudioManifest } from './model';

/**
 * The film's subtitles: cues from the speech engine's word timings of every narration and dialogue
 * recording, placed on the film's clock (each scene starts where the ones before it end), made
 * readable — at most two lines of about 42 characters, at least a second on screen — and written as
 * WebVTT for the sidecar and the film's soft subtitle stream.
 */
export const CUE_RULES = { lineChars: 42, lines: 2, minSeconds: 1, maxSeconds: 6 } as const;

/** A scene as the film shows it: how long it lasts, and what its audio stage recorded. */
export interface FilmedSceneSound {
  duration: number;
  manifest: AudioManifest;
}

interface SpokenRecording {
  start: number;
  text: string;
  words?: WordTiming[];
}

/** Every recording of a scene (narration and dialogue) in the order spoken. */
function recordingsOf(manifest: AudioManifest): SpokenRecording[] {
  const narration = manifest.narration ?? (manifest.narrator ? [manifest.narrator] : []);
  return [...narration, ...manifest.lines].sort((a, b) => a.start - b.start);
}

/** The cues of one recording, on the film's clock (`offset` is where the recording starts in the film). */
export function recordingCues(recording: SpokenRecording, offset: number): SubtitleCue[] {
  const words = withPunctuation(recording.text, recording.words ?? []).map((w) => ({
    ...w,
    start: w.start + offset,
    end: w.end + offset,
  }));
  return cuesFromWords(words, {
    maxChars: CUE_RULES.lineChars * CUE_RULES.lines,
    maxDuration: CUE_RULES.maxSeconds,
  });
}

/** The whole film's cues in order: each recording's words, each scene after the ones before it. */
export function filmCues(scenes: FilmedSceneSound[]): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  let sceneStart = 0;
  for (const scene of scenes) {
    for (const recording of recordingsOf(scene.manifest)) {
      // A recording's words past its scene's end are not in the film (the scene is cut there).
      const sceneEnd = sceneStart + scene.duration;
      for (const cue of recordingCues(recording, sceneStart + recording.start))
        if (cue.start < sceneEnd) cues.push({ ...cue, end: Math.min(cue.end, sceneEnd) });
    }
    sceneStart += scene.duration;
  }
  return readableCues(cues);
}

/**
 * Cues a reader can follow: wrapped to two lines, and up for at least a second — held longer
 * while the next cue has not begun, joined to the next one when that starts too soon and both fit
 * on two lines together. A cue's start is never moved: it stays on its first spoken word.
 */
export function readableCues(cues: SubtitleCue[]): SubtitleCue[] {
  const out: SubtitleCue[] = [];
  const sorted = cues
    .filter((c) => c.text.trim())
    .map((c) => ({ ...c, text: c.text.replace(/\s+/g, ' ').trim() }))
    .sort((a, b) => a.start - b.start);
  for (let i = 0; i < sorted.length; i++) {
    let cue = sorted[i]!;
    let next = sorted[i + 1];
    while (
      next &&
      next.start - cue.start < CUE_RULES.minSeconds &&
      `${cue.text} ${next.text}`.length <= CUE_RULES.lineChars * CUE_RULES.lines
    ) {
      cue = { start: cue.start, end: Math.max(cue.end, next.end), text: `${cue.text} ${next.text}` };
      i++;
      next = sorted[i + 1];
    }
    const wanted = Math.max(cue.end, cue.start + CUE_RULES.minSeconds);
    const end = next ? Math.max(cue.end, Math.min(wanted, next.start)) : wanted;
    out.push({ start: cue.start, end, text: wrapCue(cue.text, CUE_RULES.lineChars).join('\n') });
  }
  return out;
}

/** `HH:MM:SS.mmm`, as WebVTT writes a time. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The cue text safe in WebVTT: its markup characters escaped, no blank line inside a cue. */
const vttText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split('\n')
    .filter((line) => line.trim())
    .join('\n');

/** A WebVTT file of the cues (numbered from 1). */
export function toWebVtt(cues: SubtitleCue[]): string {
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(Math.max(cue.end, cue.start + 0.001))}\n${vttText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}${blocks.length ? '\n' : ''}`;
}

/** Seconds of a WebVTT time (`HH:MM:SS.mmm` or `MM:SS.mmm`). */
function vttSeconds(time: string): number {
  const parts = time.trim().split(':').map(Number);
  return parts.reduce((sum, part) => sum * 60 + part, 0);
}

/** The cues of a WebVTT file this product wrote (`toWebVtt`), their text unescaped. */
export function fromWebVtt(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0) continue;
    const [from, to] = lines[at]!.split('-->').map((side) => side.trim().split(/\s+/)[0]!);
    const body = lines
      .slice(at + 1)
      .filter((line) => line.trim())
      .join('\n')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    if (body.trim()) cues.push({ start: vttSeconds(from!), end: vttSeconds(to!), text: body });
  }
  return cues;
}

/**
 * The subtitles of films joined end to end: each film's cues moved to where it starts in the joined
 * video (`films`: each one's cues and length, in order), none past its film's end.
 */
export function joinedCues(films: { cues: SubtitleCue[]; duration: number }[]): SubtitleCue[] {
  const out: SubtitleCue[] = [];
  let start = 0;
  for (const film of films) {
    for (const cue of film.cues)
      if (cue.start < film.duration)
        out.push({ start: start + cue.start, end: start + Math.min(cue.end, film.duration), text: cue.text });
    start += film.duration;
  }
  return out;
}

import type { SceneDescription } from '../../engine/text/types';
import type { AudioManifest, PlannedScene } from '../model';

/**
 * A scene's moments: a long scene is drawn more than once, each picture for the stretch of the
 * passage spoken while it is on screen (who is there, what happens, the faces it calls for), so the
 * film shows the story moving on rather than one picture reframed for minutes.
 */

/** A scene gets another drawn picture for every this many seconds it lasts. */
export const SECONDS_PER_STILL = 16;
/** The most pictures one scene is drawn in (the drawing stays cheap beside the filming). */
export const MAX_STILLS = 12;
/** How much of a moment's passage its picture is drawn from (the words that decide faces and weather). */
const MOMENT_CHARS = 600;

export interface SceneMoment {
  /** Seconds from the scene's start from which this picture is shown. */
  start: number;
  /** The scene as this picture shows it. */
  description: SceneDescription;
}

interface Recording {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

function recordingsOf(manifest: Pick<AudioManifest, 'narrator' | 'narration' | 'lines'>): Recording[] {
  const narration = manifest.narration ?? (manifest.narrator ? [manifest.narrator] : []);
  return [
    ...narration.map((n) => ({ start: n.start, end: n.start + n.duration, text: n.text, speaker: null })),
    ...manifest.lines.map((l) => ({
      start: l.start,
      end: l.start + l.duration,
      text: l.text,
      speaker: l.character,
    })),
  ].sort((a, b) => a.start - b.start);
}

/** How many pictures a scene of `duration` seconds is drawn in. */
export function stillCount(duration: number): number {
  return Math.min(MAX_STILLS, Math.max(1, Math.ceil(duration / SECONDS_PER_STILL - 1e-6)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name, or its last word (a surname, "Captain Smollett" → "Smollett"), written in the passage. */
function named(name: string, text: string): boolean {
  const words = name.trim().split(/\s+/);
  const forms = [name.trim(), ...(words.length > 1 && words.at(-1)!.length > 2 ? [words.at(-1)!] : [])];
  return forms.some((form) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(form)}(?![\\p{L}])`, 'u').test(text));
}

/**
 * The scene's moments, in order: the first is the scene as described (its establishing picture),
 * each later one the same place during the next even stretch of the scene, with the characters
 * who speak or are named then (nobody: the place alone) and that stretch's passage as its action.
 */
export function sceneMoments(
  scene: Pick<PlannedScene, 'description'>,
  manifest: Pick<AudioManifest, 'narrator' | 'narration' | 'lines'>,
  duration: number,
): SceneMoment[] {
  const count = stillCount(duration);
  const moments: SceneMoment[] = [{ start: 0, description: scene.description }];
  const recordings = recordingsOf(manifest);
  for (let i = 1; i < count; i++) {
    const from = (duration * i) / count;
    const to = (duration * (i + 1)) / count;
    const spoken = recordings.filter((r) => r.start < to && r.end > from);
    const text = spoken.map((r) => r.text).join(' ');
    const speakers = new Set(spoken.flatMap((r) => (r.speaker ? [r.speaker.toLowerCase()] : [])));
    const present = scene.description.characters.filter(
      (name) => speakers.has(name.toLowerCase()) || named(name, text),
    );
    moments.push({
      start: from,
      description: {
        ...scene.description,
        characters: present,
        key_actions: text ? [text.slice(0, MOMENT_CHARS)] : scene.description.key_actions,
      },
    });
  }
  return moments;
}

/** The picture a shot shows: the moment it starts in (by the shot's middle, so a cut decides it). */
export function momentOf<T extends { start: number }>(
  moments: T[],
  shot: { start: number; duration: number },
): T {
  const middle = shot.start + shot.duration / 2;
  return moments.findLast((m) => m.start <= middle) ?? moments[0]!;
}

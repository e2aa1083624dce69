import { join } from 'node:path';
import { onFrames, type AudioManifest, type ProductionPlan, type Shot } from '../model';
import { createRandom } from '../../engine/random';
import {
  CAMERA_KINDS,
  framedMove,
  type CameraKind,
  type CameraMove,
} from '../../engine/video/local/kenburns';
import type { PipelineEngine } from './ports';

/**
 * A scene's shots, shared by the stages that film them (RenderSceneVideo films every shot;
 * LipSyncScene films the dialogue shots talking again): the cuts from the scene's lines, and the
 * talking close-up of a dialogue shot as part of its scene's one FFmpeg run.
 */

/** The longest a shot is held: a cut or a new framing at least this often. */
export const MAX_SHOT_SECONDS = 6.5;
/** A close-up is given to a line only when it lasts this long (a shorter one stays on the scene). */
const MIN_CLOSE_UP = 0.75;
/** Silence shorter than this between a close-up and what follows stays on the close-up (no flash cut). */
const HOLD = 1;

interface Span {
  from: number;
  to: number;
  character: string | null;
  line: number | null;
}

/**
 * The scene's shots: a close-up of each speaker (with a portrait) while their line is spoken, at
 * most `MAX_SHOT_SECONDS` of it, and the scene's picture everywhere else, cut into framings no longer
 * than that; every shot with a slow camera move, the scene's framings varied from the seed.
 */
export function planShots(
  manifest: Pick<AudioManifest, 'lines' | 'duration'>,
  duration: number,
  fps: number,
  hasPortrait: (character: string) => boolean,
  keyOf: (index: number) => string,
  seed = 0,
): Shot[] {
  const total = onFrames(duration, fps);
  const spans = fillWithScene(closeUps(manifest, total, fps, hasPortrait), total, fps);
  const random = createRandom(`${seed}:shots`);
  let previous: CameraKind | null = null;
  return spans.map((span, i) => {
    let camera: CameraKind = 'push-in';
    if (span.line === null) {
      const choices = CAMERA_KINDS.filter((kind) => kind !== previous);
      camera = choices[Math.floor(random.next() * choices.length)]!;
      previous = camera;
    }
    return {
      kind: span.line === null ? 'scene' : 'dialogue',
      start: span.from / fps,
      duration: (span.to - span.from) / fps,
      frames: span.to - span.from,
      character: span.character,
      line: span.line,
      key: keyOf(i),
      camera,
    };
  });
}

/** Each line's close-up, in frames: from its first words for as long as it is spoken (capped). */
function closeUps(
  manifest: Pick<AudioManifest, 'lines'>,
  total: number,
  fps: number,
  hasPortrait: (character: string) => boolean,
): Span[] {
  const spans: Span[] = [];
  manifest.lines.forEach((line, i) => {
    if (!hasPortrait(line.character) || line.duration < MIN_CLOSE_UP) return;
    // A line starting within the scene's first half second opens the scene on its speaker.
    let from = Math.round(line.start * fps);
    if (from < fps / 2) from = 0;
    const to = Math.min(total, Math.round((line.start + Math.min(line.duration, MAX_SHOT_SECONDS)) * fps));
    const last = spans[spans.length - 1];
    if (last && from - last.to < HOLD * fps) last.to = Math.min(from, last.to + HOLD * fps);
    if (to - from >= MIN_CLOSE_UP * fps && from >= (last?.to ?? 0))
      spans.push({ from, to, character: line.character, line: i });
  });
  const last = spans[spans.length - 1];
  if (last && total - last.to < HOLD * fps) last.to = total;
  return spans;
}

/** The close-ups with the scene's picture between them, each stretch cut into even framings. */
function fillWithScene(closeUps: Span[], total: number, fps: number): Span[] {
  const spans: Span[] = [];
  const scene = (from: number, to: number) => {
    if (to <= from) return;
    const pieces = Math.ceil((to - from) / (MAX_SHOT_SECONDS * fps));
    for (let p = 0; p < pieces; p++)
      spans.push({
        from: from + Math.round(((to - from) * p) / pieces),
        to: from + Math.round(((to - from) * (p + 1)) / pieces),
        character: null,
        line: null,
      });
  };
  let at = 0;
  for (const close of closeUps) {
    scene(at, close.from);
    spans.push(close);
    at = close.to;
  }
  scene(at, total);
  return spans;
}

/** A shot's camera as the filming request takes it (none: the filming's default). */
export const withCamera = (camera: CameraMove | undefined) => (camera ? { camera } : {});

/** The camera move a shot is filmed with (shots planned before moves: the filming's default). */
export const cameraOf = (shot: Shot, seed: number, index: number): CameraMove | undefined =>
  shot.camera
    ? shot.kind === 'dialogue'
      ? { zoomFrom: 1, zoomTo: 1.1, xFrom: 0.5, xTo: 0.5, yFrom: 0.4, yTo: 0.4 }
      : framedMove(shot.camera, seed, index)
    : undefined;

export interface TalkingShotInput {
  shot: Shot;
  /** The shot's place in its scene (the first one fades in when the scene has a transition). */
  index: number;
  manifest: AudioManifest;
  portraitPath: string;
  transition: { type: string; duration: number } | null;
  /** The line's speech placed in the shot: the mouth follows its loudness when there are no visemes. */
  speechPath?: string;
}

/**
 * A dialogue shot filmed talking, as part of its scene's one FFmpeg run: the speaker's portrait with
 * the mouth following the line's visemes (placed where the line starts in the shot), or, without
 * visemes, the loudness of the speech placed in the shot; exactly the shot's frames, fading in when
 * it opens a scene that has a transition.
 */
export function talkingGraph(
  engine: Pick<PipelineEngine, 'lipSync'>,
  plan: Pick<ProductionPlan, 'width' | 'height' | 'fps'>,
  dir: string,
  { shot, index, manifest, portraitPath, transition, speechPath }: TalkingShotInput,
) {
  const line = manifest.lines[shot.line!]!;
  const offset = Math.max(0, line.start - shot.start);
  return engine.lipSync.talkingShotGraph(
    {
      portraitPath,
      ...(speechPath ? { speechPath } : {}),
      visemes: line.visemes.map((v) => ({ ...v, time: v.time + offset })),
      frames: shot.frames,
      size: { width: plan.width, height: plan.height },
      fps: plan.fps,
      ...(index === 0 && transition
        ? {
            fadeIn: {
              colour: transition.type === 'fadewhite' ? ('white' as const) : ('black' as const),
              duration: transition.duration,
            },
          }
        : {}),
    },
    join(dir, `talking-${index}`),
  );
}

/** Where each speaker's portrait goes in a stage's folder: one file per speaker of `shots`. */
export function faceFiles(shots: Shot[], dir: string): Map<string, string> {
  const faces = new Map<string, string>();
  for (const shot of shots)
    if (shot.kind === 'dialogue' && !faces.has(shot.character!))
      faces.set(shot.character!, join(dir, `face-${faces.size}.png`));
  return faces;
}

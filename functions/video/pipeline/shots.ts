import { join } from 'node:path';
import { onFrames, type AudioManifest, type ProductionPlan, type Shot } from '../model';
import type { PipelineEngine } from './ports';

/**
 * A scene's shots, shared by the stages that film them (RenderSceneVideo films every shot;
 * LipSyncScene films the dialogue shots talking again): the cuts from the scene's lines, and the
 * talking close-up of a dialogue shot as part of its scene's one FFmpeg run.
 */

/** The scene's shots: its picture until the first line, then a close-up of each speaker. */
export function planShots(
  manifest: Pick<AudioManifest, 'lines' | 'duration'>,
  duration: number,
  fps: number,
  hasPortrait: (character: string) => boolean,
  keyOf: (index: number) => string,
): Shot[] {
  const totalFrames = onFrames(duration, fps);
  const cuts: { frame: number; kind: Shot['kind']; character: string | null; line: number | null }[] = [
    { frame: 0, kind: 'scene', character: null, line: null },
  ];
  manifest.lines.forEach((line, i) => {
    const frame = Math.round(line.start * fps);
    if (frame >= totalFrames) return;
    const talking = hasPortrait(line.character);
    const shot = {
      frame,
      kind: talking ? ('dialogue' as const) : ('scene' as const),
      character: line.character,
      line: talking ? i : null,
    };
    // A line starting within half a second of the scene's start opens on the speaker.
    if (frame < fps / 2 && cuts.length === 1) cuts[0] = { ...shot, frame: 0 };
    else if (frame > cuts[cuts.length - 1]!.frame) cuts.push(shot);
  });
  return cuts.map((cut, i) => {
    const end = i + 1 < cuts.length ? cuts[i + 1]!.frame : totalFrames;
    return {
      kind: cut.kind,
      start: cut.frame / fps,
      duration: (end - cut.frame) / fps,
      frames: end - cut.frame,
      character: cut.character,
      line: cut.line,
      key: keyOf(i),
    };
  });
}

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

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { probe, runFfmpeg, runFilterGraph } from '../media/ffmpeg';
import type { Engine, ProbeResult } from '../types';
import type { MixTrack } from '../audio/types';
import type { SubtitleCue } from '../video/types';
import { clipSettings, evenSize, outputArgs } from '../video/encoding';
import { cameraMove, stillToMotion } from '../video/local/kenburns';
import { captionLayer, type CaptionLayer } from '../video/local/captions';
import { composeTimeline, sec, sequenceSegments } from '../video/timeline';
import {
  drawScene,
  planChapterVideo,
  sceneLines,
  type ChapterVideoInput,
  type ChapterVideoPlan,
  type StepProgress,
} from './chapter-video';
import { synthesizeLines, type SpeechTrack } from './speech-track';

/**
 * The chapter film in one process with one video encode: the stills move, fade into each other and
 * carry the subtitles in a single FFmpeg pass, while the sound (voices, ambiance, music, ducking,
 * loudness) is mixed alongside; the two are then muxed without re-encoding. The pipeline renders
 * per scene instead (one task each); this is the fast path of the command line.
 */
const SCENE_FADE = 0.5;

export interface FilmResult {
  plan: ChapterVideoPlan;
  path: string;
  probe: ProbeResult;
  scenes: { scene_number: number; start: number; duration: number; voices: string[] }[];
}

export async function renderChapterFilm(
  engine: Engine,
  input: ChapterVideoInput & { motion?: 'pan' | 'kenburns' },
  workDir: string,
  outputPath: string,
  onProgress?: StepProgress,
): Promise<FilmResult> {
  await mkdir(workDir, { recursive: true });
  onProgress?.('screenplay', 0);
  const plan = await planChapterVideo(engine, input);
  const scenes = plan.screenplay.scenes;
  const size = evenSize(plan.size);

  // The pictures need only the screenplay: they are drawn (on other threads) while the voices speak.
  onProgress?.('pictures', 0.05);
  const drawing = Promise.all(
    scenes.map((scene, i) => drawScene(engine, plan, scene, size, join(workDir, `scene-${i + 1}.png`))),
  );
  // Awaited below; until then a failure must not count as unhandled.
  drawing.catch(() => undefined);

  onProgress?.('voices', 0.08);
  const tracks: SpeechTrack[] = [];
  for (let i = 0; i < scenes.length; i++) {
    tracks.push(
      await synthesizeLines(engine, sceneLines(plan, i), workDir, { prefix: `scene-${i + 1}-line` }),
    );
  }
  const durations = tracks.map((t) => t.duration);
  const { segments, total } = sequenceSegments(
    scenes.map((_, i) => `still${i}`),
    durations,
    scenes.map((_, i) => (i ? { type: 'fade' as const, duration: SCENE_FADE } : undefined)),
  );
  const starts = segments.map((s) => s.start);
  const cues: SubtitleCue[] = tracks.flatMap((track, i) =>
    track.cues.map((c) => ({ ...c, start: c.start + starts[i]!, end: c.end + starts[i]! })),
  );
  const images = await drawing;
  const captions = await captionLayer(cues, {
    size,
    fps: plan.fps,
    frames: Math.ceil(total * plan.fps),
    workDir,
  });

  // The picture pass starts first (FFmpeg runs on its own), then the sound is made beside it.
  const picturePath = join(workDir, 'picture.mp4');
  const picture = renderPicture({
    images: images.map((image) => image.path),
    captions,
    segments,
    total,
    size,
    fps: plan.fps,
    motion: input.motion ?? 'pan',
    seed: plan.seed,
    outputPath: picturePath,
    onProgress: (f) => onProgress?.('picture', 0.15 + f * 0.8),
  });
  const sound = mixSound(engine, plan, tracks, starts, total, workDir);
  const [soundPath] = await Promise.all([sound, picture]);

  onProgress?.('mux', 0.97);
  await runFfmpeg([
    '-i',
    picturePath,
    '-i',
    soundPath,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c',
    'copy',
    '-t',
    sec(total),
    '-movflags',
    '+faststart',
    outputPath,
  ]);
  onProgress?.('done', 1);
  return {
    plan,
    path: outputPath,
    probe: await probe(outputPath),
    scenes: scenes.map((scene, i) => ({
      scene_number: scene.scene_number,
      start: starts[i]!,
      duration: durations[i]!,
      voices: [...new Set(sceneLines(plan, i).map((l) => l.voice))],
    })),
  };
}

async function renderPicture(request: {
  images: string[];
  captions: CaptionLayer | null;
  segments: ReturnType<typeof sequenceSegments>['segments'];
  total: number;
  size: { width: number; height: number };
  fps: number;
  motion: 'pan' | 'kenburns';
  seed: number;
  outputPath: string;
  onProgress: (fraction: number) => void;
}): Promise<void> {
  const { size, fps, total, captions } = request;
  // One frame more than the segment lasts: rounding to frames never leaves it short.
  const segments = request.segments.map((segment) => ({
    ...segment,
    frames: Math.ceil(segment.duration * fps) + 1,
  }));
  const statements = segments.map((segment, i) =>
    stillToMotion(
      `${i}:v`,
      cameraMove(request.motion, request.seed, i),
      segment.frames,
      size,
      fps,
      segment.input,
    ),
  );
  statements.push(...composeTimeline(segments, { size, fps, total, output: 'pictures' }));
  statements.push(
    ...(captions?.statements(request.images.length, 'pictures', 'vout') ?? ['[pictures]null[vout]']),
  );
  await runFilterGraph(
    {
      inputs: [...request.images.flatMap((image) => ['-i', image]), ...(captions?.inputs ?? [])],
      graph: statements,
      outputs: [
        '-map',
        '[vout]',
        '-an',
        ...outputArgs(clipSettings(size, fps)),
        '-t',
        sec(total),
        request.outputPath,
      ],
    },
    { duration: total, onProgress: request.onProgress },
  );
}

/** Voices at their times, each scene's ambiance, a music bed ducked under speech, at -16 LUFS. */
async function mixSound(
  engine: Engine,
  plan: ChapterVideoPlan,
  tracks: SpeechTrack[],
  starts: number[],
  total: number,
  workDir: string,
): Promise<string> {
  const mixTracks: MixTrack[] = [];
  for (const [i, scene] of plan.screenplay.scenes.entries()) {
    for (const part of tracks[i]!.parts)
      mixTracks.push({ path: part.path, role: 'speech', start: starts[i]! + part.start, volume: 1 });
    const ambiance = await engine.audio.ambiance({
      description: [...scene.audio_requirements, scene.location, scene.time_of_day].join(' '),
      duration: tracks[i]!.duration,
      seed: plan.seed + scene.scene_number,
      outputPath: join(workDir, `scene-${i + 1}-ambiance.wav`),
    });
    mixTracks.push({ path: ambiance.path, role: 'ambiance', start: starts[i]!, volume: 0.5 });
  }
  const music = await engine.audio.music({
    style: plan.musicStyle,
    mood: plan.screenplay.scenes[0]?.mood,
    duration: total,
    seed: plan.seed,
    outputPath: join(workDir, 'music.wav'),
  });
  mixTracks.push({ path: music.path, role: 'music', start: 0, volume: 0.35 });
  const mix = await engine.audio.mix({
    tracks: mixTracks,
    duration: total,
    duckUnderSpeech: true,
    targetLoudness: -16,
    outputPath: join(workDir, 'sound.m4a'),
    format: 'm4a',
  });
  return mix.path;
}

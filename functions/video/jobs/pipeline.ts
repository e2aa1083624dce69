import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { books } from '../../books/instance';
import type { GenerationStatus, PipelineStep } from '../../contracts/video';
import { getEngine } from '../../engine';
import type { MixTrack } from '../../engine/audio/types';
import type { CharacterReference } from '../../engine/image/types';
import {
  exportFilm,
  encodeSceneSound,
  filmScene,
  joinPictures,
  mergeScenes,
  muxFilm,
  placeSpeech,
  probeFilm,
  stillThumbnail,
} from '../../engine/productions/shots';
import { EngineError } from '../../engine/types';
import { images } from '../../images/instance';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { faultPoint } from '../../lib/middleware/faults';
import { isoNow } from '../../lib/ports';
import { readFailure } from '../../lib/workflows';
import { defineWorker } from '../../lib/worker';
import { plots } from '../../plots/instance';
import { scripts } from '../../scripts/instance';
import {
  itemName,
  onFrames,
  videoKeys,
  type AudioManifest,
  type ProductionPlan,
  type Shot,
  type StageItemRecord,
  type VideoGenerationJob,
  type VideoGenerationOutputs,
} from '../model';
import { createVideoRepository } from '../repository';
import { stageFailureMessage, videoGenerationJob } from './kinds';
import { beyondPlanLength, subscriptionMessages } from '../../contracts/subscriptions';
import {
  applyTimeline,
  filmedScenes,
  filmedSeconds,
  imageStyleOf,
  needsEncode,
  planProduction as planFilm,
  SCENE_TIMING,
} from './plan';
import { videoPipelineInput } from './pipeline.workflow';

/**
 * Task workers of the video pipeline (pipeline.workflow.ts). Each reads the plan and the items of
 * the stages before it, does its item, stores the files under the generation's folder and writes
 * its stage item (counters, keys, facts for the next stages). A worker whose generation ended
 * (cancelled, deleted) stops and removes what it wrote.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const repo = () => createVideoRepository(getAdapters().table);
const media = () => getAdapters().storage.media;
const now = () => isoNow(getAdapters().clock);

const {
  lead: LEAD,
  lineGap: LINE_GAP,
  narratorGap: NARRATOR_GAP,
  tail: TAIL,
  minScene: MIN_SCENE,
} = SCENE_TIMING;

/** Where each stage's share of the whole run's progress bar starts and ends. */
const BAR: Record<PipelineStep | 'publish', [number, number]> = {
  audio: [2, 25],
  images: [25, 40],
  video: [40, 65],
  merge: [65, 72],
  lipsync: [72, 95],
  publish: [95, 99],
};
const RUNNING: Record<PipelineStep | 'publish', GenerationStatus> = {
  audio: 'generating_audio',
  images: 'generating_images',
  video: 'generating_video',
  merge: 'merging_audio',
  lipsync: 'applying_lipsync',
  publish: 'lipsync_completed',
};
/** The extended statuses (spec 3 §4) a stage reports when its last item is done. */
const COMPLETED: Partial<Record<PipelineStep, GenerationStatus>> = {
  audio: 'audio_completed',
  images: 'images_completed',
  video: 'video_completed',
};
const WORDS: Record<PipelineStep | 'publish', string> = {
  audio: 'Recording scene {done} of {total}',
  images: 'Drawing picture {done} of {total}',
  video: 'Filming scene {done} of {total}',
  merge: 'Merging the scenes and the sound',
  lipsync: 'Lip-syncing scene {done} of {total}',
  publish: 'Publishing the film',
};

async function activeJob(jobId: string): Promise<VideoGenerationJob> {
  const job = (await getJobs().active(jobId)) as VideoGenerationJob | null;
  if (!job) throw new JobGoneError(`Generation ${jobId} no longer exists or has ended`);
  return job;
}

const bookOf = (job: VideoGenerationJob) => job.target.book_id!;

/** Marks the stage the run is in (a failure is recorded against it) and its status. */
async function enter(job: VideoGenerationJob, stage: PipelineStep | 'publish') {
  if (job.outputs.stage === stage) return;
  await getJobs().record<VideoGenerationOutputs>(job.id, {
    outputs: { stage, generation_status: RUNNING[stage] },
    step: WORDS[stage].replace('{done}', '0').replace('{total}', '…'),
  });
  await getJobs().progress(job.id, BAR[stage][0], WORDS[stage].replace(' {done} of {total}', 's'));
}

/** Counts the stage's finished items and moves the bar. */
async function advance(job: VideoGenerationJob, stage: PipelineStep, total: number) {
  const done = (await repo().listItems(bookOf(job), job.id, stage)).filter(
    (i) => i.status === 'completed',
  ).length;
  const [from, to] = BAR[stage];
  const finished = Math.min(done, total);
  const completed = COMPLETED[stage];
  if (completed && finished >= total)
    await getJobs().record<VideoGenerationOutputs>(job.id, { outputs: { generation_status: completed } });
  await getJobs().progress(
    job.id,
    from + ((to - from) * finished) / Math.max(1, total),
    WORDS[stage].replace('{done}', String(finished)).replace('{total}', String(total)),
  );
}

async function readJson<T>(key: string): Promise<T> {
  return JSON.parse(Buffer.from(await media().getBytes(key)).toString('utf8')) as T;
}

async function putJson(key: string, value: unknown) {
  await media().put(key, JSON.stringify(value), 'application/json');
}

async function withDir<T>(name: string, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `video-${name}-`));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores a stage item, unless the generation ended meanwhile (then its files go and the run stops). */
async function saveItem(
  job: VideoGenerationJob,
  item: Omit<StageItemRecord, 'generation_id' | 'attempt' | 'finished_at' | 'status'>,
) {
  const still = await getJobs().active(job.id);
  if (!still) {
    await Promise.all(item.keys.map((key) => media().delete(key)));
    throw new JobGoneError(`Generation ${job.id} ended while its ${item.stage} stage ran`);
  }
  await repo().putItem(bookOf(job), {
    ...item,
    generation_id: job.id,
    attempt: job.attempt,
    status: 'completed',
    finished_at: now(),
  });
}

const plan = (job: VideoGenerationJob) => readJson<ProductionPlan>(videoKeys.plan(bookOf(job), job.id));
const sceneOf = (p: ProductionPlan, n: number) => {
  const scene = p.scenes.find((s) => s.scene_number === n);
  if (!scene) throw new Error(`Scene ${n} is not in the plan`);
  return scene;
};

// --- PlanProduction ---

export const planProduction = defineWorker(
  'videoPipeline.PlanProduction',
  videoPipelineInput,
  async ({ job_id, start_at }) => {
    const job = await activeJob(job_id);
    const bookId = bookOf(job);
    await getJobs().begin(job_id, 'Planning the film', 1);
    const key = videoKeys.plan(bookId, job.id);
    const script = await scripts().repository.getScript(job.options.script_id);
    if (!script) throw new EngineError('invalid_input', 'The script of this video no longer exists.');
    const book = await books().repository.get(bookId);
    if (!book) throw new JobGoneError(`The book of generation ${job_id} no longer exists`);
    const [cast, chapterImages] = await Promise.all([
      plots().repository.listCharacters(bookId),
      images().repository.listForChapter(bookId, job.target.chapter_id!),
    ]);
    let made = planFilm({
      generationId: job.id,
      book,
      script,
      cast,
      images: chapterImages,
      options: job.options,
      engine: getEngine(),
    });
    if (start_at !== 'audio') {
      // A resumed run keeps the plan its earlier stages worked from; only the studio's edit (order,
      // lengths, transitions, frame, rate and export) changes.
      const kept = await readJson<ProductionPlan>(key).catch(() => null);
      if (kept)
        made = applyTimeline(
          {
            ...kept,
            width: job.options.width,
            height: job.options.height,
            fps: job.options.fps,
            export: job.options.export ?? null,
          },
          job.options.timeline,
        );
    }
    if (!filmedScenes(made).length)
      throw new EngineError('invalid_input', 'The script has no scenes to film.');
    await putJson(key, made);
    const dialogueShots = made.scenes.reduce((sum, s) => sum + s.lines.length, 0);
    await getJobs().record<VideoGenerationOutputs>(job_id, {
      outputs: {
        stage: 'plan',
        generation_status: 'pending',
        failed_step: null,
        scene_count: filmedScenes(made).length,
        character_count: made.characters.length,
        dialogue_shots: dialogueShots,
      },
      progress: 2,
      step: 'Planning the film',
    });
    return {
      scenes:
        start_at === 'audio' || start_at === 'images'
          ? made.scenes.map((s) => s.scene_number)
          : filmedScenes(made),
      characters: made.characters.map((_, i) => i),
    };
  },
);

// --- GenerateAudio ---

const sceneInput = videoPipelineInput
  .pick({ job_id: true })
  .extend({ scene_number: z.number().int().min(1) });

export const generateSceneAudio = defineWorker(
  'videoPipeline.GenerateSceneAudio',
  sceneInput,
  async ({ job_id, scene_number }) => {
    const job = await activeJob(job_id);
    await enter(job, 'audio');
    await faultPoint('pipeline.audio');
    const bookId = bookOf(job);
    const p = await plan(job);
    const scene = sceneOf(p, scene_number);
    const engine = getEngine();
    const started_at = now();
    const manifest = await withDir('audio', async (dir) => {
      const keys: string[] = [];
      const store = async (name: string, path: string, type = 'audio/wav') => {
        const key = videoKeys.audio(bookId, job.id, scene_number, name);
        await media().upload(key, path, type);
        keys.push(key);
        return key;
      };
      const tracks: MixTrack[] = [];
      let cursor = LEAD;
      let narrator: AudioManifest['narrator'] = null;
      if (scene.narration) {
        const spoken = await engine.speech.synthesize({
          text: scene.narration.text,
          voice: scene.narration.voice,
          outputPath: join(dir, 'narrator.wav'),
        });
        narrator = {
          key: await store('narrator.wav', spoken.path),
          start: LEAD,
          duration: spoken.duration,
          text: scene.narration.text,
        };
        tracks.push({ path: spoken.path, role: 'speech', start: LEAD, volume: 1 });
        cursor = LEAD + spoken.duration + NARRATOR_GAP;
      }
      const lines: AudioManifest['lines'] = [];
      for (const [i, line] of scene.lines.entries()) {
        const spoken = await engine.speech.synthesize({
          text: line.text,
          voice: line.voice,
          outputPath: join(dir, `line-${i}.wav`),
        });
        lines.push({
          key: await store(`line-${String(i).padStart(3, '0')}.wav`, spoken.path),
          character: line.character,
          text: line.text,
          start: cursor,
          duration: spoken.duration,
          visemes: spoken.visemes,
        });
        tracks.push({ path: spoken.path, role: 'speech', start: cursor, volume: 1 });
        cursor += spoken.duration + LINE_GAP;
      }
      const spokenEnd = lines.length ? cursor - LINE_GAP : narrator ? LEAD + narrator.duration : 0;
      const natural = Math.max(MIN_SCENE, spokenEnd + TAIL);
      const duration = onFrames(natural, p.fps) / p.fps;
      const seed = (what: string) => p.seed + scene_number * 101 + what.length;
      const [ambiance, music, ...effects] = await Promise.all([
        engine.audio.ambiance({
          description: scene.ambiance,
          duration,
          seed: seed('ambiance'),
          outputPath: join(dir, 'ambiance.wav'),
        }),
        engine.audio.music({
          style: 'cinematic',
          mood: scene.description.mood,
          duration,
          seed: seed('music'),
          outputPath: join(dir, 'music.wav'),
        }),
        ...scene.effects.map((text, i) =>
          engine.audio.effect({
            description: text,
            seed: seed(`effect${i}`),
            outputPath: join(dir, `effect-${i}.wav`),
          }),
        ),
      ]);
      const placedEffects: AudioManifest['effects'] = [];
      for (const [i, effect] of effects.entries()) {
        const centre = (duration * (i + 0.5)) / effects.length;
        const start = Math.max(0, Math.min(centre - effect!.duration / 2, duration - effect!.duration));
        placedEffects.push({
          key: await store(`effect-${i}.wav`, effect!.path),
          start,
          duration: effect!.duration,
          text: scene.effects[i]!,
        });
        tracks.push({ path: effect!.path, role: 'effect', start, volume: 0.6 });
      }
      tracks.push({ path: ambiance!.path, role: 'ambiance', start: 0, volume: 0.45 });
      tracks.push({ path: music!.path, role: 'music', start: 0, volume: 0.35 });
      const mix = await engine.audio.mix({
        tracks,
        duration,
        duckUnderSpeech: true,
        targetLoudness: -16,
        outputPath: join(dir, 'mix.wav'),
        format: 'wav',
      });
      // The scene's sound as its clip carries it, encoded once: filming the scene copies it.
      const soundPath = join(dir, 'sound.m4a');
      await encodeSceneSound(mix.path, duration, soundPath);
      const made: AudioManifest = {
        scene_number,
        duration,
        narrator,
        lines,
        effects: placedEffects,
        ambiance: { key: await store('ambiance.wav', ambiance!.path), duration: ambiance!.duration },
        music: { key: await store('music.wav', music!.path), duration: music!.duration },
        mix_key: await store('mix.wav', mix.path),
        sound_key: await store('sound.m4a', soundPath, 'audio/mp4'),
        tracks: tracks.length,
      };
      const manifestKey = videoKeys.audio(bookId, job.id, scene_number, 'manifest.json');
      await putJson(manifestKey, made);
      keys.push(manifestKey);
      return { made, keys, manifestKey };
    });
    await saveItem(job, {
      stage: 'audio',
      item: itemName.scene(scene_number),
      scene_number,
      counters: {
        narrator_files: manifest.made.narrator ? 1 : 0,
        character_files: manifest.made.lines.length,
        sound_effects: manifest.made.effects.length,
        background_music: 2,
      },
      keys: manifest.keys,
      data: {
        manifest_key: manifest.manifestKey,
        duration: manifest.made.duration,
        // What the generation record lists as its audio files (without reading the manifest).
        files: {
          narrator: manifest.made.narrator
            ? { key: manifest.made.narrator.key, duration: manifest.made.narrator.duration }
            : null,
          lines: manifest.made.lines.map((l) => ({
            key: l.key,
            duration: l.duration,
            character: l.character,
            text: l.text,
          })),
        },
      },
      started_at,
    });
    await advance(job, 'audio', p.scenes.length);
    return { scene_number, duration: manifest.made.duration };
  },
);

// --- GenerateImages ---

const characterInput = videoPipelineInput
  .pick({ job_id: true })
  .extend({ character: z.number().int().min(0) });

export const drawCharacter = defineWorker(
  'videoPipeline.DrawCharacter',
  characterInput,
  async ({ job_id, character }) => {
    const job = await activeJob(job_id);
    await enter(job, 'images');
    await faultPoint('pipeline.images');
    const bookId = bookOf(job);
    const p = await plan(job);
    const planned = p.characters[character];
    if (!planned) throw new Error(`Character ${character} is not in the plan`);
    const started_at = now();
    if (planned.portrait_key && (await media().head(planned.portrait_key))) {
      await saveItem(job, {
        stage: 'images',
        item: itemName.character(character),
        scene_number: null,
        counters: { generated: 0 },
        keys: [],
        data: { kind: 'character', name: planned.name, portrait_key: planned.portrait_key, source: 'plot' },
        started_at,
      });
    } else {
      const key = videoKeys.character(bookId, job.id, character);
      await withDir('portrait', async (dir) => {
        const drawn = await getEngine().image.portrait({
          style: imageStyleOf(p.style),
          quality: p.width >= 1920 ? 'hd' : 'standard',
          aspectRatio: '16:9',
          seed: planned.reference?.seed ?? planned.profile.seed,
          outputPath: join(dir, 'portrait.png'),
          character: planned.profile,
          ...(planned.reference ? { reference: planned.reference } : {}),
        });
        await media().upload(key, drawn.path, 'image/png');
      });
      await saveItem(job, {
        stage: 'images',
        item: itemName.character(character),
        scene_number: null,
        counters: { generated: 1 },
        keys: [key],
        data: { kind: 'character', name: planned.name, portrait_key: key, source: 'generated' },
        started_at,
      });
    }
    await advance(job, 'images', p.characters.length + p.scenes.length);
    return { character };
  },
);

/** Each character's portrait key, by name, from the images stage. */
async function portraits(job: VideoGenerationJob, p: ProductionPlan): Promise<Map<string, string>> {
  const items = await repo().listItems(bookOf(job), job.id, 'images');
  const found = new Map<string, string>();
  for (const item of items)
    if (item.data.kind === 'character' && typeof item.data.portrait_key === 'string')
      found.set(String(item.data.name), item.data.portrait_key);
  for (const c of p.characters) if (!found.has(c.name) && c.portrait_key) found.set(c.name, c.portrait_key);
  return found;
}

export const drawScene = defineWorker(
  'videoPipeline.DrawScene',
  sceneInput,
  async ({ job_id, scene_number }) => {
    const job = await activeJob(job_id);
    await enter(job, 'images');
    await faultPoint('pipeline.images');
    const bookId = bookOf(job);
    const p = await plan(job);
    const scene = sceneOf(p, scene_number);
    const started_at = now();
    if (scene.chapter_image_key && (await media().head(scene.chapter_image_key))) {
      await saveItem(job, {
        stage: 'images',
        item: itemName.scene(scene_number),
        scene_number,
        counters: { generated: 0 },
        keys: [],
        data: { kind: 'scene', image_key: scene.chapter_image_key, source: 'chapter' },
        started_at,
      });
    } else {
      const key = videoKeys.sceneImage(bookId, job.id, scene_number);
      const known = await portraits(job, p);
      const cast = scene.description.characters
        .map((name) => p.characters.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()))
        .filter((c): c is NonNullable<typeof c> => Boolean(c));
      const references: CharacterReference[] = cast
        .filter((c) => c.reference)
        .map((c) => {
          const portrait = known.get(c.name);
          return { ...c.reference!, ...(portrait ? { image: () => media().getBytes(portrait) } : {}) };
        });
      await withDir('scene', async (dir) => {
        const drawn = await getEngine().image.scene({
          style: imageStyleOf(p.style),
          quality: p.width >= 1920 ? 'hd' : 'standard',
          aspectRatio: '16:9',
          seed: p.seed + scene_number,
          outputPath: join(dir, 'scene.png'),
          scene: scene.description,
          characters: cast.map((c) => c.profile),
          references,
          includeBackground: true,
        });
        await media().upload(key, drawn.path, 'image/png');
      });
      await saveItem(job, {
        stage: 'images',
        item: itemName.scene(scene_number),
        scene_number,
        counters: { generated: 1 },
        keys: [key],
        data: { kind: 'scene', image_key: key, source: 'generated' },
        started_at,
      });
    }
    await advance(job, 'images', p.characters.length + p.scenes.length);
    return { scene_number };
  },
);

// --- RenderSceneVideos ---

async function itemData<T>(job: VideoGenerationJob, stage: PipelineStep, item: string): Promise<T> {
  const found = await repo().getItem(bookOf(job), job.id, stage, item);
  if (!found) throw new Error(`The ${stage} stage has no ${item}: retry from ${stage}`);
  return found.data as T;
}

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

/**
 * A dialogue shot filmed talking, as part of its scene's one FFmpeg run: the speaker's portrait with
 * the mouth following the line's visemes (placed where the line starts in the shot), or, without
 * visemes, the loudness of the speech placed in the shot; exactly the shot's frames, fading in when
 * it opens a scene that has a transition.
 */
function talkingGraph(
  shot: Shot,
  index: number,
  manifest: AudioManifest,
  portraitPath: string,
  transition: { type: string; duration: number } | null,
  p: ProductionPlan,
  dir: string,
  /** The line's speech placed in the shot: the mouth follows its loudness when there are no visemes. */
  speechPath?: string,
) {
  const line = manifest.lines[shot.line!]!;
  const offset = Math.max(0, line.start - shot.start);
  return getEngine().lipSync.talkingShotGraph(
    {
      portraitPath,
      ...(speechPath ? { speechPath } : {}),
      visemes: line.visemes.map((v) => ({ ...v, time: v.time + offset })),
      frames: shot.frames,
      size: { width: p.width, height: p.height },
      fps: p.fps,
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

/**
 * No film longer than its plan allows is made: once the scenes' sound is recorded the film's length
 * is known, and the run fails in the plan's words before any scene is filmed (or merged).
 */
async function refuseBeyondPlan(job: VideoGenerationJob, p: ProductionPlan) {
  const rule = job.options.plan;
  if (!rule) return;
  const audio = await repo().listItems(bookOf(job), job.id, 'audio');
  const soundOf = (n: number) =>
    Number(audio.find((i) => i.scene_number === n && i.status === 'completed')?.data.duration ?? 0);
  const seconds = filmedSeconds(p, soundOf);
  if (beyondPlanLength(rule, seconds))
    throw new EngineError('invalid_input', subscriptionMessages.tooLong(rule.tier, 'this film', seconds));
}

export const renderSceneVideo = defineWorker(
  'videoPipeline.RenderSceneVideo',
  sceneInput,
  async ({ job_id, scene_number }) => {
    const job = await activeJob(job_id);
    await enter(job, 'video');
    await faultPoint('pipeline.video');
    const bookId = bookOf(job);
    const p = await plan(job);
    await refuseBeyondPlan(job, p);
    const filmed = filmedScenes(p);
    const scene = sceneOf(p, scene_number);
    const redo = job.options.redo_scenes;
    const existing = await repo().getItem(bookId, job.id, 'video', itemName.scene(scene_number));
    if (redo && !redo.includes(scene_number) && existing?.status === 'completed') {
      // Kept as it is: not one of the scenes this run films again.
      await advance(job, 'video', filmed.length);
      return { scene_number, kept: true };
    }
    const started_at = now();
    const audio = await itemData<{ manifest_key: string; duration: number }>(
      job,
      'audio',
      itemName.scene(scene_number),
    );
    const picture = await itemData<{ image_key: string }>(job, 'images', itemName.scene(scene_number));
    const manifest = await readJson<AudioManifest>(audio.manifest_key);
    const known = await portraits(job, p);
    const duration = scene.duration_override ?? manifest.duration;
    const shots = planShots(
      manifest,
      duration,
      p.fps,
      (name) => known.has(name),
      (i) => videoKeys.shot(bookId, job.id, scene_number, i),
    );
    const size = { width: p.width, height: p.height };
    // A dialogue shot whose line has visemes is filmed talking here, in its one encode; the lip-sync
    // stage measures it (and films the others, or all of them again when it is asked to).
    const talking = shots.flatMap((shot, i) =>
      shot.kind === 'dialogue' && shot.line !== null && manifest.lines[shot.line]?.visemes.length ? [i] : [],
    );
    // The scene's sound as the audio stage encoded it, when the scene keeps the sound's length.
    const soundEncoded = manifest.sound_key !== undefined && duration === manifest.duration;
    const result = await withDir('render', async (dir) => {
      const still = join(dir, 'scene.png');
      const sound = join(dir, soundEncoded ? 'sound.m4a' : 'mix.wav');
      const faces = new Map<string, string>();
      for (const shot of shots)
        if (shot.kind === 'dialogue' && !faces.has(shot.character!))
          faces.set(shot.character!, join(dir, `face-${faces.size}.png`));
      await Promise.all([
        media().download(picture.image_key, still),
        media().download(soundEncoded ? manifest.sound_key! : manifest.mix_key, sound),
        ...[...faces].map(([name, path]) => media().download(known.get(name)!, path)),
      ]);
      const imageOf = (shot: Shot) => (shot.kind === 'dialogue' ? faces.get(shot.character!)! : still);
      // The whole scene in one run and one encoder: camera moves, close-ups and talking shots.
      const parts = join(dir, 'parts');
      const shotDir = join(dir, 'shots');
      await Promise.all([mkdir(parts), mkdir(shotDir)]);
      const scenes = await Promise.all(
        shots.map(async (shot, i) => ({
          kind: shot.kind,
          frames: shot.frames,
          image: imageOf(shot),
          ...(talking.includes(i)
            ? { talking: await talkingGraph(shot, i, manifest, imageOf(shot), scene.transition, p, parts) }
            : {}),
        })),
      );
      const clipPath = join(dir, 'clip.mp4');
      const thumbPath = join(dir, 'thumb.jpg');
      const outputs = await filmScene({
        shots: scenes,
        size,
        fps: p.fps,
        seed: p.seed + scene_number,
        transition: scene.transition,
        clip: { path: clipPath, soundPath: sound, soundEncoded },
        shotDir,
        workDir: dir,
      });
      // The thumbnail: the still on screen one second in (past a fade-in), no video decoded.
      const at = Math.min(1, duration / 2);
      await stillThumbnail(imageOf(shots[shots.findLastIndex((s) => s.start <= at)]!), size, 480, thumbPath);
      const keys = [
        ...shots.map((s) => s.key),
        videoKeys.sceneClip(bookId, job.id, scene_number),
        videoKeys.sceneThumbnail(bookId, job.id, scene_number),
      ];
      await Promise.all([
        ...shots.map((s, i) => media().upload(s.key, outputs[i]!, 'video/mp4')),
        media().upload(keys[shots.length]!, clipPath, 'video/mp4'),
        media().upload(keys[shots.length + 1]!, thumbPath, 'image/jpeg'),
      ]);
      return { keys };
    });
    await saveItem(job, {
      stage: 'video',
      item: itemName.scene(scene_number),
      scene_number,
      counters: { videos: 1 },
      keys: result.keys,
      data: {
        shots,
        clip_key: videoKeys.sceneClip(bookId, job.id, scene_number),
        thumbnail_key: videoKeys.sceneThumbnail(bookId, job.id, scene_number),
        duration,
        mix_key: manifest.mix_key,
        mix_duration: manifest.duration,
        transition: scene.transition,
        talking,
      },
      started_at,
    });
    await advance(job, 'video', filmed.length);
    return { scene_number, shots: shots.length };
  },
);

// --- MergeAudioAndVideo ---

interface VideoItemData {
  shots: Shot[];
  clip_key: string;
  duration: number;
  mix_key: string;
  mix_duration: number;
  transition?: { type: string; duration: number } | null;
  /** The shots filmed talking in the render stage (items made before it have none). */
  talking?: number[];
}

async function filmScenes(job: VideoGenerationJob, p: ProductionPlan) {
  const items = await repo().listItems(bookOf(job), job.id, 'video');
  return filmedScenes(p).map((n) => {
    const item = items.find((i) => i.scene_number === n && i.status === 'completed');
    if (!item) throw new Error(`Scene ${n} has no video: retry from video`);
    return { scene_number: n, ...(item.data as unknown as VideoItemData) };
  });
}

export const mergeAudioAndVideo = defineWorker(
  'videoPipeline.MergeAudioAndVideo',
  videoPipelineInput.pick({ job_id: true }),
  async ({ job_id }) => {
    const job = await activeJob(job_id);
    await enter(job, 'merge');
    await faultPoint('pipeline.merge');
    const bookId = bookOf(job);
    const p = await plan(job);
    await refuseBeyondPlan(job, p);
    const scenes = await filmScenes(job, p);
    const started = Date.now();
    const started_at = now();
    const audioItems = await repo().listItems(bookId, job.id, 'audio');
    const tracksMixed = audioItems
      .filter((i) => scenes.some((s) => s.scene_number === i.scene_number))
      .reduce((sum, i) => {
        const c = i.counters;
        return (
          sum +
          Number(c.narrator_files ?? 0) +
          Number(c.character_files ?? 0) +
          Number(c.sound_effects ?? 0) +
          Number(c.background_music ?? 0)
        );
      }, 0);
    const result = await withDir('merge', async (dir) => {
      const [clips, mixes] = await Promise.all([
        Promise.all(scenes.map((s, i) => media().download(s.clip_key, join(dir, `scene-${i}.mp4`)))),
        Promise.all(scenes.map((s, i) => media().download(s.mix_key, join(dir, `mix-${i}.wav`)))),
      ]);
      const total = scenes.reduce((sum, s) => sum + s.duration, 0);
      // Each scene's mix is already at the film's loudness: the film's sound is the mixes one after
      // the other, each as long as its scene, encoded once, in the run that joins the pictures.
      const mergedPath = join(dir, 'merged.mp4');
      await mergeScenes(
        scenes.map((s, i) => ({ clipPath: clips[i]!, mixPath: mixes[i]!, duration: s.duration })),
        dir,
        mergedPath,
      );
      await media().upload(videoKeys.merged(bookId, job.id), mergedPath, 'video/mp4');
      return { bytes: (await stat(mergedPath)).size, total };
    });
    await saveItem(job, {
      stage: 'merge',
      item: itemName.film,
      scene_number: null,
      counters: {
        total_scenes_merged: scenes.length,
        total_duration: Math.round(result.total * 100) / 100,
        audio_tracks_mixed: tracksMixed,
        file_size_mb: Math.round((result.bytes / 1024 ** 2) * 100) / 100,
        processing_time: Math.round((Date.now() - started) / 100) / 10,
      },
      keys: [videoKeys.merged(bookId, job.id)],
      data: {
        merged_key: videoKeys.merged(bookId, job.id),
        duration: result.total,
      },
      started_at,
    });
    await getJobs().progress(job_id, BAR.merge[1], 'Merged the scenes and the sound');
    return { scenes: scenes.length, duration: result.total };
  },
);

// --- ApplyLipSync ---

interface TalkingShot {
  shot: number;
  key: string;
  character: string;
  start: number;
  duration: number;
  sync_accuracy: number;
}

export const lipSyncScene = defineWorker(
  'videoPipeline.LipSyncScene',
  sceneInput.extend({ start_at: videoPipelineInput.shape.start_at.optional() }),
  async ({ job_id, scene_number, start_at }) => {
    const job = await activeJob(job_id);
    await enter(job, 'lipsync');
    await faultPoint('pipeline.lipsync');
    const bookId = bookOf(job);
    const p = await plan(job);
    const filmed = filmedScenes(p);
    const started_at = now();
    const video = await itemData<VideoItemData>(job, 'video', itemName.scene(scene_number));
    const audio = await itemData<{ manifest_key: string }>(job, 'audio', itemName.scene(scene_number));
    const manifest = await readJson<AudioManifest>(audio.manifest_key);
    const engine = getEngine();
    // A run started at the lip-sync (a redo) films every dialogue shot talking again; otherwise the
    // shots the render stage filmed talking are kept and only measured.
    const again = start_at === 'lipsync';
    const kept = new Set(again ? [] : (video.talking ?? []));
    const dialogue = video.shots.flatMap((shot, index) =>
      shot.kind === 'dialogue' && shot.line !== null ? [{ shot, index }] : [],
    );
    const known = dialogue.some(({ index }) => !kept.has(index)) ? await portraits(job, p) : null;
    let method = 'unknown';
    const talking = await withDir('lipsync', async (dir) => {
      const speech = new Map<number, string>();
      await Promise.all(
        dialogue.map(async ({ shot, index }) =>
          speech.set(
            index,
            await media().download(manifest.lines[shot.line!]!.key, join(dir, `line-${index}.wav`)),
          ),
        ),
      );
      // The shots to film talking: all of them in one run and one encoder, each cut to its own file.
      const filming = dialogue.filter(({ index }) => !kept.has(index));
      const keys = new Map<number, string>();
      if (filming.length) {
        const faces = new Map<string, string>();
        for (const { shot } of filming)
          if (!faces.has(shot.character!)) faces.set(shot.character!, join(dir, `face-${faces.size}.png`));
        await Promise.all([...faces].map(([name, path]) => media().download(known!.get(name)!, path)));
        const parts = join(dir, 'parts');
        const shotDir = join(dir, 'shots');
        await Promise.all([mkdir(parts), mkdir(shotDir)]);
        const shots = await Promise.all(
          filming.map(async ({ shot, index }) => {
            const line = manifest.lines[shot.line!]!;
            let placed: string | undefined;
            if (!line.visemes.length) {
              // The line's speech where it is spoken in the shot: the mouth follows its loudness.
              placed = join(dir, `placed-${index}.wav`);
              await placeSpeech(
                speech.get(index)!,
                Math.max(0, line.start - shot.start),
                shot.frames / p.fps,
                placed,
              );
            }
            const face = faces.get(shot.character!)!;
            const graph = await talkingGraph(
              shot,
              index,
              manifest,
              face,
              video.transition ?? null,
              p,
              parts,
              placed,
            );
            method = graph.processing_method;
            return { kind: shot.kind, frames: shot.frames, image: face, talking: graph };
          }),
        );
        const files = await filmScene({
          shots,
          size: { width: p.width, height: p.height },
          fps: p.fps,
          seed: p.seed + scene_number,
          transition: null,
          shotDir,
          workDir: dir,
        });
        await Promise.all(
          filming.map(async ({ index }, i) => {
            const key = videoKeys.talkingShot(bookId, job.id, scene_number, index);
            await media().upload(key, files[i]!, 'video/mp4');
            keys.set(index, key);
          }),
        );
      }
      const made: (TalkingShot & { made: boolean })[] = [];
      for (const { shot, index } of dialogue) {
        const line = manifest.lines[shot.line!]!;
        if (kept.has(index)) method = 'visemes';
        const key = keys.get(index) ?? shot.key;
        const accuracy = line.visemes.length
          ? await engine.lipSync.syncAccuracy({
              speechPath: speech.get(index)!,
              visemes: line.visemes,
              fps: p.fps,
              duration: line.duration,
            })
          : 0;
        made.push({
          shot: index,
          key,
          character: shot.character!,
          start: shot.start,
          duration: shot.duration,
          sync_accuracy: accuracy,
          made: key !== shot.key,
        });
      }
      return made;
    });
    const before = await repo().getItem(bookId, job.id, 'lipsync', itemName.scene(scene_number));
    const speakers = [...new Set(talking.map((t) => t.character))];
    const keys = talking.filter((t) => t.made).map((t) => t.key);
    await saveItem(job, {
      stage: 'lipsync',
      item: itemName.scene(scene_number),
      scene_number,
      counters: {
        characters: speakers.join('\n'),
        shots: talking.length,
        processing_method: talking.length ? method : 'none',
        sync_frames_weighted: talking.reduce((sum, t) => sum + t.sync_accuracy * t.duration, 0),
        sync_seconds: talking.reduce((sum, t) => sum + t.duration, 0),
      },
      keys,
      data: { talking: talking.map(({ made: _made, ...t }) => t) },
      started_at,
    });
    // Talking shots an earlier lip-sync made that this one no longer uses.
    await Promise.all(
      (before?.keys ?? []).filter((key) => !keys.includes(key)).map((key) => media().delete(key)),
    );
    await advance(job, 'lipsync', filmed.length);
    return { scene_number, shots: talking.length };
  },
);

// --- Publish ---

const FILM_TYPES = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } as const;

export const publish = defineWorker(
  'videoPipeline.Publish',
  videoPipelineInput.pick({ job_id: true }),
  async ({ job_id }) => {
    const job = await activeJob(job_id);
    await enter(job, 'publish');
    const bookId = bookOf(job);
    const p = await plan(job);
    const scenes = await filmScenes(job, p);
    const lipsync = await repo().listItems(bookId, job.id, 'lipsync');
    const merge = await itemData<{ merged_key: string; duration: number }>(job, 'merge', itemName.film);
    const exp = p.export ?? null;
    const format = exp?.format ?? 'mp4';
    const finalKey = videoKeys.final(bookId, job.id, job.attempt, format);
    const thumbKey = videoKeys.finalThumbnail(bookId, job.id, job.attempt);
    const final = await withDir('publish', async (dir) => {
      const keys = scenes.flatMap((scene) => {
        const replaced = new Map(
          (
            (lipsync.find((i) => i.scene_number === scene.scene_number)?.data.talking as
              TalkingShot[] | undefined) ?? []
          ).map((t) => [t.shot, t.key]),
        );
        return scene.shots.map((shot, index) => ({ shot: shot.key, key: replaced.get(index) ?? shot.key }));
      });
      const filmPath = join(dir, 'film.mp4');
      let probed: Awaited<ReturnType<typeof muxFilm>>;
      if (keys.every((k) => k.key === k.shot)) {
        // Every shot is as the render stage filmed it: the merged film is the film.
        await media().download(merge.merged_key, filmPath);
        probed = await probeFilm(filmPath);
      } else {
        const pictures: string[] = [];
        for (const [i, { key }] of keys.entries())
          pictures.push(await media().download(key, join(dir, `shot-${i}.mp4`)));
        const picturePath = join(dir, 'picture.mp4');
        await joinPictures(pictures, dir, picturePath);
        // The film's sound is the merged film's (encoded once, copied here).
        const sound = await media().download(merge.merged_key, join(dir, 'merged.mp4'));
        probed = await muxFilm(picturePath, sound, merge.duration, filmPath);
      }
      let outPath = filmPath;
      if (exp && (exp.format !== 'mp4' || needsEncode(exp))) {
        outPath = join(dir, `final.${format}`);
        probed = await exportFilm({
          inputPath: filmPath,
          format,
          quality: exp.quality,
          watermark: exp.watermark,
          encode: needsEncode(exp),
          outputPath: outPath,
          workDir: dir,
        });
      }
      const thumb = join(dir, 'final.jpg');
      await getEngine().video.thumbnail({ inputPath: outPath, width: 640, outputPath: thumb });
      await media().upload(finalKey, outPath, FILM_TYPES[format]);
      await media().upload(thumbKey, thumb, 'image/jpeg');
      return { probed, bytes: (await stat(outPath)).size };
    });
    const recorded = await getJobs().record<VideoGenerationOutputs>(job_id, {
      outputs: {
        generation_status: 'completed',
        stage: 'publish',
        failed_step: null,
        final_key: finalKey,
        final: {
          duration: final.probed.duration,
          width: final.probed.video?.width ?? p.width,
          height: final.probed.video?.height ?? p.height,
          bytes: final.bytes,
          video_codec: final.probed.video?.codec ?? 'h264',
          audio_codec: final.probed.audio?.codec ?? 'aac',
          thumbnail_key: thumbKey,
          format,
        },
      },
      progress: 99,
    });
    if (!recorded) {
      await Promise.all([media().delete(finalKey), media().delete(thumbKey)]);
      throw new JobGoneError(`Generation ${job_id} ended while it was published`);
    }
    // The films of earlier runs (and their downloads) give way to this one.
    if (job.outputs.final_key && job.outputs.final_key !== finalKey) {
      await media().delete(job.outputs.final_key);
      if (job.outputs.final?.thumbnail_key) await media().delete(job.outputs.final.thumbnail_key);
      await media().deletePrefix(`${videoKeys.prefix(bookId, job.id)}downloads/final-${job.attempt - 1}-`);
    }
    await getJobs().finish(job_id, 'Completed');
    return { job_id, duration: final.probed.duration };
  },
);

// --- RecordFailure ---

export const recordFailure = defineWorker(
  'videoPipeline.RecordFailure',
  videoPipelineInput.pick({ job_id: true }).extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const jobs = getJobs();
    const job = (await jobs.get(job_id)) as VideoGenerationJob | null;
    if (!job) return { job_id, recorded: false };
    const read = readFailure(error);
    const stage = job.outputs.stage ?? 'plan';
    const timedOut = read.name === 'States.Timeout' || read.name === 'Sandbox.Timedout';
    const detail = read.name === 'EngineError' || read.name === 'InjectedFault' ? read.message : '';
    const words = stageFailureMessage(stage, timedOut, detail);
    const { recorded } = await jobs.fail(videoGenerationJob, job_id, error, words);
    if (recorded) {
      const failedStep: PipelineStep = stage === 'plan' ? 'audio' : stage === 'publish' ? 'lipsync' : stage;
      await jobs.repository.update(
        job_id,
        { outputs: { ...job.outputs, generation_status: 'failed', failed_step: failedStep } },
        now(),
        ['failed'],
      );
    }
    return { job_id, recorded };
  },
);

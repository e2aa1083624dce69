import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { withTempDir } from '../../functions/engine/media/temp';
import { characterProfile } from '../../functions/engine/text/types';
import type { ProbeResult } from '../../functions/engine/types';
import type { BookRecord } from '../../functions/books/model';
import type { PipelineStep } from '../../functions/contracts/video';
import { createJobs } from '../../functions/jobs';
import { getJson } from '../../functions/lib/json-files';
import { InjectedFault } from '../../functions/lib/middleware/faults';
import type { ScriptRecord } from '../../functions/scripts/model';
import { videoGenerationJob } from '../../functions/video/jobs/kinds';
import { filmedScenes } from '../../functions/video/jobs/plan';
import {
  videoKeys,
  type PlannedCharacter,
  type PlannedScene,
  type ProductionPlan,
  type VideoGenerationJob,
  type VideoGenerationOptions,
} from '../../functions/video/model';
import { sceneAudioStage } from '../../functions/video/pipeline/audio';
import { drawCharacterStage, drawSceneStage } from '../../functions/video/pipeline/images';
import { lipSyncStage } from '../../functions/video/pipeline/lipsync';
import { mergeStage } from '../../functions/video/pipeline/merge';
import type { FilmTools, PipelineDeps, PipelineEngine } from '../../functions/video/pipeline/ports';
import { publishStage } from '../../functions/video/pipeline/publish';
import { renderStage } from '../../functions/video/pipeline/render';
import { createVideoRepository } from '../../functions/video/repository';
import { memoryAdapters } from './memory';

/**
 * The video pipeline's stages on the in-memory ports, with doubles of the engine port and of
 * FFmpeg's filming steps (the stages are under test, not the engine): each double writes a small
 * file describing what it was asked to make, so a test can follow a file from stage to stage, and
 * logs its calls. A call can be made to fail (`failOn`) or to run something first (`before`), e.g.
 * cancel the generation while a stage works.
 */
export const BOOK = 'book-1';
export const CHAPTER = 'chapter-3';

/** Seconds a double's speech lasts: half a second per word. */
export const spokenLength = (text: string) => text.split(/\s+/).filter(Boolean).length * 0.5;

const write = async (path: string, what: Record<string, unknown>) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(what));
};

/** What a double wrote into a file (the stores keep the same bytes). */
export const described = (bytes: Uint8Array | string) => JSON.parse(Buffer.from(bytes).toString('utf8'));

export interface Doubles {
  /** Every call, by name (`speech.synthesize`, `film.filmScene`…), with its first argument. */
  calls: { name: string; request: unknown }[];
  /** The next call of that name throws this error (once). */
  failOn: Map<string, Error>;
  /** Runs before the next call of that name (once). */
  before: Map<string, () => Promise<unknown>>;
}

async function enter(doubles: Doubles, name: string, request: unknown) {
  doubles.calls.push({ name, request });
  const first = doubles.before.get(name);
  if (first) {
    doubles.before.delete(name);
    await first();
  }
  const error = doubles.failOn.get(name);
  if (error) {
    doubles.failOn.delete(name);
    throw error;
  }
}

const probeOf = (duration: number, width = 1280, height = 720): ProbeResult => ({
  duration,
  bytes: 1000,
  formatName: 'mov,mp4',
  video: { codec: 'h264', width, height, fps: 24, pixelFormat: 'yuv420p' },
  audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
});

function engineDouble(doubles: Doubles): PipelineEngine {
  return {
    speech: {
      voiceFor: (choice) => `${choice.role}-voice`,
      async synthesize(request) {
        await enter(doubles, 'speech.synthesize', request);
        await write(request.outputPath, { made: 'speech', text: request.text, voice: request.voice });
        const duration = spokenLength(request.text);
        // A voice named "*-plain" gives no visemes (the mouth then follows the speech's loudness).
        const visemes = request.voice.endsWith('-plain') ? [] : [{ time: 0.1, viseme: 'A' }];
        // Each word half a second, as the length says.
        let at = 0;
        const words = request.text
          .split(/\s+/)
          .filter(Boolean)
          .map((word, i) => {
            const charStart = request.text.indexOf(word, at);
            at = charStart + word.length;
            return { word, start: i * 0.5, end: i * 0.5 + 0.45, charStart, charEnd: at };
          });
        return { path: request.outputPath, format: 'wav', sampleRate: 22050, duration, words, visemes };
      },
    },
    audio: {
      async ambiance(request) {
        await enter(doubles, 'audio.ambiance', request);
        await write(request.outputPath, { made: 'ambiance', description: request.description });
        return { path: request.outputPath, duration: request.duration };
      },
      async music(request) {
        await enter(doubles, 'audio.music', request);
        await write(request.outputPath, { made: 'music', mood: request.mood ?? null });
        return { path: request.outputPath, duration: request.duration };
      },
      async effect(request) {
        await enter(doubles, 'audio.effect', request);
        await write(request.outputPath, { made: 'effect', description: request.description });
        return { path: request.outputPath, duration: 1 };
      },
      async mix(request) {
        await enter(doubles, 'audio.mix', request);
        await write(request.outputPath, { made: 'mix', tracks: request.tracks.map((t) => basename(t.path)) });
        return { path: request.outputPath, duration: request.duration ?? 0, loudness: -16, truePeak: -1.5 };
      },
    },
    image: {
      async portrait(request) {
        await enter(doubles, 'image.portrait', request);
        await write(request.outputPath, { made: 'portrait', name: request.character.name });
        return { path: request.outputPath, width: 1024, height: 576, prompt: request.character.name };
      },
      async scene(request) {
        await enter(doubles, 'image.scene', request);
        await write(request.outputPath, { made: 'scene picture', seed: request.seed });
        return { path: request.outputPath, width: 1024, height: 576, prompt: 'scene' };
      },
    },
    lipSync: {
      async talkingShotGraph(request, dir) {
        await enter(doubles, 'lipSync.talkingShotGraph', request);
        return {
          inputs: ['-i', request.portraitPath],
          graph: () => [`talking ${basename(dir)}`],
          processing_method: request.visemes?.length ? 'visemes' : 'audio_envelope',
        };
      },
      async syncAccuracy(request) {
        await enter(doubles, 'lipSync.syncAccuracy', request);
        return 90;
      },
    },
    video: {
      async thumbnail(request) {
        await enter(doubles, 'video.thumbnail', request);
        await write(request.outputPath, { made: 'thumbnail', of: basename(request.inputPath) });
        return { path: request.outputPath };
      },
    },
  };
}

function filmDouble(doubles: Doubles): FilmTools {
  return {
    async encodeSceneSound(mixPath, duration, outputPath) {
      await enter(doubles, 'film.encodeSceneSound', { mixPath, duration });
      await write(outputPath, { made: 'scene sound', duration });
    },
    async filmScene(request) {
      await enter(doubles, 'film.filmScene', request);
      const paths = request.shots.map((_, i) =>
        join(request.shotDir, `shot-${String(i).padStart(3, '0')}.mp4`),
      );
      await Promise.all(
        request.shots.map((shot, i) =>
          write(paths[i]!, {
            made: shot.talking ? 'talking shot' : 'shot',
            frames: shot.frames,
            image: basename(shot.image),
          }),
        ),
      );
      if (request.clip)
        await write(request.clip.path, {
          made: 'scene clip',
          sound: described(await readFile(request.clip.soundPath)).made,
          copied: request.clip.soundEncoded ?? false,
        });
      return paths;
    },
    async stillThumbnail(imagePath, _size, width, outputPath) {
      await enter(doubles, 'film.stillThumbnail', { imagePath, width });
      await write(outputPath, { made: 'thumbnail', of: basename(imagePath) });
    },
    async mergeScenes(scenes, _workDir, outputPath) {
      await enter(doubles, 'film.mergeScenes', scenes);
      await write(outputPath, {
        made: 'merged film',
        duration: scenes.reduce((sum, s) => sum + s.duration, 0),
      });
    },
    async placeSpeech(speechPath, offset, duration, outputPath) {
      await enter(doubles, 'film.placeSpeech', { speechPath, offset, duration });
      await write(outputPath, { made: 'placed speech', offset });
    },
    async joinPictures(paths, _workDir, outputPath) {
      await enter(doubles, 'film.joinPictures', paths);
      const shots = await Promise.all(paths.map(async (p) => described(await readFile(p)).made));
      await write(outputPath, { made: 'joined picture', shots });
    },
    async muxFilm(picturePath, soundPath, duration, outputPath) {
      await enter(doubles, 'film.muxFilm', { picturePath, soundPath, duration });
      await write(outputPath, { made: 'muxed film', duration });
      return probeOf(duration);
    },
    async probeFilm(path) {
      await enter(doubles, 'film.probeFilm', path);
      return probeOf(Number(described(await readFile(path)).duration ?? 0));
    },
    async exportFilm(request) {
      await enter(doubles, 'film.exportFilm', request);
      const from = described(await readFile(request.inputPath));
      await write(request.outputPath, {
        made: `exported ${request.format}`,
        watermark: request.watermark?.text ?? null,
      });
      return probeOf(Number(from.duration ?? 0), 854, 480);
    },
    async addSubtitleStream(filmPath, subtitlesPath, format, outputPath) {
      await enter(doubles, 'film.addSubtitleStream', { filmPath, subtitlesPath, format });
      const film = described(await readFile(filmPath));
      await write(outputPath, { ...film, subtitles: (await readFile(subtitlesPath, 'utf8')).split('\n')[0] });
    },
  };
}

export const planScene = (n: number, fields: Partial<PlannedScene> = {}): PlannedScene => ({
  scene_number: n,
  heading: `Scene ${n}`,
  description: {
    scene_number: n,
    location: 'the harbour',
    setting_type: 'EXT',
    time_of_day: 'night',
    estimated_duration: 10,
    visual_description: 'Waves against the harbour wall.',
    key_actions: [],
    audio_requirements: [],
    characters: [],
    mood: 'tense',
    source_start: 0,
    source_end: 100,
  },
  narration: null,
  lines: [],
  effects: [],
  ambiance: 'waves',
  music: 'strings',
  duration_override: null,
  transition: null,
  chapter_image_key: null,
  ...fields,
});

export const planCharacter = (name: string, fields: Partial<PlannedCharacter> = {}): PlannedCharacter => ({
  name,
  profile: characterProfile({ name, seed: name.length }),
  portrait_key: null,
  reference: null,
  ...fields,
});

export const NELL_PORTRAIT = `media/books/${BOOK}/characters/nell/portrait.png`;
export const CHAPTER_PICTURE = `media/books/${BOOK}/images/scene-2.png`;

/**
 * Two scenes and two characters: scene 1 narrated, with Nell (whose portrait the plot has) and
 * Tobias (drawn by the images stage) speaking and a door creaking; scene 2 a line by Crane, who is
 * not in the cast (so no close-up), with the Images tab's picture and a fade in.
 */
export function twoScenePlan(generationId: string): ProductionPlan {
  return {
    generation_id: generationId,
    script_id: 'script-1',
    width: 1280,
    height: 720,
    fps: 24,
    style: 'cinematic',
    seed: 7,
    music_style: 'cinematic',
    scenes: [
      planScene(1, {
        narration: { text: 'The storm came in fast', voice: 'narrator-voice' },
        lines: [
          { character: 'Nell', text: 'Close the shutters now', voice: 'nell-voice' },
          { character: 'Tobias', text: 'They will not hold', voice: 'tobias-plain' },
        ],
        effects: ['door creaks'],
        description: { ...planScene(1).description, characters: ['Nell', 'Tobias'] },
      }),
      planScene(2, {
        lines: [{ character: 'Crane', text: 'Sign here', voice: 'crane-voice' }],
        chapter_image_key: CHAPTER_PICTURE,
        transition: { type: 'fade', duration: 0.5 },
      }),
    ],
    characters: [
      planCharacter('Nell', { portrait_key: NELL_PORTRAIT }),
      planCharacter('Tobias', {
        reference: {
          name: 'Tobias',
          seed: 11,
          physical_description: 'a tall man',
          look: { hair: 'grey', eyes: 'blue', skin: '#e0b090', clothing: 'oilskin', palette: ['#e0b090'] },
        },
      }),
    ],
    export: null,
  };
}

export const generationOptions = (fields: Partial<VideoGenerationOptions> = {}): VideoGenerationOptions => ({
  script_id: 'script-1',
  quality_tier: 'basic',
  video_style: 'cinematic',
  width: 1280,
  height: 720,
  fps: 24,
  timeline: null,
  redo_scenes: null,
  export: null,
  ...fields,
});

/** The in-memory world of one chapter's generations. */
export function pipelineWorld() {
  const adapters = memoryAdapters();
  const { storage } = adapters;
  const jobs = createJobs({ ...adapters, work: storage.uploads });
  const items = createVideoRepository(adapters.table);
  const doubles: Doubles = { calls: [], failOn: new Map(), before: new Map() };
  const faults = new Set<string>();
  const deps: PipelineDeps = {
    jobs,
    engine: engineDouble(doubles),
    film: filmDouble(doubles),
    media: storage.media,
    items,
    // A script and book that plan no scenes: the stages here work from the plan a test stores (a
    // resumed run keeps it); planning from real records is tested on the fixture novel.
    sources: {
      scriptOf: async (id) =>
        ({ id, scenes: [], script_style: 'cinematic_movie' }) as unknown as ScriptRecord,
      bookOf: async (id) => ({ id, language: 'en' }) as unknown as BookRecord,
      castOf: async () => [],
      chapterImagesOf: async () => [],
    },
    clock: adapters.clock,
    tempDir: withTempDir,
    faultPoint: async (point) => {
      if (faults.has(point)) throw new InjectedFault(`Injected fault at ${point}`);
    },
  };
  /** A running generation of the chapter with `plan` stored as its plan stage would. */
  async function startGeneration(
    options: Partial<VideoGenerationOptions> = {},
    plan: (id: string) => ProductionPlan = twoScenePlan,
  ): Promise<VideoGenerationJob> {
    const job = await jobs.start(videoGenerationJob, {
      owner: 'owner',
      target: { book_id: BOOK, chapter_id: CHAPTER },
      options: generationOptions(options),
    });
    await jobs.begin(job.id, 'Planning the film');
    await storage.media.put(videoKeys.plan(BOOK, job.id), JSON.stringify(plan(job.id)), 'application/json');
    await storage.media.put(NELL_PORTRAIT, JSON.stringify({ made: 'plot portrait' }), 'image/png');
    await storage.media.put(CHAPTER_PICTURE, JSON.stringify({ made: 'chapter picture' }), 'image/png');
    return (await jobs.get(job.id)) as VideoGenerationJob;
  }
  const generation = async (id: string) => (await jobs.get(id)) as VideoGenerationJob;
  return { ...adapters, jobs, items, deps, doubles, faults, startGeneration, generation };
}

export type PipelineWorld = ReturnType<typeof pipelineWorld>;

const ORDER = ['audio', 'images', 'video', 'merge', 'lipsync', 'publish'] as const;
type StageName = (typeof ORDER)[number];

/** Runs the stages of a generation in workflow order, from `from` through `to` (each Map item in turn). */
export async function produce(
  world: PipelineWorld,
  jobId: string,
  to: StageName,
  from: StageName = 'audio',
  startAt?: PipelineStep,
) {
  const { deps } = world;
  const job = await world.generation(jobId);
  const plan = await getJson<ProductionPlan>(world.storage.media, videoKeys.plan(BOOK, job.id));
  const stages = ORDER.slice(ORDER.indexOf(from), ORDER.indexOf(to) + 1);
  for (const stage of stages) {
    if (stage === 'audio')
      for (const s of plan.scenes)
        await sceneAudioStage(deps, { job_id: jobId, scene_number: s.scene_number });
    if (stage === 'images') {
      for (const [character] of plan.characters.entries())
        await drawCharacterStage(deps, { job_id: jobId, character });
      for (const s of plan.scenes)
        await drawSceneStage(deps, { job_id: jobId, scene_number: s.scene_number });
    }
    if (stage === 'video')
      for (const n of filmedScenes(plan)) await renderStage(deps, { job_id: jobId, scene_number: n });
    if (stage === 'merge') await mergeStage(deps, { job_id: jobId });
    if (stage === 'lipsync')
      for (const n of filmedScenes(plan))
        await lipSyncStage(deps, {
          job_id: jobId,
          scene_number: n,
          ...(startAt ? { start_at: startAt } : {}),
        });
    if (stage === 'publish') await publishStage(deps, { job_id: jobId });
  }
}

import { join } from 'node:path';
import { EXPORT_LOUDNESS } from '../../contracts/audio';
import type { AudioEngine } from '../../engine/audio/types';
import type { Engine } from '../../engine/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { ObjectStore, TempDir } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import {
  audioKeys,
  type AudioExportJobRecord,
  type AudioExportOptions,
  type AudioExportOutputs,
  type AudioGenerationJobRecord,
  type AudioGenerationOptions,
} from '../model';
import type { AudioService } from '../service';
import { chapterAudioExportJob, chapterAudioJob } from './kinds';
import { fileSeed, type encodeForBrowser, type Recipe } from './recipes';

/**
 * The stages of the chapter-audio jobs. RenderAudio (generation.workflow.ts) renders a job's planned
 * files with its kind's recipe, stores them beside the book's media and makes them the scene's files
 * of that kind; MixAudio (export.workflow.ts) mixes the chosen files with the engine (speech ducks the
 * beds; −16 LUFS, true peak under −1 dBTP) and stores the mix. What to render and how it is recorded
 * is the audio service's.
 */
export interface ChapterAudioDeps {
  jobs: JobSteps;
  engine: Engine;
  /** How each kind of scene audio is rendered (recipes.ts). */
  recipes: Record<AudioGenerationOptions['kind'], Recipe>;
  /** The rendered files' copies for the browser (AAC), made by FFmpeg. */
  encode: typeof encodeForBrowser;
  media: ObjectStore;
  /** The scene a job renders, where its speech ends, and the records of what was made. */
  audio: Pick<AudioService, 'sceneOf' | 'sceneSpeech' | 'recordGenerated' | 'recordFailure'>;
  tempDir: TempDir;
}

export type AudioExportDeps = Pick<ChapterAudioDeps, 'jobs' | 'media' | 'tempDir'> & {
  engine: { audio: Pick<AudioEngine, 'mix'> };
};

const WORDING: Record<AudioGenerationOptions['kind'], string> = {
  dialogue: 'Speaking the lines',
  narrator: 'Reading the narration',
  music: 'Composing the score',
  sound_effect: 'Making the sound effects',
  background_music: 'Making the ambiance',
};

const CONTENT_TYPE = { m4a: 'audio/mp4', mp3: 'audio/mpeg' } as const;

type Failure = { job_id: string; error?: TaskFailure };

export async function renderAudioStage(deps: ChapterAudioDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<AudioGenerationOptions>(job_id)) as AudioGenerationJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const found = await deps.audio.sceneOf(job);
  if (!found) throw new JobGoneError(`The script or scene of job ${job_id} no longer exists`);
  await deps.jobs.begin(job_id, WORDING[job.options.kind], 10);
  const { book_id: bookId, chapter_id: chapterId } = job.target;
  const speech = await deps.audio.sceneSpeech(job);
  const stored = await deps.tempDir('chapter-audio', async (dir) => {
    const rendered = await deps.recipes[job.options.kind](
      {
        engine: deps.engine,
        dir,
        options: job.options,
        scene: found.scene,
        ...speech,
        seed: fileSeed(job.options),
      },
      job.options.files,
    );
    await deps.jobs.progress(job_id, 80, 'Storing the audio');
    const encoded = await deps.encode(
      rendered.map((file) => ({ path: file.path, outputPath: join(dir, `${file.id}.m4a`) })),
      job.options.audio_quality,
    );
    return Promise.all(
      rendered.map(async (file, i) => {
        const key = audioKeys.file(bookId!, chapterId!, file.id);
        await deps.media.upload(key, encoded[i]!, 'audio/mp4');
        return { id: file.id, key, start: file.start, duration: file.duration };
      }),
    );
  });
  const outputs = { file_ids: stored.map((f) => f.id) };
  if (!(await deps.jobs.record(job_id, { outputs, progress: 95, step: 'Saving' }))) {
    // Deleted or ended meanwhile: the media must not outlive its job.
    await Promise.all(stored.map((f) => deps.media.delete(f.key)));
    throw new JobGoneError(`Job ${job_id} ended while its audio was rendered`);
  }
  await deps.audio.recordGenerated(job, stored);
  await deps.jobs.finish(job_id);
  return { job_id, files: stored.length };
}

export async function recordAudioFailureStage(
  deps: Pick<ChapterAudioDeps, 'jobs' | 'audio'>,
  { job_id, error }: Failure,
) {
  const { job, recorded } = await deps.jobs.fail(chapterAudioJob, job_id, error);
  if (job) await deps.audio.recordFailure(job, job.error_message ?? '');
  return { job_id, recorded };
}

export async function mixAudioStage(deps: AudioExportDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<AudioExportOptions>(job_id)) as AudioExportJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await deps.jobs.begin(job_id, 'Gathering the audio', 5);
  const { format, tracks, duration } = job.options;
  const key = audioKeys.export(job.target.book_id!, job.target.chapter_id!, job_id, format);
  const outputs = await deps.tempDir('chapter-mix', async (dir): Promise<AudioExportOutputs> => {
    const paths = await Promise.all(
      tracks.map((track, i) => deps.media.download(track.audio_key, join(dir, `track-${i}.m4a`))),
    );
    await deps.jobs.progress(job_id, 30, 'Mixing');
    const mix = await deps.engine.audio.mix({
      tracks: tracks.map((track, i) => ({
        path: paths[i]!,
        role: track.role,
        start: track.start,
        volume: track.volume,
      })),
      duration,
      duckUnderSpeech: true,
      targetLoudness: EXPORT_LOUDNESS,
      outputPath: join(dir, `mix.${format}`),
      format,
    });
    await deps.jobs.progress(job_id, 90, 'Storing the mix');
    await deps.media.upload(key, mix.path, CONTENT_TYPE[format]);
    return {
      audio_key: key,
      duration: mix.duration,
      loudness: mix.loudness ?? EXPORT_LOUDNESS,
      true_peak: mix.truePeak ?? Number.NaN,
    };
  });
  if (!(await deps.jobs.record<AudioExportOutputs>(job_id, { outputs, progress: 98 }))) {
    await deps.media.delete(key);
    throw new JobGoneError(`Job ${job_id} ended while it was mixed`);
  }
  await deps.jobs.finish(job_id);
  return { job_id, duration: outputs.duration };
}

export async function recordExportFailureStage(
  deps: Pick<AudioExportDeps, 'jobs'>,
  { job_id, error }: Failure,
) {
  const { recorded } = await deps.jobs.fail(chapterAudioExportJob, job_id, error);
  return { job_id, recorded };
}

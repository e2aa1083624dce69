import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { getEngine } from '../../engine';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { defineWorker } from '../../lib/worker';
import { audio } from '../instance';
import { audioKeys, type AudioGenerationJobRecord, type AudioGenerationOptions } from '../model';
import { chapterAudioJob } from './kinds';
import { chapterAudioInput } from './generation.workflow';
import { encodeForBrowser, fileSeed, RECIPES } from './recipes';

/**
 * Task workers of the chapter-audio workflow (generation.workflow.ts): RenderAudio renders the job's
 * planned files with the kind's recipe, stores them beside the book's media and makes them the scene's
 * files of that kind; RecordAudioFailure is the Catch target.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const WORDING: Record<AudioGenerationOptions['kind'], string> = {
  dialogue: 'Speaking the lines',
  narrator: 'Reading the narration',
  music: 'Composing the score',
  sound_effect: 'Making the sound effects',
  background_music: 'Making the ambiance',
};

export const renderAudio = defineWorker('chapterAudio.RenderAudio', chapterAudioInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = (await jobs.active<AudioGenerationOptions>(job_id)) as AudioGenerationJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const found = await audio().sceneOf(job);
  if (!found) throw new JobGoneError(`The script or scene of job ${job_id} no longer exists`);
  await jobs.begin(job_id, WORDING[job.options.kind], 10);

  const media = getAdapters().storage.media;
  const bookId = job.target.book_id!;
  const chapterId = job.target.chapter_id!;
  const speech = await audio().sceneSpeech(job);
  const dir = await mkdtemp(join(tmpdir(), 'chapter-audio-'));
  const stored = await (async () => {
    try {
      const rendered = await RECIPES[job.options.kind](
        {
          engine: getEngine(),
          dir,
          options: job.options,
          scene: found.scene,
          ...speech,
          seed: fileSeed(job.options),
        },
        job.options.files,
      );
      await jobs.progress(job_id, 80, 'Storing the audio');
      const encoded = await encodeForBrowser(
        rendered.map((file) => ({ path: file.path, outputPath: join(dir, `${file.id}.m4a`) })),
        job.options.audio_quality,
      );
      return await Promise.all(
        rendered.map(async (file, i) => {
          const key = audioKeys.file(bookId, chapterId, file.id);
          await media.upload(key, encoded[i]!, 'audio/mp4');
          return { id: file.id, key, start: file.start, duration: file.duration };
        }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();

  const outputs = { file_ids: stored.map((f) => f.id) };
  if (!(await jobs.record(job_id, { outputs, progress: 95, step: 'Saving' }))) {
    // Deleted or ended meanwhile: the media must not outlive its job.
    await Promise.all(stored.map((f) => media.delete(f.key)));
    throw new JobGoneError(`Job ${job_id} ended while its audio was rendered`);
  }
  await audio().recordGenerated(job, stored);
  await jobs.finish(job_id);
  return { job_id, files: stored.length };
});

export const recordFailure = defineWorker(
  'chapterAudio.RecordAudioFailure',
  chapterAudioInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const { job, recorded } = await getJobs().fail(chapterAudioJob, job_id, error);
    if (job) await audio().recordFailure(job, job.error_message ?? '');
    return { job_id, recorded };
  },
);

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { getEngine } from '../../engine';
import type { ImageResult } from '../../engine/image/types';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { defineWorker } from '../../lib/worker';
import { images } from '../instance';
import type { ChapterImageJobRecord, ChapterImageOptions, ChapterImageOutputs } from '../model';
import { chapterImageJob } from './kinds';
import { chapterImageInput } from './image.workflow';

/**
 * Task workers of the chapter-image workflow (image.workflow.ts): DrawImage draws the scene or the
 * character with the image engine, stores the PNG and completes the record; RecordImageFailure is
 * the Catch target. What to draw is the service's (`drawing`), and so is the record (`recordDrawn`).
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

export const drawImage = defineWorker('chapterImage.DrawImage', chapterImageInput, async ({ job_id }) => {
  const jobs = getJobs();
  const job = (await jobs.active<ChapterImageOptions>(job_id)) as ChapterImageJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  await jobs.begin(
    job_id,
    job.options.image_type === 'scene' ? 'Drawing the scene' : 'Drawing the character',
    10,
  );

  const drawing = await images().drawing(job);
  const media = getAdapters().storage.media;
  const key = images().keyFor(job);
  const dir = await mkdtemp(join(tmpdir(), 'chapter-image-'));
  let image: ImageResult;
  try {
    const outputPath = join(dir, 'image.png');
    const engine = getEngine().image;
    image =
      drawing.kind === 'scene'
        ? await engine.scene({
            ...drawing.request,
            outputPath,
            scene: drawing.scene!,
            characters: drawing.characters,
            references: drawing.references,
            includeBackground: drawing.includeBackground,
            ...(drawing.lightingMood ? { lightingMood: drawing.lightingMood } : {}),
          })
        : await engine.portrait({
            ...drawing.request,
            outputPath,
            character: drawing.character!,
            ...(drawing.references[0] ? { reference: drawing.references[0] } : {}),
          });
    await media.upload(key, image.path, 'image/png');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const outputs: ChapterImageOutputs = { image_key: key, width: image.width, height: image.height };
  const recorded =
    (await jobs.record<ChapterImageOutputs>(job_id, { outputs, progress: 90 })) &&
    (await images().recordDrawn(job, {
      key,
      width: image.width,
      height: image.height,
      prompt: image.prompt,
      figures: image.figures ?? [],
      referenced: drawing.references.map((r) => r.name),
    }));
  if (!recorded) {
    // Deleted meanwhile: the picture must not outlive its record or job.
    await media.delete(key);
    throw new JobGoneError(`The image or job ${job_id} went away while it was drawn`);
  }
  await jobs.finish(job_id);
  return { job_id, width: image.width, height: image.height };
});

export const recordFailure = defineWorker(
  'chapterImage.RecordImageFailure',
  chapterImageInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const { job, recorded } = await getJobs().fail(chapterImageJob, job_id, error);
    if (recorded) await images().recordFailed(job);
    return { job_id, recorded };
  },
);

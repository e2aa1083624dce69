import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { getEngine } from '../../engine';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { defineWorker } from '../../lib/worker';
import { plots } from '../instance';
import { plotKeys, type PortraitJobRecord, type PortraitOptions, type PortraitOutputs } from '../model';
import { profileOf } from '../service';
import { characterImageJob } from './kinds';
import { characterImageInput } from './portrait.workflow';

/**
 * Task workers of the character-image workflow (portrait.workflow.ts): DrawPortrait draws the
 * portrait from the character's description and seed, stores it beside the book's media and makes it
 * the character's image; RecordPortraitFailure is the Catch target.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

export const drawPortrait = defineWorker(
  'characterImage.DrawPortrait',
  characterImageInput,
  async ({ job_id }) => {
    const jobs = getJobs();
    const job = (await jobs.active<PortraitOptions>(job_id)) as PortraitJobRecord | null;
    if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
    const character = await plots().repository.getCharacter(job.options.character_id);
    if (!character) throw new JobGoneError(`The character of job ${job_id} no longer exists`);
    await jobs.begin(job_id, 'Drawing the portrait', 10);

    const media = getAdapters().storage.media;
    const key = plotKeys.portrait(character.book_id, character.id, job_id);
    const dir = await mkdtemp(join(tmpdir(), 'portrait-'));
    const image = await (async () => {
      try {
        const drawn = await getEngine().image.portrait({
          character: profileOf(character),
          style: job.options.style,
          quality: job.options.quality,
          aspectRatio: job.options.aspect_ratio,
          seed: character.seed,
          outputPath: join(dir, 'portrait.png'),
          ...(job.options.prompt ? { customPrompt: job.options.prompt } : {}),
        });
        await media.upload(key, drawn.path, 'image/png');
        return drawn;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();

    const recorded = await plots().recordPortrait(job, {
      key,
      width: image.width,
      height: image.height,
      look: image.look,
    });
    const outputs: PortraitOutputs = { image_key: key, width: image.width, height: image.height };
    if (!recorded || !(await jobs.record<PortraitOutputs>(job_id, { outputs, progress: 95 }))) {
      // Deleted meanwhile: the portrait must not outlive its character or job.
      await media.delete(key);
      throw new JobGoneError(`The character or job ${job_id} went away while the portrait was drawn`);
    }
    await jobs.finish(job_id);
    return { job_id, width: image.width, height: image.height };
  },
);

export const recordFailure = defineWorker(
  'characterImage.RecordPortraitFailure',
  characterImageInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const { recorded } = await getJobs().fail(characterImageJob, job_id, error);
    return { job_id, recorded };
  },
);

import { join } from 'node:path';
import type { ImageEngine, ImageResult } from '../../engine/image/types';
import { JobGoneError, type JobSteps } from '../../jobs';
import type { ObjectStore, TempDir } from '../../lib/ports';
import type { TaskFailure } from '../../lib/workflows';
import type { ChapterImageJobRecord, ChapterImageOptions, ChapterImageOutputs } from '../model';
import type { ImagesService } from '../service';
import { chapterImageJob } from './kinds';

/**
 * The stages of the chapter-image workflow (image.workflow.ts): DrawImage draws the scene or the
 * character with the image engine, stores the PNG and completes the record; RecordImageFailure is
 * the Catch target. What to draw is the service's (`drawing`), and so is the record (`recordDrawn`).
 */
export interface ChapterImageDeps {
  jobs: JobSteps;
  engine: { image: Pick<ImageEngine, 'scene' | 'portrait'> };
  media: ObjectStore;
  images: Pick<ImagesService, 'drawing' | 'keyFor' | 'recordDrawn' | 'recordFailed'>;
  tempDir: TempDir;
}

export async function drawImageStage(deps: ChapterImageDeps, { job_id }: { job_id: string }) {
  const job = (await deps.jobs.active<ChapterImageOptions>(job_id)) as ChapterImageJobRecord | null;
  if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
  const scene = job.options.image_type === 'scene';
  await deps.jobs.begin(job_id, scene ? 'Drawing the scene' : 'Drawing the character', 10);
  const drawing = await deps.images.drawing(job);
  const key = deps.images.keyFor(job);
  const image = await deps.tempDir('chapter-image', async (dir): Promise<ImageResult> => {
    const outputPath = join(dir, 'image.png');
    const { image: engine } = deps.engine;
    const drawn =
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
    await deps.media.upload(key, drawn.path, 'image/png');
    return drawn;
  });
  const outputs: ChapterImageOutputs = { image_key: key, width: image.width, height: image.height };
  const recorded =
    (await deps.jobs.record<ChapterImageOutputs>(job_id, { outputs, progress: 90 })) &&
    (await deps.images.recordDrawn(job, {
      key,
      width: image.width,
      height: image.height,
      prompt: image.prompt,
      figures: image.figures ?? [],
      referenced: drawing.references.map((r) => r.name),
    }));
  if (!recorded) {
    // Deleted meanwhile: the picture must not outlive its record or job.
    await deps.media.delete(key);
    throw new JobGoneError(`The image or job ${job_id} went away while it was drawn`);
  }
  await deps.jobs.finish(job_id);
  return { job_id, width: image.width, height: image.height };
}

export async function recordImageFailureStage(
  deps: Pick<ChapterImageDeps, 'jobs' | 'images'>,
  { job_id, error }: { job_id: string; error?: TaskFailure },
) {
  const { job, recorded } = await deps.jobs.fail(chapterImageJob, job_id, error);
  if (recorded) await deps.images.recordFailed(job);
  return { job_id, recorded };
}

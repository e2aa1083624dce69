import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EXPORT_LOUDNESS } from '../../contracts/audio';
import { getEngine } from '../../engine';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { defineWorker } from '../../lib/worker';
import {
  audioKeys,
  type AudioExportJobRecord,
  type AudioExportOptions,
  type AudioExportOutputs,
} from '../model';
import { chapterAudioExportJob } from './kinds';
import { chapterAudioExportInput } from './export.workflow';

/**
 * Task workers of the chapter-audio-export workflow (export.workflow.ts): MixAudio fetches the chosen
 * files, mixes them with the engine (speech ducks the beds; −16 LUFS, true peak under −1 dBTP) and
 * stores the mix beside the book's media; RecordExportFailure is the Catch target.
 */
export class JobGoneError extends Error {
  override name = 'JobGoneError';
}

const CONTENT_TYPE = { m4a: 'audio/mp4', mp3: 'audio/mpeg' } as const;

export const mixAudio = defineWorker(
  'chapterAudioExport.MixAudio',
  chapterAudioExportInput,
  async ({ job_id }) => {
    const jobs = getJobs();
    const job = (await jobs.active<AudioExportOptions>(job_id)) as AudioExportJobRecord | null;
    if (!job) throw new JobGoneError(`Job ${job_id} no longer exists or has ended`);
    await jobs.begin(job_id, 'Gathering the audio', 5);
    const media = getAdapters().storage.media;
    const { format, tracks, duration } = job.options;
    const key = audioKeys.export(job.target.book_id!, job.target.chapter_id!, job_id, format);
    const dir = await mkdtemp(join(tmpdir(), 'chapter-mix-'));
    const outputs = await (async (): Promise<AudioExportOutputs> => {
      try {
        const paths = await Promise.all(
          tracks.map((track, i) => media.download(track.audio_key, join(dir, `track-${i}.m4a`))),
        );
        await jobs.progress(job_id, 30, 'Mixing');
        const mix = await getEngine().audio.mix({
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
        await jobs.progress(job_id, 90, 'Storing the mix');
        await media.upload(key, mix.path, CONTENT_TYPE[format]);
        return {
          audio_key: key,
          duration: mix.duration,
          loudness: mix.loudness ?? EXPORT_LOUDNESS,
          true_peak: mix.truePeak ?? Number.NaN,
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    if (!(await jobs.record<AudioExportOutputs>(job_id, { outputs, progress: 98 }))) {
      await media.delete(key);
      throw new JobGoneError(`Job ${job_id} ended while it was mixed`);
    }
    await jobs.finish(job_id);
    return { job_id, duration: outputs.duration };
  },
);

export const recordFailure = defineWorker(
  'chapterAudioExport.RecordExportFailure',
  chapterAudioExportInput.extend({
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  }),
  async ({ job_id, error }) => {
    const { recorded } = await getJobs().fail(chapterAudioExportJob, job_id, error);
    return { job_id, recorded };
  },
);

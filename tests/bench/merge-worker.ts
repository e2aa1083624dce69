import { getJobs } from '../../functions/jobs';
import { resetConfig } from '../../functions/lib/config';
import { merge } from '../../functions/merge/instance';
import { mergeJob } from '../../functions/merge/jobs/kinds';
import { merge as mergeWorker } from '../../functions/merge/jobs/merge';
import { mergeStorage, type MergeOptions } from '../../functions/merge/model';
import { trackPeakMemory, treeRssBytes } from './process-memory';

/**
 * The server side of `bench:merge`'s large upload, in a process of its own so its memory is its own:
 * the uploads' completion (first bytes read, probed through a GET URL) and the merge worker's run (inputs
 * streamed to /tmp, merged by FFmpeg, the result streamed back). Prints one JSON line of figures.
 * Arguments: owner, then upload id and parts JSON for each upload.
 */
const MB = 1024 * 1024;

async function main() {
  resetConfig();
  const [owner, ...rest] = process.argv.slice(2);
  const uploads: { id: string; parts: { part_number: number; etag: string }[] }[] = [];
  for (let i = 0; i + 1 < rest.length; i += 2)
    uploads.push({ id: rest[i]!, parts: JSON.parse(rest[i + 1]!) });
  const baseline = treeRssBytes();

  let tracker = trackPeakMemory();
  let started = performance.now();
  const done = [];
  for (const upload of uploads) done.push(await merge().completeUpload(owner!, upload.id, upload.parts));
  const completeSeconds = (performance.now() - started) / 1000;
  const completePeak = tracker.stop();

  // The merge as the API records it (inputs resolved to the stored uploads), queued without a
  // workflow: its worker runs here instead of in the runtime's Lambda pool.
  let at = 0;
  const options: MergeOptions = {
    quality_tier: 'medium',
    output_format: 'mp4',
    processing_mode: 'ffmpeg_only',
    ffmpeg_params: { fps: 30, preset: 'medium', crf: 23 },
    watermark: null,
    merge_name: 'Bench merge',
    video_generation_id: null,
    planned_method: null,
    inputs: done.map((u) => {
      const input = {
        url: u.file_url,
        type: 'video' as const,
        start_time: at,
        volume: 1,
        bucket: 'uploads' as const,
        key: mergeStorage.upload(owner!, u.upload_id),
        duration: u.duration,
        streams: null,
      };
      at += u.duration;
      return input;
    }),
  };
  const jobs = getJobs();
  const job = await jobs.enqueue(mergeJob, { owner: owner!, target: {}, options });
  tracker = trackPeakMemory();
  started = performance.now();
  const result = (await mergeWorker(
    { job_id: job.id } as never,
    {
      functionName: 'mergeMedia.Merge',
      awsRequestId: 'bench',
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => 900_000,
    } as never,
  )) as { method: string };
  const mergeSeconds = (performance.now() - started) / 1000;
  const mergePeak = tracker.stop();
  const finished = await jobs.get(job.id);
  console.log(
    JSON.stringify({
      baselineMb: baseline / MB,
      completeSeconds,
      completePeakMb: completePeak / MB,
      mergeSeconds,
      mergePeakMb: mergePeak / MB,
      method: result.method,
      outputBytes: (finished?.outputs as { bytes?: number } | undefined)?.bytes ?? 0,
    }),
  );
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);

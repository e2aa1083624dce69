import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProbeResult } from '../../engine/types';
import { JobGoneError } from '../../jobs';
import { getJson } from '../../lib/json-files';
import {
  itemName,
  videoKeys,
  type AudioManifest,
  type FilmExport,
  type ProductionPlan,
  type VideoGenerationJob,
  type VideoGenerationOutputs,
} from '../model';
import { carriesPlanWatermark, needsEncode } from '../jobs/plan';
import { filmCues, toWebVtt } from '../subtitles';
import { activeGeneration, bookOf, enterStage, itemData, readPlan, sceneAudio } from './generation';
import type { TalkingShot } from './lipsync';
import { filmScenesOf } from './merge';
import type { PipelineDeps } from './ports';

/**
 * Publish: the film as the user gets it — the merged film itself when every shot is as the render
 * stage filmed it, else the shots (talking ones from the lip-sync) joined and given the merged film's
 * sound — made into the studio's export (container, quality, watermark) with a thumbnail. It becomes
 * the generation's film; the films of earlier runs, and their downloads, give way to it.
 */
export type PublishDeps = Pick<PipelineDeps, 'jobs' | 'engine' | 'film' | 'media' | 'items' | 'tempDir'>;

const FILM_TYPES = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } as const;

interface MergedFilm {
  merged_key: string;
  duration: number;
}

export async function publishStage(deps: PublishDeps, { job_id }: { job_id: string }) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'publish');
  const bookId = bookOf(job);
  const plan = await readPlan(deps, job);
  const shots = await filmShots(deps, job, plan);
  const merged = await itemData<MergedFilm>(deps, job, 'merge', itemName.film);
  const format = plan.export?.format ?? 'mp4';
  const finalKey = videoKeys.final(bookId, job.id, job.attempt, format);
  const thumbKey = videoKeys.finalThumbnail(bookId, job.id, job.attempt);
  const subtitlesKey = videoKeys.finalSubtitles(bookId, job.id, job.attempt);
  const subtitles = toWebVtt(await subtitlesOf(deps, job, plan));
  const final = await deps.tempDir('video-publish', async (dir) => {
    // The sidecar, and the same cues as the film's soft subtitle stream (a copy of the rest) and,
    // when the studio asks, drawn into the picture as well.
    const vtt = join(dir, 'final.vtt');
    await writeFile(vtt, subtitles);
    const film = await assembleFilm(deps, shots, merged, dir);
    const exported = await exportAsAsked(deps, plan.export ?? null, film, dir, vtt);
    const out = join(dir, `subtitled.${format}`);
    await deps.film.addSubtitleStream(exported.path, vtt, format, out);
    const thumb = join(dir, 'final.jpg');
    await deps.engine.video.thumbnail({ inputPath: out, width: 640, outputPath: thumb });
    await deps.media.upload(finalKey, out, FILM_TYPES[format]);
    await deps.media.upload(thumbKey, thumb, 'image/jpeg');
    await deps.media.upload(subtitlesKey, vtt, 'text/vtt');
    return { probed: exported.probed, bytes: (await stat(out)).size };
  });
  const recorded = await deps.jobs.record<VideoGenerationOutputs>(job_id, {
    outputs: {
      generation_status: 'completed',
      stage: 'publish',
      failed_step: null,
      final_key: finalKey,
      final: {
        duration: final.probed.duration,
        width: final.probed.video?.width ?? plan.width,
        height: final.probed.video?.height ?? plan.height,
        bytes: final.bytes,
        video_codec: final.probed.video?.codec ?? 'h264',
        audio_codec: final.probed.audio?.codec ?? 'aac',
        thumbnail_key: thumbKey,
        subtitles_key: subtitlesKey,
        format,
        plan_watermark: carriesPlanWatermark(job.options),
      },
    },
    progress: 99,
  });
  if (!recorded) {
    await Promise.all([finalKey, thumbKey, subtitlesKey].map((key) => deps.media.delete(key)));
    throw new JobGoneError(`Generation ${job_id} ended while it was published`);
  }
  await dropEarlierFilm(deps, job, finalKey);
  await deps.jobs.finish(job_id, 'Completed');
  return { job_id, duration: final.probed.duration };
}

/** The film's subtitle cues: each scene's recorded words, the scene placed after those before it. */
async function subtitlesOf(
  deps: Pick<PublishDeps, 'items' | 'media'>,
  job: VideoGenerationJob,
  plan: ProductionPlan,
) {
  const scenes = await filmScenesOf(deps, job, plan);
  const sounds = await Promise.all(
    scenes.map(async (scene) => ({
      duration: scene.duration,
      manifest: await getJson<AudioManifest>(
        deps.media,
        (await sceneAudio(deps, job, scene.scene_number)).manifest_key,
      ),
    })),
  );
  return filmCues(sounds);
}

/** Every shot of the film in order: the file the render stage made, and the one that shows it now. */
async function filmShots(deps: Pick<PublishDeps, 'items'>, job: VideoGenerationJob, plan: ProductionPlan) {
  const scenes = await filmScenesOf(deps, job, plan);
  const lipsync = await deps.items.listItems(bookOf(job), job.id, 'lipsync');
  return scenes.flatMap((scene) => {
    const talking = lipsync.find((i) => i.scene_number === scene.scene_number)?.data.talking as
      TalkingShot[] | undefined;
    const replaced = new Map((talking ?? []).map((t) => [t.shot, t.key]));
    return scene.shots.map((shot, index) => ({ shot: shot.key, key: replaced.get(index) ?? shot.key }));
  });
}

/** The film as MP4: the merged film, or the shots joined with the merged film's sound. */
async function assembleFilm(
  deps: Pick<PublishDeps, 'film' | 'media'>,
  shots: { shot: string; key: string }[],
  merged: MergedFilm,
  dir: string,
): Promise<{ path: string; probed: ProbeResult }> {
  const path = join(dir, 'film.mp4');
  if (shots.every((s) => s.key === s.shot)) {
    // Every shot is as the render stage filmed it: the merged film is the film.
    await deps.media.download(merged.merged_key, path);
    return { path, probed: await deps.film.probeFilm(path) };
  }
  const pictures: string[] = [];
  for (const [i, { key }] of shots.entries())
    pictures.push(await deps.media.download(key, join(dir, `shot-${i}.mp4`)));
  const picturePath = join(dir, 'picture.mp4');
  await deps.film.joinPictures(pictures, dir, picturePath);
  // The film's sound is the merged film's (encoded once, copied here).
  const sound = await deps.media.download(merged.merged_key, join(dir, 'merged.mp4'));
  return { path, probed: await deps.film.muxFilm(picturePath, sound, merged.duration, path) };
}

/** The film in the studio's export settings, when they ask for another container or an encode. */
async function exportAsAsked(
  deps: Pick<PublishDeps, 'film'>,
  exp: FilmExport | null,
  film: { path: string; probed: ProbeResult },
  dir: string,
  subtitlesPath: string,
): Promise<{ path: string; probed: ProbeResult }> {
  if (!exp || (exp.format === 'mp4' && !needsEncode(exp))) return film;
  const path = join(dir, `final.${exp.format}`);
  const probed = await deps.film.exportFilm({
    inputPath: film.path,
    format: exp.format,
    quality: exp.quality,
    watermark: exp.watermark,
    encode: needsEncode(exp),
    ...(exp.burn_subtitles ? { burnSubtitlesPath: subtitlesPath } : {}),
    outputPath: path,
    workDir: dir,
  });
  return { path, probed };
}

/** The films of earlier runs (and their downloads) give way to this one. */
async function dropEarlierFilm(deps: Pick<PublishDeps, 'media'>, job: VideoGenerationJob, finalKey: string) {
  if (!job.outputs.final_key || job.outputs.final_key === finalKey) return;
  await deps.media.delete(job.outputs.final_key);
  if (job.outputs.final?.thumbnail_key) await deps.media.delete(job.outputs.final.thumbnail_key);
  if (job.outputs.final?.subtitles_key) await deps.media.delete(job.outputs.final.subtitles_key);
  await deps.media.deletePrefix(
    `${videoKeys.prefix(bookOf(job), job.id)}downloads/final-${job.attempt - 1}-`,
  );
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { PlotOverview } from '../../functions/contracts/plots';
import type { Script } from '../../functions/contracts/scripts';
import type {
  AudioFilesAnswer,
  CharacterImagesAnswer,
  ChapterGenerations,
  CombinedVideo,
  FinalVideoAnswer,
  GenerationStarted,
  GenerationStepsStatus,
  LipSyncedVideosAnswer,
  PipelineStatus,
  SceneVideosAnswer,
  VideoDownload,
  VideoGeneration,
  VideoProduction,
} from '../../functions/contracts/video';
import { DOWNLOAD_HEIGHTS, DOWNLOAD_QUALITIES, EDITOR_DEFAULTS } from '../../functions/contracts/video';
import { getAdapters } from '../../functions/lib/adapters';
import { novelWithPlot, startTestRuntime, upgradeToBasic, writtenScript, type TestRuntime } from './helpers';
import { ebur128 } from './engine/audio/helpers';
import { fetchMedia } from './film-flow';
import { ffmpeg, meanDifference } from './engine/video/media';

/**
 * The chapter video pipeline through the public API on the local runtime: the fixture novel's
 * chapter with a 5-scene script → audio, images, scene videos, merge, lip-sync and publish on the
 * state machine → an H.264/AAC MP4 as long as its scenes, every stage's counters reported; a lip-sync
 * fault fails the run in that stage and a retry from lipsync completes without touching the scene
 * clips; the studio's saved timeline is filmed in its new order; downloads by quality; cancel;
 * another user's 404s; bad input in the spec's words.
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;
let script: Script;
let work: string;
let generation: VideoGeneration;
let portrayed: string;
const chapter = () => book.chapters[2]!;
const origin = () => new URL(t.runtime.apiUrl).origin;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

/** The product's loudness: -16 ± 1 LUFS integrated, true peak at most -1 dBTP (read by ebur128). */
async function expectLoudnessOnTarget(path: string) {
  const reading = await ebur128(path);
  expect(Math.abs(reading.integrated + 16), `integrated ${reading.integrated} LUFS`).toBeLessThanOrEqual(1);
  expect(reading.truePeak, `true peak ${reading.truePeak} dBTP`).toBeLessThanOrEqual(-1);
}

const fetchFile = (url: string, name: string) => fetchMedia(t, url, join(work, name));

/** The largest change from one frame to the next over `seconds` from `from` (grey, 160×90, 0–255). */
function motion(path: string, from: number, seconds: number): number {
  const raw = ffmpeg([
    '-ss',
    String(from),
    '-t',
    String(seconds),
    '-i',
    path,
    '-vf',
    'scale=160:90,format=gray',
    '-f',
    'rawvideo',
    '-',
  ]);
  const frames: Uint8Array[] = [];
  for (let at = 0; at + 160 * 90 <= raw.length; at += 160 * 90) frames.push(raw.subarray(at, at + 160 * 90));
  return Math.max(0, ...frames.slice(1).map((frame, i) => meanDifference(frames[i]!, frame)));
}

const keyOf = (url: string) => decodeURIComponent(new URL(url, origin()).pathname.slice(1));
const written = async (url: string) => (await getAdapters().storage.media.head(keyOf(url)))?.lastModified;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'video-test-'));
  t = await startTestRuntime();
  ({ owner, stranger, book } = await novelWithPlot(t));
  // The owner films more than the free tier's 2 videos a month, at 720p without its watermark.
  await upgradeToBasic(t, owner);
  script = await writtenScript(t, owner, {
    chapter_id: chapter().id,
    script_style: 'cinematic_movie',
    scene_count: 5,
  });
  expect(script.scene_descriptions?.length ?? script.scenes?.length).toBe(5);
  // One plot character gets a portrait: the pipeline reuses it instead of drawing another.
  const overview = (await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)).body;
  portrayed = overview.characters[0]!.name;
  await api('POST', `/characters/${overview.characters[0]!.id}/generate-image`, {});
  await t.runtime.stepFunctions.idle();
}, 240_000);

afterAll(async () => {
  delete process.env.FAULT_INJECTION;
  delete process.env.FAULT_INJECTION_FIRED;
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the video pipeline', () => {
  it('fails in the lip-sync stage when it faults, and a retry from lipsync completes without re-rendering the scenes', async () => {
    process.env.FAULT_INJECTION = 'pipeline.lipsync:once';
    try {
      const started = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
        script_id: script.id,
        chapter_id: chapter().id,
        quality_tier: 'basic',
        video_style: 'realistic',
        mode: 'basic',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.video_generation_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(started.body.audio_task_id).toBe(started.body.video_generation_id);

      // One generation at a time per chapter: a second start names the running one.
      const again = await api<{ video_generation_id: string; detail: string }>(
        'POST',
        '/ai/generate-entertainment-video',
        { script_id: script.id, chapter_id: chapter().id },
      );
      expect(again.status).toBe(409);
      expect(again.body.video_generation_id).toBe(started.body.video_generation_id);

      await t.runtime.stepFunctions.idle();
      const failed = await api<VideoGeneration>(
        'GET',
        `/ai/video-generation-status/${started.body.video_generation_id}`,
      );
      expect(failed.body.generation_status).toBe('failed');
      expect(failed.body.failed_step, JSON.stringify(failed.body.error_message)).toBe('lipsync');
      expect(failed.body.error_message).toMatch(/Failed during lip_sync/);
      const steps = await api<GenerationStepsStatus>(
        'GET',
        `/ai/video-generation/${started.body.video_generation_id}/status`,
      );
      expect(steps.body.status).toBe('failed');
      expect(steps.body.steps.video_generation!.status).toBe('completed');
      expect(steps.body.steps.lip_sync!.status).toBe('failed');
      const pipeline = await api<PipelineStatus>(
        'GET',
        `/ai/pipeline-status/${started.body.video_generation_id}`,
      );
      expect(pipeline.body.retry_steps).toEqual(['audio', 'images', 'video', 'merge', 'lipsync']);

      const clips = await api<SceneVideosAnswer>(
        'GET',
        `/ai/scene-videos/${started.body.video_generation_id}`,
      );
      expect(clips.body.scene_videos).toHaveLength(5);
      const before = await Promise.all(clips.body.scene_videos.map((v) => written(v.video_url!)));
      expect(before.every(Boolean)).toBe(true);

      // Default: from the failed step.
      const retried = await api<VideoGeneration>(
        'POST',
        `/ai/retry-generation/${started.body.video_generation_id}`,
      );
      expect(retried.status, JSON.stringify(retried.body)).toBe(202);
      expect(retried.body.execution_name).toBe(`vgen-${started.body.video_generation_id}-2`);
      await t.runtime.stepFunctions.idle();
      generation = (
        await api<VideoGeneration>('GET', `/ai/video-generation-status/${started.body.video_generation_id}`)
      ).body;
      expect(generation.generation_status, generation.error_message ?? '').toBe('completed');
      const after = await Promise.all(clips.body.scene_videos.map((v) => written(v.video_url!)));
      expect(after).toEqual(before);
    } finally {
      delete process.env.FAULT_INJECTION;
    }
  }, 600_000);

  it('ends with an H.264/AAC MP4 as long as its scenes, every stage reporting its counters', async () => {
    expect(generation.video_url).toBeTruthy();
    const film = await fetchFile(generation.video_url!, 'film.mp4');
    expect(film.probe.video?.codec).toBe('h264');
    expect(film.probe.audio?.codec).toBe('aac');
    expect(film.probe.video?.width).toBe(1280);
    expect(film.probe.video?.height).toBe(720);
    const scenes = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body;
    const sum = scenes.scene_videos.reduce((s, v) => s + v.duration, 0);
    expect(Math.abs(film.probe.duration - sum) / sum).toBeLessThan(0.05);
    await expectLoudnessOnTarget(film.path);
    // A scene clip carries its scene's sound (encoded once by the audio stage), as long as its picture.
    const clip = await fetchFile(scenes.scene_videos[0]!.video_url!, 'clip.mp4');
    expect(clip.probe.audio?.codec).toBe('aac');
    expect(Math.abs(clip.probe.duration - scenes.scene_videos[0]!.duration)).toBeLessThan(0.05);

    expect(
      generation.audio_progress.narrator_files + generation.audio_progress.character_files,
    ).toBeGreaterThan(0);
    expect(generation.audio_progress.background_music).toBe(10);
    expect(generation.image_progress.total_scenes).toBe(5);
    expect(generation.image_progress.scenes_completed).toBe(5);
    expect(generation.image_progress.characters_completed).toBe(generation.image_progress.total_characters);
    expect(generation.image_progress.success_rate).toBe(100);
    expect(generation.video_progress).toMatchObject({
      total_scenes: 5,
      scenes_completed: 5,
      failed_videos: 0,
    });
    expect(generation.merge_progress.total_scenes_merged).toBe(5);
    expect(generation.merge_progress.total_duration).toBeCloseTo(sum, 0);
    expect(generation.merge_progress.audio_tracks_mixed).toBeGreaterThan(10);
    expect(generation.merge_progress.file_size_mb).toBeGreaterThan(0);
    expect(typeof generation.merge_progress.sync_accuracy).toBe('number');
    expect(generation.merge_progress.sync_accuracy as number).toBeGreaterThan(50);
    expect(generation.lipsync_progress.scenes_with_lipsync).toBeGreaterThan(0);
    expect(generation.lipsync_progress.characters_lip_synced).toBeGreaterThan(0);
    expect(generation.lipsync_progress.processing_method).toBe('visemes');

    const lipSynced = (await api<LipSyncedVideosAnswer>('GET', `/ai/lip-synced-videos/${generation.id}`))
      .body;
    expect(lipSynced.lip_synced_videos.length).toBeGreaterThan(0);
    const talking = await fetchFile(lipSynced.lip_synced_videos[0]!.video_url!, 'talking.mp4');
    expect(talking.probe.video?.codec).toBe('h264');
    const audio = (await api<AudioFilesAnswer>('GET', `/ai/audio-files/${generation.id}`)).body;
    expect(audio.audio_files.characters.length).toBe(generation.audio_progress.character_files);
    const pictures = (await api<CharacterImagesAnswer>('GET', `/ai/character-images/${generation.id}`)).body;
    // Every scene has its pictures (a long scene several), each one listed.
    expect(new Set(pictures.scene_images.map((s) => s.scene_number)).size).toBe(5);
    expect(pictures.scene_images.every((s) => s.image_url)).toBe(true);
    const reused = pictures.character_images.filter((c) => c.source === 'plot').map((c) => c.character);
    if (pictures.character_images.some((c) => c.character === portrayed)) expect(reused).toContain(portrayed);
    expect(pictures.character_images.every((c) => c.image_url)).toBe(true);
    expect(generation.image_progress.total_images_generated).toBe(
      pictures.character_images.filter((c) => c.source === 'generated').length +
        pictures.scene_images.filter((c) => c.source === 'generated').length,
    );
    const merge = (
      await api<{ status: string; merged_video_url: string }>('GET', `/ai/merge-status/${generation.id}`)
    ).body;
    expect(merge.status).toBe('completed');
    const final = (await api<FinalVideoAnswer>('GET', `/ai/final-video/${generation.id}`)).body;
    expect(final.resolution).toBe('1280x720');
    const history = (await api<ChapterGenerations>('GET', `/ai/chapter-video-generations/${chapter().id}`))
      .body;
    expect(history.generations.map((g) => g.id)).toContain(generation.id);
  });

  it('films the speakers talking in the scene clips already, and the film shows them talking', async () => {
    const talking = (await api<LipSyncedVideosAnswer>('GET', `/ai/lip-synced-videos/${generation.id}`)).body
      .lip_synced_videos;
    const line = talking.find((v) => v.duration >= 1)!;
    expect(line).toBeTruthy();
    const film = await fetchFile(generation.video_url!, 'talking-film.mp4');
    // A still close-up would not change from frame to frame; a talking one does.
    expect(motion(film.path, line.start + 0.1, 0.8)).toBeGreaterThan(0.1);
    const scenes = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    const index = scenes.findIndex((v) => v.scene_number === line.scene_number);
    const sceneStart = scenes.slice(0, index).reduce((sum, v) => sum + v.duration, 0);
    const clip = await fetchFile(scenes[index]!.video_url!, 'talking-clip.mp4');
    expect(motion(clip.path, line.start - sceneStart + 0.1, 0.8)).toBeGreaterThan(0.1);
    // The lip-sync stage measured every talking shot.
    expect(generation.merge_progress.sync_accuracy as number).toBeGreaterThan(50);
  });

  it('films the saved timeline in its new order, re-rendering no scene whose length and transition stayed', async () => {
    const initialised = await api<VideoProduction>('GET', `/chapters/${chapter().id}/video-production`);
    expect(initialised.status).toBe(200);
    const scenes = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    const timeline = scenes.map((s, i) => ({
      id: `scene-${s.scene_number}`,
      sceneNumber: s.scene_number,
      duration: s.duration,
      transitions: i === 0 ? [] : [{ type: 'fade', duration: 0.5 }],
    }));
    // Scenes 1 and 2 change places; their transitions move with the position.
    const reordered = [timeline[1]!, timeline[0]!, ...timeline.slice(2)].map((s, i) => ({
      ...s,
      transitions: i === 0 ? [] : [{ type: 'fade', duration: 0.5 }],
    }));
    const saved = await api<VideoProduction>('PUT', `/chapters/${chapter().id}/video-production`, {
      script_id: script.id,
      scenes: reordered,
      // The frame and rate the film was made in: only the order changes.
      editorSettings: { ...EDITOR_DEFAULTS, resolution: '720p', fps: 24 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const loaded = (await api<VideoProduction>('GET', `/chapters/${chapter().id}/video-production`)).body;
    expect(loaded.scenes.map((s) => s.sceneNumber)).toEqual(reordered.map((s) => s.sceneNumber));

    const untouched = await Promise.all(scenes.slice(2).map((v) => written(v.video_url!)));
    const render = await api<VideoGeneration>('POST', `/chapters/${chapter().id}/video-production/render`, {
      script_id: script.id,
    });
    expect(render.status, JSON.stringify(render.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${generation.id}`)).body;
    expect(done.generation_status, done.error_message ?? '').toBe('completed');
    const after = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    expect(await Promise.all(after.slice(2).map((v) => written(v.video_url!)))).toEqual(untouched);
    const talking = (await api<LipSyncedVideosAnswer>('GET', `/ai/lip-synced-videos/${generation.id}`)).body;
    const firstOf = (n: number) => talking.lip_synced_videos.find((v) => v.scene_number === n)?.start;
    const second = scenes[1]!.scene_number;
    if (firstOf(second) !== undefined) expect(firstOf(second)!).toBeLessThan(scenes[1]!.duration);
    generation = done;
  }, 600_000);

  it('redoes one scene: only its clip is rendered again, then the film is merged again', async () => {
    const before = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    const stamps = await Promise.all(before.map((v) => written(v.video_url!)));
    const redo = before[3]!.scene_number;
    // Named scenes alone mean "film these again" (from the video step).
    const answer = await api<VideoGeneration>('POST', `/ai/retry-generation/${generation.id}`, {
      scene_numbers: [redo],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${generation.id}`)).body;
    expect(done.generation_status, done.error_message ?? '').toBe('completed');
    const after = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    const now = await Promise.all(after.map((v) => written(v.video_url!)));
    after.forEach((v, i) => {
      if (v.scene_number === redo) expect(now[i]).not.toBe(stamps[i]);
      else expect(now[i]).toBe(stamps[i]);
    });
    expect(done.video_url).not.toBe(generation.video_url);
    generation = done;
  }, 300_000);

  it('makes the 480p download once, then answers a short-lived URL with filename and size', async () => {
    const first = await api<VideoDownload>('GET', `/ai/final-video/${generation.id}/download?quality=web`);
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('processing');
    await t.runtime.stepFunctions.idle();
    const ready = await api<VideoDownload>('GET', `/ai/final-video/${generation.id}/download?quality=web`);
    expect(ready.status).toBe(200);
    if (ready.body.status !== 'ready') throw new Error('not ready');
    expect(ready.body.filename).toMatch(/chapter-3-480p\.mp4$/);
    expect(ready.body.download_url).toMatch(/[?&]expires=\d+&sig=/);
    const file = await fetchFile(ready.body.download_url, 'web.mp4');
    expect(file.probe.video?.height).toBe(480);
    expect(ready.body.file_size_bytes).toBe(file.probe.bytes);
    await expectLoudnessOnTarget(file.path);
    const bad = await api('GET', `/ai/final-video/${generation.id}/download?quality=8k`);
    expect(bad.status).toBe(400);
  }, 300_000);

  it('the film carries its subtitles: a WebVTT sidecar linked from the answers and a subtitle stream', async () => {
    const final = (await api<FinalVideoAnswer>('GET', `/ai/final-video/${generation.id}`)).body;
    expect(final.subtitles_url).toBeTruthy();
    expect(generation.subtitles_url).toBe(final.subtitles_url);
    const vtt = await (await fetch(`${origin()}${final.subtitles_url!}`)).text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> /);
    const film = (await fetchFile(final.video_url!, 'subtitled-film.mp4')).path;
    // The film's subtitle stream, read back, holds the same cues as the sidecar.
    const stream = join(work, 'stream.vtt');
    ffmpeg(['-i', film, '-map', '0:s:0', '-c:s', 'webvtt', stream]);
    const cueCount = (text: string) => text.split('-->').length - 1;
    expect(cueCount(readFileSync(stream, 'utf8'))).toBe(cueCount(vtt));
  }, 300_000);

  it("offers only honest download sizes: the film's own size is a copy, one beyond the plan is refused", async () => {
    const final = (await api<FinalVideoAnswer>('GET', `/ai/final-video/${generation.id}`)).body;
    const [width, height] = final.resolution.split('x').map(Number) as [number, number];
    // The basic plan films up to 720p, the film's own size: nothing larger can be made for it.
    expect(Math.min(width, height)).toBe(720);
    expect(final.download_qualities).toEqual(['web', 'medium']);
    expect(final.download_methods).toEqual({
      web: 'encode',
      medium: 'copy',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
    const own = DOWNLOAD_QUALITIES.find((q) => DOWNLOAD_HEIGHTS[q] === Math.min(width, height))!;
    // A copy of the film itself: ready at once, the same bytes.
    const copy = await api<VideoDownload>('GET', `/ai/final-video/${generation.id}/download?quality=${own}`);
    expect(copy.status).toBe(200);
    if (copy.body.status !== 'ready') throw new Error('not ready');
    expect(copy.body.file_size_bytes).toBe(final.file_size_bytes);
    for (const larger of DOWNLOAD_QUALITIES.filter((q) => !final.download_qualities.includes(q))) {
      const refused = await api<{ detail: string; code: string }>(
        'GET',
        `/ai/final-video/${generation.id}/download?quality=${larger}`,
      );
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe('plan_limit');
      expect(refused.body.detail).toMatch(
        /^The Basic plan films up to 720p: a (1080p|4K) download was asked for\. Choose less, or upgrade your plan\.$/,
      );
    }
  }, 300_000);

  it("combines two of the user's videos end to end", async () => {
    const started = await api<CombinedVideo>('POST', '/ai/combine-videos', {
      video_urls: [generation.video_url, generation.id],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await api<CombinedVideo>('GET', `/ai/combine-videos/${started.body.combine_id}`)).body;
    expect(done.status, done.error_message ?? '').toBe('ready');
    expect(done.method).toBe('stream_copy');
    expect(done.duration!).toBeCloseTo(generation.final_video!.duration * 2, 0);
    const other = await api(
      'POST',
      '/ai/combine-videos',
      { video_urls: [generation.id, generation.id] },
      stranger,
    );
    expect(other.status).toBe(404);
  }, 300_000);

  it("renders the timeline in the studio's export settings: 9:16 at 720p, WebM, watermarked", async () => {
    const production = (await api<VideoProduction>('GET', `/chapters/${chapter().id}/video-production`)).body;
    const settings = {
      ...EDITOR_DEFAULTS,
      resolution: '720p',
      fps: 24,
      aspectRatio: '9:16',
      outputFormat: 'webm',
      quality: 'medium',
      watermark: { enabled: true, text: 'BookStudio: 100% "ours"', position: 'top-left' },
    };
    // A card that is not a scene of the script is refused, in words, before anything is filmed.
    const stray = { ...production.scenes[0]!, id: 'stray', sceneNumber: 99 };
    await api('PUT', `/chapters/${chapter().id}/video-production`, {
      script_id: script.id,
      scenes: [...production.scenes, stray],
      editorSettings: settings,
    });
    const refused = await api<{ detail: string }>(
      'POST',
      `/chapters/${chapter().id}/video-production/render`,
      { script_id: script.id },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/Scene 99 is not a scene of the selected script/);
    const saved = await api('PUT', `/chapters/${chapter().id}/video-production`, {
      script_id: script.id,
      scenes: production.scenes,
      editorSettings: settings,
    });
    expect(saved.status).toBe(200);
    const render = await api<VideoGeneration>('POST', `/chapters/${chapter().id}/video-production/render`, {
      script_id: script.id,
    });
    expect(render.status, JSON.stringify(render.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${generation.id}`)).body;
    expect(done.generation_status, done.error_message ?? '').toBe('completed');
    expect(done.final_video).toMatchObject({ format: 'webm', resolution: '720x1280' });
    const film = await fetchFile(done.video_url!, 'export.webm');
    expect(film.probe.video).toMatchObject({ codec: 'vp9', width: 720, height: 1280 });
    expect(film.probe.audio?.codec).toBe('opus');
    const total = production.scenes.reduce((sum, s) => sum + s.duration, 0);
    expect(Math.abs(film.probe.duration - total) / total).toBeLessThan(0.05);
    await expectLoudnessOnTarget(film.path);
    // Every scene was filmed again in the new frame.
    const clips = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${generation.id}`)).body
      .scene_videos;
    for (const clip of clips) {
      const file = await fetchFile(clip.video_url!, `clip-${clip.scene_number}.mp4`);
      expect(file.probe.video).toMatchObject({ width: 720, height: 1280 });
    }
    // The record lists the recordings the film was made from, and how their words were timed.
    expect(done.audio_files.characters.length).toBeGreaterThan(0);
    expect(done.audio_files.word_timings).toBe('provider');
    expect(done.audio_files.characters[0]).toMatchObject({
      character: expect.any(String),
      url: expect.any(String),
    });
    const production2 = (await api<VideoProduction>('GET', `/chapters/${chapter().id}/video-production`))
      .body;
    expect(production2.metadata).toMatchObject({ format: 'webm', resolution: '720x1280' });
    generation = done;
  }, 600_000);

  it('cancels a run midway: status cancelled, its files removed', async () => {
    const started = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
      script_id: script.id,
      chapter_id: chapter().id,
    });
    expect(started.status).toBe(202);
    const id = started.body.video_generation_id;
    for (let i = 0; i < 200; i++) {
      const now = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`)).body;
      if (now.audio_progress.character_files + now.audio_progress.narrator_files > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cancelled = await api<VideoGeneration>('POST', `/ai/cancel-generation/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.generation_status).toBe('cancelled');
    await t.runtime.stepFunctions.idle();
    const later = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`)).body;
    expect(later.generation_status).toBe('cancelled');
    expect(later.audio_progress.character_files + later.audio_progress.narrator_files).toBe(0);
    expect(await getAdapters().storage.media.deletePrefix(`media/books/${book.id}/video/${id}/`)).toBe(0);
    const again = await api('POST', `/ai/cancel-generation/${id}`);
    expect(again.status).toBe(409);
  }, 300_000);

  it('answers another user 404 on every route', async () => {
    const id = generation.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/ai/video-generation-status/${id}`],
      ['GET', `/ai/video-generation-status/${script.id}`],
      ['GET', `/ai/video-generation/${id}/status`],
      ['GET', `/ai/pipeline-status/${id}`],
      ['POST', `/ai/initialize-pipeline/${script.id}`],
      ['POST', `/ai/retry-generation/${id}`, { retry_from_step: 'merge' }],
      ['POST', `/ai/trigger-lip-sync/${id}`],
      ['POST', `/ai/cancel-generation/${id}`],
      ['GET', `/ai/merge-status/${id}`],
      ['GET', `/ai/lip-sync-status/${id}`],
      ['GET', `/ai/final-video/${id}`],
      ['GET', `/ai/final-video/${id}/download?quality=web`],
      ['GET', `/ai/audio-files/${id}`],
      ['GET', `/ai/character-images/${id}`],
      ['GET', `/ai/scene-videos/${id}`],
      ['GET', `/ai/lip-synced-videos/${id}`],
      ['GET', `/ai/chapter-video-generations/${chapter().id}`],
      ['GET', `/chapters/${chapter().id}/video-production`],
      ['PUT', `/chapters/${chapter().id}/video-production`, { scenes: [] }],
      ['POST', `/chapters/${chapter().id}/video-production/render`, { script_id: script.id }],
      ['POST', '/ai/generate-entertainment-video', { script_id: script.id, chapter_id: chapter().id }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api(method, path, body, stranger);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it("answers bad input with the spec's words and changes nothing", async () => {
    const step = await api<{ detail: string }>('POST', `/ai/retry-generation/${generation.id}`, {
      retry_from_step: 'colour',
    });
    expect(step.status).toBe(400);
    expect(step.body.detail).toMatch(/retry_from_step must be one of audio, images, video, merge, lipsync/);
    const noScript = await api<{ detail: string }>('POST', '/ai/generate-entertainment-video', {
      chapter_id: chapter().id,
    });
    expect(noScript.status).toBe(400);
    expect(noScript.body.detail).toMatch(/Script ID is required/);
    const otherScript = await api<{ detail: string }>('POST', '/ai/generate-entertainment-video', {
      chapter_id: book.chapters[0]!.id,
      script_id: script.id,
    });
    expect(otherScript.status).toBe(404);
    const unknown = await api('GET', '/ai/video-generation-status/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const badDuration = await api<{ detail: string }>('PUT', `/chapters/${chapter().id}/video-production`, {
      scenes: [{ id: 'a', sceneNumber: 1, duration: 0 }],
    });
    expect(badDuration.status).toBe(400);
    const still = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${generation.id}`)).body;
    expect(still.generation_status).toBe('completed');
  });
});

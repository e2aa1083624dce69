import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../functions/contracts/subscriptions';
import type {
  CombinedVideo,
  FinalVideoAnswer,
  GenerationStarted,
  SceneVideosAnswer,
  VideoDownload,
  VideoGeneration,
} from '../../functions/contracts/video';
import { EDITOR_DEFAULTS } from '../../functions/contracts/video';
import { probe } from '../../functions/engine/media/ffmpeg';
import { fromWebVtt } from '../../functions/video/subtitles';
import {
  createUser,
  readyBook,
  startTestRuntime,
  upgradeToBasic,
  writtenScript,
  type TestRuntime,
} from './helpers';
import { ffmpeg, frameAt, meanDifference } from './engine/video/media';

/**
 * Downloads by quality and subtitles in every output, through the public API on the local runtime,
 * on a short synthetic chapter (a three-scene film): a free user's 480p watermarked film offers only
 * 480p (larger sizes refused in the plan's words); after an upgrade, 480p is filmed again without the
 * watermark and 720p is filmed again at 720p from the scenes (a job answered 202, then the file), no
 * video of the month taken; a size beyond the plan is refused in its words. Combined videos carry
 * the films' subtitles; the studio's WebM and MOV renders carry a subtitle stream and, when asked,
 * subtitles drawn into the picture.
 */
let t: TestRuntime;
let token: string;
let chapterId: string;
let scriptId: string;
let id: string;
const work = mkdtempSync(join(tmpdir(), 'downloads-'));

const STORY =
  'Mara walked down to the harbour every evening. "The boats are late tonight," said her father. ' +
  'The fishing boats came home with the tide. Her father had built the lighthouse forty years before. ';
const TEXT = `Chapter 1\n\n${STORY.repeat(2)}\n\nChapter 2\n\nThe second chapter ends in the hills. ${STORY}`;

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
const origin = () => new URL(t.runtime.apiUrl).origin;
const finalVideo = async () => (await api<FinalVideoAnswer>('GET', `/ai/final-video/${id}`)).body;
const usage = async () => (await api<Usage>('GET', '/subscriptions/usage')).body;
const download = (quality: string) =>
  api<VideoDownload>('GET', `/ai/final-video/${id}/download?quality=${quality}`);

async function fetchFile(url: string, name: string) {
  const response = await fetch(`${origin()}${url}`);
  expect(response.status).toBe(200);
  const path = join(work, name);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return { path, probe: await probe(path) };
}

/** A download once made: the 200 answer's file. */
async function readyFile(quality: string, name: string) {
  const ready = await download(quality);
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  if (ready.body.status !== 'ready') throw new Error('not ready');
  return fetchFile(ready.body.download_url, name);
}

let streams = 0;
/** The subtitle cues of a video's first subtitle stream (read back as WebVTT). */
function streamCues(path: string) {
  const out = join(work, `stream-${(streams += 1)}.vtt`);
  ffmpeg(['-i', path, '-map', '0:s:0', '-c:s', 'webvtt', out]);
  return fromWebVtt(readFileSync(out, 'utf8'));
}

type Box = [number, number, number, number];
/** The corner the free plan's watermark is drawn in (bottom-right, a margin of 3 % of the height). */
const watermarkBox = (w: number, h: number): Box => [
  w - Math.round(h * 0.5),
  h - Math.round(h * 0.12),
  Math.round(h * 0.5),
  Math.round(h * 0.12),
];
/** The same-sized box in the bottom-left corner: picture only. */
const controlBox = (w: number, h: number): Box => [
  0,
  h - Math.round(h * 0.12),
  Math.round(h * 0.5),
  Math.round(h * 0.12),
];
/** The frame at `seconds`, scaled to 854×480, cropped to `box`. */
const region = (path: string, seconds: number, box: Box) => frameAt(path, seconds, box, [854, 480]);

beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author' })).accessToken;
  ({ chapterId } = await readyBook(t, token, { title: 'Harbour light', text: TEXT }));
  scriptId = (await writtenScript(t, token, { chapter_id: chapterId, scene_count: 3 })).id;
  const started = await api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
    script_id: scriptId,
    chapter_id: chapterId,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  id = started.body.video_generation_id;
  await t.runtime.stepFunctions.idle();
  const done = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`)).body;
  expect(done.generation_status, done.error_message ?? '').toBe('completed');
}, 600_000);

afterAll(async () => {
  await t?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('downloads by quality for the plan', () => {
  let watermarked: string;
  let clean480: string;
  const at = 1;

  it("offers a free user's 480p film only at 480p (a copy); larger sizes are refused in the plan's words", async () => {
    const final = await finalVideo();
    expect(final.resolution).toBe('854x480');
    expect(final.download_qualities).toEqual(['web']);
    expect(final.download_methods).toEqual({
      web: 'copy',
      medium: 'beyond_plan',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
    for (const [quality, size] of [
      ['medium', '720p'],
      ['ultra', '4K'],
    ]) {
      const refused = await download(quality!);
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({
        code: 'plan_limit',
        detail: `The Free plan films up to 480p: a ${size} download was asked for. Choose less, or upgrade your plan.`,
      });
    }
    const copy = await readyFile('web', 'free-480.mp4');
    expect(copy.probe.bytes).toBe(final.file_size_bytes);
    watermarked = copy.path;
  }, 120_000);

  it('after an upgrade, 480p is filmed again without the watermark (a job, not a copy), taking no video of the month', async () => {
    await upgradeToBasic(t, token);
    const used = (await usage()).current_period_videos;
    const final = await finalVideo();
    expect(final.download_qualities).toEqual(['web', 'medium']);
    expect(final.download_methods).toEqual({
      web: 'render',
      medium: 'render',
      high: 'beyond_plan',
      ultra: 'beyond_plan',
    });
    const beyond = await download('high');
    expect(beyond.status).toBe(402);
    expect(beyond.body).toMatchObject({
      detail:
        'The Basic plan films up to 720p: a 1080p download was asked for. Choose less, or upgrade your plan.',
    });

    const first = await download('web');
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ status: 'processing', method: 'render', job_id: id });
    const polled = await download('web');
    expect(polled.status).toBe(202);
    await t.runtime.stepFunctions.idle();
    const file = await readyFile('web', 'basic-480.mp4');
    expect(file.probe.video).toMatchObject({ width: 854, height: 480 });
    clean480 = file.path;
    // The same scenes filmed the same way: the pictures differ only where the watermark was.
    const inCorner = meanDifference(
      region(watermarked, at, watermarkBox(854, 480)),
      region(clean480, at, watermarkBox(854, 480)),
    );
    const elsewhere = meanDifference(
      region(watermarked, at, controlBox(854, 480)),
      region(clean480, at, controlBox(854, 480)),
    );
    expect(inCorner, `corner ${inCorner}, elsewhere ${elsewhere}`).toBeGreaterThan(
      4 * Math.max(elsewhere, 0.5),
    );
    expect((await usage()).current_period_videos).toBe(used);
    // The film is now the one without the watermark: its own size is a copy again.
    expect((await finalVideo()).download_methods).toMatchObject({ web: 'copy', medium: 'render' });
  }, 600_000);

  it('720p is filmed again at 720p from the scenes (not enlarged), without the watermark', async () => {
    const clips = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${id}`)).body.scene_videos;
    const first = await download('medium');
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ status: 'processing', method: 'render' });
    await t.runtime.stepFunctions.idle();
    const file = await readyFile('medium', 'basic-720.mp4');
    expect(file.probe.video).toMatchObject({ width: 1280, height: 720 });
    expect(file.probe.video?.codec).toBe('h264');
    // The render path, not an enlargement of the 480p film: every scene clip was filmed again at
    // 720p from its pictures and sound, and the film was made of them.
    const again = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${id}`)).body.scene_videos;
    expect(again).toHaveLength(clips.length);
    for (const clip of again) {
      const scene = await fetchFile(clip.video_url!, `clip-720-${clip.scene_number}.mp4`);
      expect(scene.probe.video).toMatchObject({ width: 1280, height: 720 });
    }
    // No watermark: the corner is the clean 480p film's, not the watermarked one's.
    const box = watermarkBox(854, 480);
    const toClean = meanDifference(region(file.path, at, box), region(clean480, at, box));
    const toMarked = meanDifference(region(file.path, at, box), region(watermarked, at, box));
    expect(toMarked, `to the watermarked ${toMarked}, to the clean ${toClean}`).toBeGreaterThan(toClean + 3);
    // The film itself is the 720p one now: 720p is a copy, 480p an encode down; each download
    // carries the film's subtitles as its subtitle stream.
    const final = await finalVideo();
    expect(final.download_methods).toMatchObject({ web: 'encode', medium: 'copy' });
    const cues = fromWebVtt(await (await fetch(`${origin()}${final.subtitles_url!}`)).text());
    expect(cues.length).toBeGreaterThan(0);
    expect(streamCues(file.path)).toHaveLength(cues.length);
    expect((await download('web')).status).toBe(202);
    await t.runtime.stepFunctions.idle();
    const smaller = await readyFile('web', 'encoded-480.mp4');
    expect(smaller.probe.video).toMatchObject({ width: 854, height: 480 });
    expect(streamCues(smaller.path)).toHaveLength(cues.length);
  }, 600_000);
});

describe('subtitles in every output', () => {
  it("a combination of films carries their subtitles: a sidecar and a stream, each film's cues in its place", async () => {
    const final = await finalVideo();
    const cues = fromWebVtt(await (await fetch(`${origin()}${final.subtitles_url!}`)).text());
    expect(cues.length).toBeGreaterThan(0);
    const started = await api<CombinedVideo>('POST', '/ai/combine-videos', { video_urls: [id, id] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = (await api<CombinedVideo>('GET', `/ai/combine-videos/${started.body.combine_id}`)).body;
    expect(done.status, done.error_message ?? '').toBe('ready');
    expect(done.subtitles_url).toBeTruthy();
    const sidecar = fromWebVtt(await (await fetch(`${origin()}${done.subtitles_url!}`)).text());
    expect(sidecar).toHaveLength(cues.length * 2);
    const second = sidecar[cues.length]!;
    expect(second.text).toBe(cues[0]!.text);
    expect(Math.abs(second.start - (cues[0]!.start + final.duration))).toBeLessThan(0.1);
    const video = await fetchFile(done.video_url!, 'combined.mp4');
    expect(streamCues(video.path)).toHaveLength(sidecar.length);
  }, 300_000);

  it('the studio renders WebM and MOV with a subtitle stream and, when asked, the subtitles drawn in', async () => {
    const plain = await fetchFile((await finalVideo()).video_url!, 'plain.mp4');
    const cues = fromWebVtt(await (await fetch(`${origin()}${(await finalVideo()).subtitles_url!}`)).text());
    const cue = cues.find((c) => c.end - c.start >= 1 && c.start >= 0.5)!;
    const shown = (cue.start + cue.end) / 2;
    // The timeline as filmed (each scene its length, a fade into every scene but the first).
    const scenes = (await api<SceneVideosAnswer>('GET', `/ai/scene-videos/${id}`)).body.scene_videos.map(
      (s, i) => ({
        id: `scene-${s.scene_number}`,
        sceneNumber: s.scene_number,
        duration: s.duration,
        transitions: i === 0 ? [] : [{ type: 'fade', duration: 0.5 }],
      }),
    );
    for (const format of ['webm', 'mov'] as const) {
      const saved = await api('PUT', `/chapters/${chapterId}/video-production`, {
        script_id: scriptId,
        scenes,
        editorSettings: {
          ...EDITOR_DEFAULTS,
          resolution: '720p',
          fps: 24,
          outputFormat: format,
          quality: 'high',
          burnSubtitles: true,
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const render = await api('POST', `/chapters/${chapterId}/video-production/render`, {
        script_id: scriptId,
      });
      expect(render.status, JSON.stringify(render.body)).toBe(202);
      await t.runtime.stepFunctions.idle();
      const done = (await api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`)).body;
      expect(done.generation_status, done.error_message ?? '').toBe('completed');
      expect(done.final_video).toMatchObject({ format, resolution: '1280x720' });
      expect(done.subtitles_url).toBeTruthy();
      const film = await fetchFile(done.video_url!, `burned.${format}`);
      expect(film.probe.video?.codec).toBe(format === 'webm' ? 'vp9' : 'h264');
      // The soft stream holds the sidecar's cues.
      expect(streamCues(film.path)).toHaveLength(cues.length);
      // Drawn in: where the subtitles sit (the lower middle) the frame differs from the film
      // without them; above them it does not.
      const lower: Box = [192, 562, 896, 130];
      const upper: Box = [192, 60, 896, 130];
      const below = meanDifference(frameAt(film.path, shown, lower), frameAt(plain.path, shown, lower));
      const above = meanDifference(frameAt(film.path, shown, upper), frameAt(plain.path, shown, upper));
      expect(below, `${format}: lower ${below}, upper ${above}`).toBeGreaterThan(3 * Math.max(above, 1));
    }
  }, 900_000);
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getEngine } from '../../../../functions/engine';
import { ffmpegBinaries } from '../../../../functions/engine/media/ffmpeg';
import {
  assembleChapterVideo,
  planChapterVideo,
  renderChapterScene,
} from '../../../../functions/engine/productions/chapter-video';
import { renderChapterFilm } from '../../../../functions/engine/productions/film';
import {
  joinNarration,
  planNarration,
  synthesizeNarrationPart,
} from '../../../../functions/engine/productions/narration';

const work = mkdtempSync(join(tmpdir(), 'productions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const chapter = {
  title: 'The Storm',
  content: readFileSync(join(__dirname, '../../../../docs/samples/harbour-chapter.txt'), 'utf8'),
};
const engine = getEngine();
const size = { width: 640, height: 360 };

describe('chapter video', () => {
  it('renders 5 scenes with narration, two character voices, music, subtitles and transitions, playable in a browser', async () => {
    const film = await renderChapterFilm(
      engine,
      { bookTitle: 'The Lighthouse', chapter, sceneCount: 5, size, fps: 24, seed: 3 },
      join(work, 'film'),
      join(work, 'film.mp4'),
    );
    expect(film.scenes).toHaveLength(5);
    expect(film.probe.video).toMatchObject({
      codec: 'h264',
      width: 640,
      height: 360,
      pixelFormat: 'yuv420p',
    });
    expect(film.probe.audio?.codec).toBe('aac');
    const voices = new Set(film.scenes.flatMap((s) => s.voices));
    expect(voices.size).toBeGreaterThanOrEqual(3);
    expect(film.plan.cast.map((c) => c.name).sort()).toEqual(['Mara', 'Tobias']);
    expect(new Set(film.plan.cast.map((c) => c.voice)).size).toBe(2);
    // Scenes overlap by their half-second fades, so the film is shorter than the sum of the scenes.
    const sum = film.scenes.reduce((s, scene) => s + scene.duration, 0);
    expect(film.probe.duration).toBeCloseTo(sum - 4 * 0.5, 0);
    // Picture and sound end together, and the mix is at the product's loudness.
    const streams = JSON.parse(
      execFileSync(
        ffmpegBinaries().ffprobe,
        ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', film.path],
        { encoding: 'utf8' },
      ),
    ) as { streams: { codec_type: string; duration: string }[] };
    const [video, audio] = ['video', 'audio'].map((t) =>
      Number(streams.streams.find((s) => s.codec_type === t)!.duration),
    );
    expect(Math.abs(video! - audio!)).toBeLessThanOrEqual(0.1);
    const { loudness } = await engine.audio.measure(film.path);
    expect(loudness).toBeGreaterThanOrEqual(-18);
    expect(loudness).toBeLessThanOrEqual(-14);
  }, 240_000);

  it('renders the same film scene by scene, as the pipeline does', async () => {
    const plan = await planChapterVideo(engine, {
      bookTitle: 'The Lighthouse',
      chapter,
      sceneCount: 3,
      size,
      fps: 24,
      seed: 3,
    });
    const scenes = [];
    for (let i = 0; i < plan.screenplay.scenes.length; i++)
      scenes.push(await renderChapterScene(engine, plan, i, join(work, 'scenes')));
    for (const scene of scenes) {
      const probe = await engine.video.probe(scene.clip);
      expect(probe.video?.codec).toBe('h264');
      expect(scene.cues.length).toBeGreaterThan(0);
      expect(scene.cues.every((c) => c.start >= 0 && c.end <= scene.duration + 0.1)).toBe(true);
    }
    const video = await assembleChapterVideo(
      engine,
      plan,
      scenes,
      join(work, 'scenes'),
      join(work, 'assembled.mp4'),
    );
    expect(video.probe.duration).toBeCloseTo(scenes.reduce((s, c) => s + c.duration, 0) - 2 * 0.5, 0);
  }, 240_000);
});

describe('narration', () => {
  it('joins the parts of a chapter into AAC at -16 LUFS with a chapter marker per part', async () => {
    const parts = planNarration(chapter.content, 600);
    expect(parts.length).toBeGreaterThan(2);
    const voice = engine.speech.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator', language: 'en' });
    const rendered = await Promise.all(
      parts.map((part) => synthesizeNarrationPart(engine, part, voice, join(work, `part-${part.index}.wav`))),
    );
    const joined = await joinNarration(engine, {
      title: 'The Storm',
      parts: rendered.map((r, i) => ({ path: r.path, title: parts[i]!.title })),
      workDir: work,
      outputPath: join(work, 'narration.m4a'),
    });
    const partsTotal = rendered.reduce((s, r) => s + r.duration, 0);
    expect(joined.duration).toBeGreaterThan(partsTotal - 0.05 * parts.length - 0.5);
    expect(joined.duration).toBeLessThan(partsTotal + 0.5);
    expect(joined.offsets[0]).toBe(0);
    expect(joined.offsets.every((o, i) => i === 0 || o > joined.offsets[i - 1]!)).toBe(true);
    const chapters = JSON.parse(
      execFileSync(ffmpegBinaries().ffprobe, ['-v', 'error', '-show_chapters', '-of', 'json', joined.path], {
        encoding: 'utf8',
      }),
    ) as { chapters: { start_time: string; tags: { title: string } }[] };
    expect(chapters.chapters).toHaveLength(parts.length);
    expect(chapters.chapters[1]!.tags.title).toBe(parts[1]!.title);
    expect(Number(chapters.chapters[1]!.start_time)).toBeCloseTo(joined.offsets[1]!, 1);
    const { loudness } = await engine.audio.measure(joined.path);
    expect(Math.abs(loudness + 16)).toBeLessThanOrEqual(2);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getEngine } from '../../../../functions/engine';
import { runFfmpeg } from '../../../../functions/engine/media/ffmpeg';
import {
  assembleChapterVideo,
  planChapterVideo,
  renderChapterScene,
} from '../../../../functions/engine/productions/chapter-video';
import {
  assembleLesson,
  planLesson,
  presenterPortrait,
  renderLessonSegment,
} from '../../../../functions/engine/productions/lesson';
import {
  joinNarration,
  planNarration,
  synthesizeNarrationPart,
} from '../../../../functions/engine/productions/narration';
import { findPresenter, presenterProfile } from '../../../../functions/engine/productions/presenters';
import { ebur128 } from '../audio/helpers';

/**
 * Every finished audio and video plays at -16 ± 1 LUFS integrated with its true peak at most -1 dBTP,
 * read by an independent meter: FFmpeg's ebur128 filter on the file as delivered.
 */
const work = mkdtempSync(join(tmpdir(), 'loudness-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const engine = getEngine();
const size = { width: 640, height: 360 };
const chapter = {
  title: 'The Storm',
  content: readFileSync(join(__dirname, '../../../../docs/samples/harbour-chapter.txt'), 'utf8'),
};

async function expectOnTarget(path: string) {
  const reading = await ebur128(path);
  expect(Math.abs(reading.integrated + 16), `integrated ${reading.integrated} LUFS`).toBeLessThanOrEqual(1);
  expect(reading.truePeak, `true peak ${reading.truePeak} dBTP`).toBeLessThanOrEqual(-1);
  return reading;
}

/** A short film whose sound sits far under the target (made once). */
let quiet: Promise<string> | undefined;
function quietSource(): Promise<string> {
  quiet ??= (async () => {
    const source = join(work, 'quiet-source.mp4');
    // A film whose sound sits far under the target: a tone with speech-like bursts at about -30 LUFS.
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=4',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=4',
      '-af',
      'volume=0.04,tremolo=f=3:d=0.8',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ]);
    return source;
  })();
  return quiet;
}

describe('loudness of every output kind (-16 ± 1 LUFS, true peak ≤ -1 dBTP, read by ebur128)', () => {
  it('narration', async () => {
    const parts = planNarration(chapter.content.slice(0, 1400), 600);
    const voice = engine.speech.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator', language: 'en' });
    const rendered = await Promise.all(
      parts.map((part) => synthesizeNarrationPart(engine, part, voice, join(work, `part-${part.index}.wav`))),
    );
    // Raw speech is far from the target (about -20 LUFS with peaks near full scale).
    const raw = await ebur128(rendered[0]!.path);
    expect(raw.integrated).toBeLessThan(-17);
    const joined = await joinNarration(engine, {
      title: 'The Storm',
      parts: rendered.map((r, i) => ({ path: r.path, title: parts[i]!.title })),
      workDir: work,
      outputPath: join(work, 'narration.m4a'),
    });
    const reading = await expectOnTarget(joined.path);
    expect(joined.loudness).toBeCloseTo(reading.integrated, 0);
  });

  it('tutor video (segments joined without re-encoding)', async () => {
    const presenter = findPresenter('ava')!;
    const plan = await planLesson(engine, {
      bookTitle: 'Harbour Tales',
      chapter,
      presenter: presenterProfile(presenter),
      presenterGender: presenter.gender,
      style: 'udemy',
      size,
      fps: 25,
      seed: 7,
      maxPoints: 1,
    });
    const portrait = await presenterPortrait(engine, plan, work);
    const clips = [];
    for (let i = 0; i < plan.segments.length; i++)
      clips.push((await renderLessonSegment(engine, plan, i, portrait, join(work, `lesson-${i}`))).clip);
    const lesson = await assembleLesson(engine, plan, clips, join(work, 'lesson.mp4'));
    await expectOnTarget(lesson.path);
  }, 240_000);

  it('chapter video (scenes, then music laid under them at assembly)', async () => {
    const plan = await planChapterVideo(engine, {
      bookTitle: 'The Lighthouse',
      chapter,
      sceneCount: 2,
      size,
      fps: 24,
      seed: 3,
    });
    const scenes = [];
    for (let i = 0; i < plan.screenplay.scenes.length; i++)
      scenes.push(await renderChapterScene(engine, plan, i, join(work, 'scenes')));
    const video = await assembleChapterVideo(
      engine,
      plan,
      scenes,
      join(work, 'scenes'),
      join(work, 'chapter.mp4'),
    );
    expect(video.probe.video?.codec).toBe('h264');
    await expectOnTarget(video.path);
    // A whole chapter film filmed and measured: minutes of FFmpeg work on a shared 2-core machine.
  }, 240_000);

  it('the pipeline film’s sound and an audio export (the mixer, in m4a and mp3)', async () => {
    const voice = await engine.speech.synthesize({
      text: 'The storm came in from the west. Mara closed the shutters and lit the lamp in the tower.',
      voice: engine.speech.voiceFor({ model: 'elevenlabs_narrator', role: 'narrator', language: 'en' }),
      outputPath: join(work, 'line.wav'),
    });
    const music = await engine.audio.music({
      style: 'cinematic',
      duration: voice.duration + 2,
      seed: 4,
      outputPath: join(work, 'music.wav'),
    });
    for (const format of ['m4a', 'mp3'] as const) {
      const mix = await engine.audio.mix({
        tracks: [
          { path: voice.path, role: 'speech', start: 1, volume: 1 },
          { path: music.path, role: 'music', start: 0, volume: 0.35 },
        ],
        duckUnderSpeech: true,
        targetLoudness: -16,
        outputPath: join(work, `mix.${format}`),
        format,
      });
      const reading = await expectOnTarget(mix.path);
      expect(mix.loudness).toBeCloseTo(reading.integrated, 0);
    }
  });

  it('video downloads by quality (MP4 and WebM), even from a quiet source', async () => {
    const source = await quietSource();
    expect((await ebur128(source)).integrated).toBeLessThan(-25);
    for (const format of ['mp4', 'webm'] as const) {
      const result = await engine.video.transcode({
        inputPath: source,
        quality: 'low',
        format,
        outputPath: join(work, `download.${format}`),
      });
      expect(result.probe.video).toMatchObject({ width: 854, height: 480 });
      await expectOnTarget(result.path);
    }
  });

  it('a re-encoded merge studio result (a stream copy keeps the user’s own sound)', async () => {
    const source = await quietSource();
    const merged = await engine.video.merge({
      inputs: [
        { path: source, type: 'video', start_time: 0, volume: 1 },
        { path: source, type: 'video', start_time: 4, volume: 0.5 },
      ],
      tier: 'web',
      format: 'mp4',
      outputPath: join(work, 'merged.mp4'),
    });
    expect(merged.method).toBe('encode');
    await expectOnTarget(merged.path);
  });
});

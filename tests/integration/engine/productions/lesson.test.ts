import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { getEngine } from '../../../../functions/engine';
import { probe, runFfmpeg } from '../../../../functions/engine/media/ffmpeg';
import {
  assembleLesson,
  planLesson,
  presenterLayout,
  presenterPortrait,
  renderLessonSegment,
} from '../../../../functions/engine/productions/lesson';
import { findPresenter, presenterProfile } from '../../../../functions/engine/productions/presenters';

const work = mkdtempSync(join(tmpdir(), 'lesson-'));
afterAll(() => (process.env.KEEP_WORK ? undefined : rmSync(work, { recursive: true, force: true })));
const engine = getEngine();
const chapter = {
  title: 'The Storm',
  content: readFileSync(join(__dirname, '../../../../docs/samples/harbour-chapter.txt'), 'utf8'),
};
const size = { width: 640, height: 360 };

/** Mean brightness of a frame's region, 0–255. */
async function regionMean(
  frame: string,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() reads its input, so the region is cut out first.
  const stats = await sharp(await sharp(frame).extract(region).png().toBuffer()).stats();
  return stats.channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
}

describe('tutor lesson', () => {
  it('plans an introduction, one slide per key point and a recap, narrated by the presenter’s voice', async () => {
    const presenter = findPresenter('noah')!;
    const plan = await planLesson(engine, {
      bookTitle: 'Harbour Tales',
      chapter,
      presenter: presenterProfile(presenter),
      presenterGender: presenter.gender,
      style: 'udemy',
      size,
      fps: 25,
      seed: 7,
      maxPoints: 3,
    });
    expect(plan.segments.length).toBeGreaterThanOrEqual(3);
    expect(plan.segments[0]!.slide.kicker).toBe('Lesson');
    expect(plan.segments.at(-1)!.slide.kicker).toBe('Recap');
    expect(plan.segments[0]!.narration).toContain('The Storm');
    expect(engine.speech.voices().find((v) => v.id === plan.voice)?.gender).toBe('male');
  });

  it('renders segments with the presenter in the corner and joins them into a playable lesson', async () => {
    const presenter = findPresenter('ava')!;
    const plan = await planLesson(engine, {
      bookTitle: 'Harbour Tales',
      chapter,
      presenter: presenterProfile(presenter),
      presenterGender: presenter.gender,
      style: 'whiteboard',
      size,
      fps: 25,
      seed: 7,
      maxPoints: 1,
    });
    const portrait = await presenterPortrait(engine, plan, work);
    const segments = [];
    for (let i = 0; i < plan.segments.length; i++)
      segments.push(await renderLessonSegment(engine, plan, i, portrait, join(work, `segment-${i}`)));
    for (const segment of segments) {
      const info = await probe(segment.clip);
      expect(info.video).toMatchObject({ width: 640, height: 360 });
      expect(Math.abs(info.duration - segment.duration)).toBeLessThan(0.15);
    }
    const lesson = await assembleLesson(
      engine,
      plan,
      segments.map((s) => s.clip),
      join(work, 'lesson.mp4'),
    );
    expect(lesson.probe.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(lesson.probe.audio?.codec).toBe('aac');
    const total = segments.reduce((sum, s) => sum + s.duration, 0);
    // Joined end to end (each segment fades itself in and out).
    expect(Math.abs(lesson.probe.duration - total)).toBeLessThan(0.2);

    // A frame of the first slide: the whiteboard is light, the presenter box differs from it.
    const frame = join(work, 'frame.png');
    await runFfmpeg(['-ss', '1.5', '-i', lesson.path, '-frames:v', '1', frame]);
    const layout = presenterLayout('whiteboard', size);
    const slideArea = await regionMean(frame, { left: 10, top: 10, width: 100, height: 40 });
    const presenterArea = await regionMean(frame, {
      left: layout.x + 4,
      top: layout.y + 4,
      width: layout.box - 8,
      height: layout.box - 8,
    });
    expect(slideArea).toBeGreaterThan(200);
    expect(Math.abs(slideArea - presenterArea)).toBeGreaterThan(20);
  }, 240_000);
});

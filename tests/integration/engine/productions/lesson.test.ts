import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { getEngine } from '../../../../functions/engine';
import { probe, runFfmpeg } from '../../../../functions/engine/media/ffmpeg';
import type { Engine } from '../../../../functions/engine/types';
import {
  assembleLesson,
  planLesson,
  presenterLayout,
  presenterPortrait,
  renderLessonSegment,
  slideArt,
} from '../../../../functions/engine/productions/lesson';
import { layoutSlide } from '../../../../functions/engine/productions/slides';
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

/** Mean absolute difference of two raw RGB buffers of the same size, 0–255. */
function meanDifference(a: Uint8Array, b: Uint8Array) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
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

    // The title and key-idea slides show their picture, the recap none.
    const { reserve } = presenterLayout('whiteboard', size);
    for (const [i, segment] of plan.segments.entries()) {
      const dir = join(work, `segment-${i}`);
      const art = join(dir, `slide-art-${String(i + 1).padStart(2, '0')}.png`);
      expect(existsSync(art)).toBe(segment.slide.kicker !== 'Recap');
      if (!existsSync(art)) continue;
      const { box, mode, veil } = layoutSlide(segment.slide, 'whiteboard', size, reserve, { art: true }).art!;
      const picture = await sharp(art)
        .resize(box.width, box.height, { fit: 'cover' })
        .removeAlpha()
        .raw()
        .toBuffer();
      // A backdrop shows through the card-coloured veil (white on the whiteboard), text drawn over it.
      const expected = mode === 'panel' ? picture : picture.map((c) => Math.round(c + (255 - c) * veil));
      const slide = await sharp(join(dir, `segment-${String(i + 1).padStart(2, '0')}.png`))
        .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(meanDifference(slide, expected)).toBeLessThan(mode === 'panel' ? 4 : 12);
    }
  }, 240_000);

  it('draws a slide’s picture once, with the image engine, in the style of the slides', async () => {
    const presenter = findPresenter('maya')!;
    const plan = await planLesson(engine, {
      bookTitle: 'Harbour Tales',
      chapter,
      presenter: presenterProfile(presenter),
      style: 'minimal',
      size,
      fps: 25,
      seed: 11,
      maxPoints: 2,
    });
    const scenes: Parameters<Engine['image']['scene']>[0][] = [];
    const counting: Engine = {
      ...engine,
      image: {
        portrait: (request) => engine.image.portrait(request),
        scene: (request) => {
          scenes.push(request);
          return engine.image.scene(request);
        },
      },
    };
    const dir = join(work, 'art-once');
    const drawn = [];
    for (let i = 0; i < plan.segments.length; i++) drawn.push(await slideArt(counting, plan, i, dir));
    const recap = plan.segments.length - 1;
    expect(drawn[recap]).toBeUndefined();
    expect(drawn.slice(0, recap).every((path) => path && existsSync(path))).toBe(true);
    expect(scenes).toHaveLength(recap);
    // Asked again (a segment rendered twice in the same folder): the picture on disk is used.
    expect(await slideArt(counting, plan, 1, dir)).toBe(drawn[1]);
    expect(scenes).toHaveLength(recap);
    for (const request of scenes) {
      expect(request).toMatchObject({ style: 'cartoon', characters: [] });
      expect(request.customPrompt).toMatch(/no writing/);
    }
    // Each key idea's picture is of its own words.
    expect(scenes[1]!.scene.visual_description).toContain(plan.segments[1]!.slide.bullets[0]!);
  }, 120_000);
});

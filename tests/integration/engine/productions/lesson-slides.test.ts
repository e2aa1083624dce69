import { describe, expect, it } from 'vitest';
import { lessonSlides } from '../../../../functions/engine/productions/lesson';
import { layoutSlide } from '../../../../functions/engine/productions/slides';
import { SIMILARITY_THRESHOLD, similarity } from '../../../../functions/engine/text/local/compress';
import { keyPoints, summarize } from '../../../../functions/engine/text/local/summarize';
import { MAX_TITLE_WORDS } from '../../../../functions/engine/text/local/topics';
import { LESSON_CHAPTERS, ORIGIN_STRUGGLE_FOR_EXISTENCE } from '../../../fixtures/lesson-excerpts';

/**
 * A lesson's slides from real chapters (dialogue-heavy fiction and non-fiction): no idea twice, no
 * "…", short topic titles, and every slide laid out with the font fits its card.
 */
const CHAPTERS = LESSON_CHAPTERS;
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

function expectStatement(text: string) {
  expect(text).toMatch(/^[\p{Lu}\p{N}]/u);
  expect(text).toMatch(/[^.!?,;:]\.$/);
  expect(text).not.toContain('…');
  expect(wordsOf(text).length).toBeGreaterThanOrEqual(4);
}

function expectDistinct(statements: readonly string[]) {
  for (let i = 0; i < statements.length; i++)
    for (let j = i + 1; j < statements.length; j++)
      expect(
        similarity(statements[i]!, statements[j]!),
        `"${statements[i]}" and "${statements[j]}" say the same thing`,
      ).toBeLessThan(SIMILARITY_THRESHOLD);
}

describe('lesson slides from real prose', () => {
  const size = { width: 1280, height: 720 };
  it.each(CHAPTERS.map((c) => [c.title, c] as const))(
    '%s: never the same idea twice, titled, and every slide fits',
    (_title, chapter) => {
      const slides = lessonSlides({
        bookTitle: 'Book',
        chapterTitle: chapter.title,
        summary: summarize(chapter.content),
        points: keyPoints(chapter.content, 5),
        chapterText: chapter.content,
        style: 'udemy',
        size,
      });
      const ideas = slides.filter((s) => s.slide.kicker.startsWith('Key idea'));
      expect(ideas.length).toBeGreaterThanOrEqual(3);
      const bullets = ideas.flatMap((s) => s.slide.bullets);
      bullets.forEach(expectStatement);
      expectDistinct(bullets);
      const titles = ideas.map((s) => s.slide.heading);
      expect(new Set(titles).size).toBe(titles.length);
      for (const { slide, art } of slides) {
        expect(slide.heading).not.toContain('…');
        expect(layoutSlide(slide, 'udemy', size, 0.3).fits).toBe(true);
        // Every slide but the recap has a picture, of nobody, and fits with it too.
        expect(art !== undefined).toBe(slide.kicker !== 'Recap');
        if (!art) continue;
        expect(art.characters).toEqual([]);
        expect(art.visual_description).toContain(slide.heading.replace(/ \(\d+\/\d+\)$/, ''));
        expect(layoutSlide(slide, 'udemy', size, 0.3, { art: true }).fits).toBe(true);
      }
      for (const title of titles) {
        expect(wordsOf(title).length).toBeGreaterThanOrEqual(2);
        expect(wordsOf(title).length).toBeLessThanOrEqual(MAX_TITLE_WORDS);
        expect(title).not.toMatch(/[.,;:]$/);
      }
      // The introduction and the recap list the topics by title.
      const bulletsOf = (kicker: string) =>
        slides.filter((s) => s.slide.kicker === kicker).flatMap((s) => s.slide.bullets);
      expect(bulletsOf('Lesson')).toEqual(titles);
      expect(bulletsOf('Recap')).toEqual(titles);
      // Footers count every slide, split parts included.
      expect(slides.map((s) => s.slide.footer)).toEqual(slides.map((_, i) => `${i + 1} / ${slides.length}`));
      // What is said over a key idea starts with the idea itself.
      for (const idea of ideas) expect(idea.narration.startsWith(idea.slide.bullets[0]!)).toBe(true);
    },
  );

  it('a model’s repeated and over-long points are deduplicated and fitted the same way', () => {
    const chapter = ORIGIN_STRUGGLE_FOR_EXISTENCE;
    const slides = lessonSlides({
      bookTitle: 'Origin',
      chapterTitle: chapter.title,
      summary: 'A chapter on the struggle for existence.',
      points: [
        'A struggle for existence follows from the high rate at which all organic beings tend to increase.',
        'All organic beings tend to increase at a high rate, so a struggle for existence follows.',
        'Climate plays an important part in determining the average numbers of a species, and periodical seasons of extreme cold or drought seem to be the most effective of all checks…',
      ],
      chapterText: chapter.content,
      style: 'minimal',
      size,
    });
    const ideas = slides.filter((s) => s.slide.kicker.startsWith('Key idea'));
    expect(ideas).toHaveLength(2);
    const bullets = ideas.flatMap((s) => s.slide.bullets);
    bullets.forEach(expectStatement);
    expectDistinct(bullets);
  });

  it('a key idea too long for one slide is split into parts that fit, each said with its own bullets', () => {
    // Points as a model might give them: long, with no clause boundary to shorten them at.
    const food =
      'The amount of food available to each species in each season of each year gives the extreme limit to which each species can possibly increase in number over many generations in every country and climate of the world where naturalists have studied the slow and silent increase of plants and animals in their natural homes';
    const climate =
      'Climate plays an important part in determining the average numbers of a species because periodical seasons of extreme cold or drought seem to be the most effective of all the checks on the natural increase of plants and animals in the wild state as observed by travellers in many lands';
    const slides = lessonSlides({
      bookTitle: 'Origin',
      chapterTitle: ORIGIN_STRUGGLE_FOR_EXISTENCE.title,
      summary: 'A chapter on the struggle for existence.',
      points: [food, climate],
      chapterText: ORIGIN_STRUGGLE_FOR_EXISTENCE.content,
      style: 'minimal',
      size: { width: 1280, height: 720 },
    });
    const parts = slides.filter((s) => / \(\d\/\d\)$/.test(s.slide.heading));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const { slide, narration } of slides) {
      expect(layoutSlide(slide, 'minimal', { width: 1280, height: 720 }, 0.38).fits).toBe(true);
      expect(narration.length).toBeGreaterThan(0);
    }
    // The parts of one idea say different things, in bullet order.
    const first = parts.filter((p) =>
      p.slide.heading.startsWith(parts[0]!.slide.heading.replace(/ \(\d\/\d\)$/, '')),
    );
    expect(new Set(first.map((p) => p.narration)).size).toBe(first.length);
  });
});

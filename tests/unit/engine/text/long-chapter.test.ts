import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { countWords } from '../../../../functions/engine/text/sentences';
import { chapterParagraphs } from '../../../fixtures/prose';
import { CHAPTERS } from './chapters';

const engine = createLocalTextEngine();

/** About 10 000 words: the hand-written chapters repeated, with scene breaks, then fixture prose. */
function longChapter(): string {
  const parts: string[] = [];
  while (countWords(parts.join('\n\n')) < 6000) parts.push(...CHAPTERS.map((c) => c.content), '* * *');
  parts.push(...chapterParagraphs(3, 4000, 'mystery'));
  return parts.join('\n\n');
}

/** The local text engine on a long chapter; how fast it is: `npm run bench:text`. */
describe('local text engine on a 10 000-word chapter', () => {
  const content = longChapter();

  it('writes a screenplay covering the whole chapter', async () => {
    expect(countWords(content)).toBeGreaterThanOrEqual(10_000);
    const result = await engine.screenplay({
      bookTitle: 'Speed',
      chapter: { title: 'Long', content },
      options: {
        style: 'cinematic_movie',
        sceneCount: 12,
        targetDuration: 'auto',
        focusAreas: ['Dialogue'],
        storyType: 'three_act',
        includeCharacterProfiles: true,
      },
    });
    expect(result.scenes).toHaveLength(12);
    expect(result.scenes.at(-1)!.source_end).toBe(content.length);
  });

  it('analyses the plot and finds its characters', async () => {
    const result = await engine.plotOverview({ title: 'Speed', chapters: [{ title: 'Long', content }] });
    expect(result.characters.length).toBeGreaterThan(3);
  });

  it('builds a 20-question quiz', async () => {
    const result = await engine.quiz({
      title: 'Speed',
      text: content,
      numQuestions: 20,
      difficulty: 'hard',
      seed: 1,
    });
    expect(result.questions).toHaveLength(20);
  });
});

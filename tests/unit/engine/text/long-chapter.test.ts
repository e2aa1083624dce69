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

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('local text engine speed', () => {
  const content = longChapter();

  it('writes a screenplay of a 10 000-word chapter well within 2 s', async () => {
    expect(countWords(content)).toBeGreaterThanOrEqual(10_000);
    const { result, ms } = await timed(() =>
      engine.screenplay({
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
      }),
    );
    expect(result.scenes).toHaveLength(12);
    expect(result.scenes.at(-1)!.source_end).toBe(content.length);
    expect(ms).toBeLessThan(2000);
  });

  it('analyses the plot of a 10 000-word chapter well within 2 s', async () => {
    const { result, ms } = await timed(() =>
      engine.plotOverview({ title: 'Speed', chapters: [{ title: 'Long', content }] }),
    );
    expect(result.characters.length).toBeGreaterThan(3);
    expect(ms).toBeLessThan(2000);
  });

  it('builds a 20-question quiz of a 10 000-word chapter within 2 s', async () => {
    const { result, ms } = await timed(() =>
      engine.quiz({ title: 'Speed', text: content, numQuestions: 20, difficulty: 'hard', seed: 1 }),
    );
    expect(result.questions).toHaveLength(20);
    expect(ms).toBeLessThan(2000);
  });
});

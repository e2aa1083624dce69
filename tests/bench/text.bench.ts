import { createLocalTextEngine } from '../../functions/engine/text/local';
import { countWords } from '../../functions/engine/text/sentences';
import { EngineError } from '../../functions/engine/types';
import { chapterParagraphs } from '../fixtures/prose';
import { CHAPTERS } from '../unit/engine/text/chapters';
import { machine, row, timeRuns } from './timing';

/**
 * `npm run bench:text`: the local text engine on a 10 000-word chapter (screenplay, plot overview,
 * 20-question quiz; target 2 s each) and the refusal of a 200 000-word chapter (target 500 ms).
 * Median of BENCH_RUNS runs (default 5) after a warm-up.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const engine = createLocalTextEngine();

function longChapter(): string {
  const parts: string[] = [];
  while (countWords(parts.join('\n\n')) < 6000) parts.push(...CHAPTERS.map((c) => c.content), '* * *');
  parts.push(...chapterParagraphs(3, 4000, 'mystery'));
  return parts.join('\n\n');
}

async function main() {
  console.log(`Machine: ${machine()}; median of ${RUNS} runs after a warm-up`);
  const content = longChapter();
  const words = countWords(content);
  const screenplay = await timeRuns(RUNS, () =>
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
  console.log(row(`screenplay of a ${words}-word chapter (12 scenes)`, screenplay.ms, 2000));
  const plot = await timeRuns(RUNS, () =>
    engine.plotOverview({ title: 'Speed', chapters: [{ title: 'Long', content }] }),
  );
  console.log(row(`plot overview of a ${words}-word chapter`, plot.ms, 2000));
  const quiz = await timeRuns(RUNS, () =>
    engine.quiz({ title: 'Speed', text: content, numQuestions: 20, difficulty: 'hard', seed: 1 }),
  );
  console.log(row(`20-question quiz of a ${words}-word chapter`, quiz.ms, 2000));
  const huge = 'word '.repeat(200_000);
  const refusal = await timeRuns(RUNS, async () => {
    try {
      await engine.screenplay({
        bookTitle: 'Huge',
        chapter: { title: 'Huge', content: huge },
        options: {
          style: 'cinematic_movie',
          sceneCount: 5,
          targetDuration: 'auto',
          focusAreas: [],
          storyType: 'three_act',
          includeCharacterProfiles: false,
        },
      });
    } catch (error) {
      if (error instanceof EngineError && error.code === 'text_too_long') return;
      throw error;
    }
    throw new Error('the 200 000-word chapter was not refused');
  });
  console.log(row('refusal of a 200 000-word chapter (text_too_long)', refusal.ms, 500));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

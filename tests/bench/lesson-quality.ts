import { lessonSlides } from '../../functions/engine/productions/lesson';
import { presenterLayout } from '../../functions/engine/productions/lesson';
import { layoutSlide, type SlideStyle } from '../../functions/engine/productions/slides';
import { SIMILARITY_THRESHOLD, similarity } from '../../functions/engine/text/local/compress';
import { keyPoints, summarize } from '../../functions/engine/text/local/summarize';
import { MAX_TITLE_WORDS } from '../../functions/engine/text/local/topics';
import { countWords } from '../../functions/engine/text/sentences';
import { LESSON_CHAPTERS } from '../fixtures/lesson-excerpts';
import { CHAPTERS } from '../unit/engine/text/chapters';
import { buildQuiz } from '../../functions/engine/text/local/quiz';
import { countQuestionKinds } from '../../functions/engine/text/quiz-kinds';
import { QUIZ_EXCERPTS } from '../fixtures/quiz-excerpts';
import { machine, median } from './timing';

/**
 * `npm run bench:quality`: the tutor slides a lesson gets from each fixture chapter
 * (real fiction with dialogue, real non-fiction, the hand-written chapters), in every style at 720p
 * and 1080p, counted without rendering (then the question kinds of each chapter's quizzes): duplicate bullets (pairs at or above the similarity
 * threshold anywhere in the lesson), titles that are cut or too long, bullets with "…" or without a
 * full stop, slides that overflow their card, and slides that had to be split or set smaller.
 */
const STYLES: SlideStyle[] = ['udemy', 'whiteboard', 'minimal'];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

function main() {
  console.log(`Machine: ${machine()}`);
  console.log(
    'chapter'.padEnd(38),
    'words'.padStart(6),
    'points ms'.padStart(10),
    'slides'.padStart(7),
    'dup'.padStart(4),
    'cut titles'.padStart(11),
    'bad bullets'.padStart(12),
    'overflow'.padStart(9),
    'split'.padStart(6),
    'smaller'.padStart(8),
  );
  const totals = { duplicates: 0, titles: 0, bullets: 0, overflow: 0 };
  for (const chapter of [...LESSON_CHAPTERS, ...CHAPTERS]) {
    const times: number[] = [];
    let points: string[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      points = keyPoints(chapter.content, 5);
      times.push(performance.now() - started);
    }
    const summary = summarize(chapter.content);
    let slides = 0;
    let duplicates = 0;
    let titles = 0;
    let bullets = 0;
    let overflow = 0;
    let split = 0;
    let smaller = 0;
    for (const style of STYLES)
      for (const size of SIZES) {
        const lesson = lessonSlides({
          bookTitle: 'Book',
          chapterTitle: chapter.title,
          summary,
          points,
          chapterText: chapter.content,
          style,
          size,
        });
        const { reserve } = presenterLayout(style, size);
        slides += lesson.length;
        const ideas = lesson.filter((s) => s.slide.kicker.startsWith('Key idea'));
        const statements = ideas.flatMap((s) => s.slide.bullets);
        for (let i = 0; i < statements.length; i++)
          for (let j = i + 1; j < statements.length; j++)
            if (similarity(statements[i]!, statements[j]!) >= SIMILARITY_THRESHOLD) duplicates++;
        for (const { slide } of ideas) {
          const title = slide.heading.replace(/ \(\d+\/\d+\)$/, '');
          if (title.includes('…') || countWords(title) > MAX_TITLE_WORDS || /[.,;:]$/.test(title)) titles++;
          if (/\(\d+\/\d+\)$/.test(slide.heading)) split++;
        }
        bullets += statements.filter(
          (b) => b.includes('…') || !/[^.]\.$/.test(b) || !/^[\p{Lu}\p{N}]/u.test(b),
        ).length;
        for (const { slide } of lesson) {
          const layout = layoutSlide(slide, style, size, reserve);
          if (!layout.fits) overflow++;
          if (layout.scale < 1) smaller++;
        }
      }
    totals.duplicates += duplicates;
    totals.titles += titles;
    totals.bullets += bullets;
    totals.overflow += overflow;
    console.log(
      chapter.title.slice(0, 38).padEnd(38),
      String(countWords(chapter.content)).padStart(6),
      median(times).toFixed(0).padStart(10),
      String(slides).padStart(7),
      String(duplicates).padStart(4),
      String(titles).padStart(11),
      String(bullets).padStart(12),
      String(overflow).padStart(9),
      String(split).padStart(6),
      String(smaller).padStart(8),
    );
  }
  console.log(
    `Totals over ${STYLES.length} styles × ${SIZES.length} sizes: duplicate bullets ${totals.duplicates}, cut titles ${totals.titles}, bad bullets ${totals.bullets}, overflowing slides ${totals.overflow} (target 0 each)`,
  );
  if (Object.values(totals).some((n) => n > 0)) process.exitCode = 1;
  quizKinds();
}

/** Question kinds in 10-question quizzes of each fixture chapter, 5 seeds per difficulty. */
function quizKinds() {
  console.log(
    '\nquiz (10 questions, 5 seeds)'.padEnd(40),
    'level'.padEnd(7),
    'fewest kinds'.padStart(13),
    'largest share'.padStart(14),
    '  kinds seen',
  );
  let single = 0;
  for (const chapter of [...QUIZ_EXCERPTS, ...LESSON_CHAPTERS, ...CHAPTERS]) {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      let fewest = Infinity;
      let largest = 0;
      const seen = new Set<string>();
      for (let seed = 1; seed <= 5; seed++) {
        const quiz = buildQuiz({
          title: chapter.title,
          text: chapter.content,
          numQuestions: 10,
          difficulty,
          seed,
        });
        const counts = countQuestionKinds(quiz);
        const kinds = Object.keys(counts);
        kinds.forEach((kind) => seen.add(kind));
        fewest = Math.min(fewest, kinds.length);
        largest = Math.max(largest, Math.max(...Object.values(counts)) / quiz.questions.length);
      }
      if (fewest < 2) single++;
      console.log(
        chapter.title.slice(0, 38).padEnd(39),
        difficulty.padEnd(7),
        String(fewest).padStart(13),
        `${Math.round(largest * 100)} %`.padStart(14),
        ` ${[...seen].sort().join(', ')}`,
      );
    }
  }
  console.log(`Quizzes of one kind only: ${single} (target 0)`);
  if (single > 0) process.exitCode = 1;
}

main();

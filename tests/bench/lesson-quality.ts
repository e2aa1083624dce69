import { lessonSlides } from '../../functions/engine/productions/lesson';
import { presenterLayout } from '../../functions/engine/productions/lesson';
import { layoutSlide, type SlideStyle } from '../../functions/engine/productions/slides';
import nlp from 'compromise';
import {
  compressSentence,
  SIMILARITY_THRESHOLD,
  similarity,
} from '../../functions/engine/text/local/compress';
import { keyPoints, summarize } from '../../functions/engine/text/local/summarize';
import { MAX_TITLE_WORDS } from '../../functions/engine/text/local/topics';
import { countWords, splitSentences } from '../../functions/engine/text/sentences';
import { REAL_NOVELS } from '../fixtures/real-novels';
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
 * full stop, incomplete bullets (a statement left unfinished by compression, by checks of this
 * script's own), slides that overflow their card (with their picture, where they have one), slides
 * that had to be split or set smaller, and how many slides show a picture and how many of those show it
 * in a panel beside the text (the others behind it).
 * Then every sentence of every fixture (the real novels too) compressed, and the incomplete ones counted.
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
    'incomplete'.padStart(11),
    'overflow'.padStart(9),
    'split'.padStart(6),
    'smaller'.padStart(8),
    'pictures'.padStart(9),
    'panel'.padStart(6),
  );
  const art = { slides: 0, unpictured: 0, pictures: 0, panels: 0 };
  const totals = { duplicates: 0, titles: 0, bullets: 0, incomplete: 0, overflow: 0 };
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
    let incomplete = 0;
    let overflow = 0;
    let split = 0;
    let smaller = 0;
    let pictures = 0;
    let panels = 0;
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
        for (const bullet of statements) {
          const fault = unfinished(bullet);
          if (!fault) continue;
          incomplete++;
          if (style === 'udemy' && size.width === 1280) console.log(`  incomplete (${fault}): ${bullet}`);
        }
        for (const { slide, art: scene } of lesson) {
          const layout = layoutSlide(slide, style, size, reserve);
          const pictured = scene ? layoutSlide(slide, style, size, reserve, { art: true }) : undefined;
          if (!layout.fits || (pictured && !pictured.fits)) overflow++;
          if (layout.scale < 1) smaller++;
          if (pictured) pictures++;
          if (pictured?.art?.mode === 'panel') panels++;
          // Every slide but the recap is to show a picture.
          if (slide.kicker !== 'Recap' && !pictured) art.unpictured++;
        }
        art.slides += lesson.length;
      }
    totals.duplicates += duplicates;
    totals.titles += titles;
    totals.bullets += bullets;
    totals.incomplete += incomplete;
    totals.overflow += overflow;
    console.log(
      chapter.title.slice(0, 38).padEnd(38),
      String(countWords(chapter.content)).padStart(6),
      median(times).toFixed(0).padStart(10),
      String(slides).padStart(7),
      String(duplicates).padStart(4),
      String(titles).padStart(11),
      String(bullets).padStart(12),
      String(incomplete).padStart(11),
      String(overflow).padStart(9),
      String(split).padStart(6),
      String(smaller).padStart(8),
      String(pictures).padStart(9),
      String(panels).padStart(6),
    );
    art.pictures += pictures;
    art.panels += panels;
  }
  console.log(
    `Totals over ${STYLES.length} styles × ${SIZES.length} sizes: duplicate bullets ${totals.duplicates}, cut titles ${totals.titles}, bad bullets ${totals.bullets}, incomplete bullets ${totals.incomplete}, overflowing slides ${totals.overflow} (target 0 each)`,
  );
  console.log(
    `Slide pictures: ${art.pictures} of ${art.slides} slides (every one but the recaps; slides without one that should have it: ${art.unpictured}, target 0), ${art.panels} (${Math.round((100 * art.panels) / art.pictures)} %) in a panel beside the text, the others behind it`,
  );
  if (Object.values(totals).some((n) => n > 0) || art.unpictured > 0) process.exitCode = 1;
  compressedSentences();
  quizKinds();
}

/** Words a statement never ends on: prepositions needing an object, articles, conjunctions, modals. */
const DANGLING = new Set(
  (
    'of for with at to from into upon onto than the a an and or but nor which whose whom when if because ' +
    'although unless until whether very my your their our its every each'
  ).split(' '),
);
const SAYING =
  'said|says|asked|answered|replied|remarked|added|continued|cried|whispered|muttered|exclaimed|observed|agreed';

/**
 * Why a bullet does not read as a whole statement, by this script's own rules (not the compressor's
 * code): it ends on a word that needs more; a dialogue tag stands without its speech; a verb of
 * saying or finding has nothing after it; a naming verb has no name; "so … a …" has no "that"; "the
 * more …" has no second half; a clause opened by a subordinator or relative pronoun is all there is.
 */
function unfinished(bullet: string): string | null {
  const text = bullet.replace(/[.!?]+$/, '');
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  if (DANGLING.has(words.at(-1) ?? '')) return 'dangling last word';
  if (/\b(?:which|who|that)\s+(?:would|could|should|might|must|can|will|may)$/i.test(text))
    return 'a relative clause with only its modal';
  const speaker = String.raw`(?:[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*)?|he|she|they|I|we)`;
  if (
    new RegExp(
      String.raw`^${speaker}\s+(?:[\p{L}]+ly\s+)?(?:${SAYING})(?:\s*,|\s+(?:with|without)\b|\s*$)`,
      'iu',
    ).test(text)
  )
    return 'a tag without its speech';
  if (
    /\b(?:and|then)\s+(?:then\s+)?(?:said|found|began|answered|asked|replied|saw)\s*(?:$|,(?![^,]*,\s*(?:to|that)\b))/i.test(
      text,
    )
  )
    return 'a verb with nothing after it';
  if (
    /\b(?:saying|telling|considering|wondering|thinking)(?:\s+(?:to\s+\w+self|in\s+\w+\s+own\s+mind))?$/i.test(
      text,
    )
  )
    return 'a verb with nothing after it';
  if (
    /\b(?:call|calls|called|name|named|term|termed)\s+(?:this|that|these|those)(?:\s+[\p{L}-]+){1,2}(?:,\s*(?:\w+\s+)?(?:which|who|whom)\b.*)?$/iu.test(
      text,
    )
  )
    return 'a naming verb with no name';
  const so = /\bso\s+[\p{L}-]+\s+an?\s+[\p{L}-]+/iu.exec(text);
  if (so && !/\b(?:that|as)\b/i.test(text.slice(so.index + so[0].length))) return '"so …" with no "that"';
  if (/^the\s+(?:more|less|sooner|longer)\s/i.test(text) && !/,\s+the\s/i.test(text))
    return '"the more" with no second half';
  // The verbs the parser finds all sit inside a clause opened by a subordinator or relative pronoun.
  const terms = nlp(text).terms().json() as { text: string; terms: { tags: string[] }[] }[];
  const tagsOf = terms.map((t) => ({ word: t.text.toLowerCase(), tags: new Set(t.terms[0]?.tags ?? []) }));
  const finite = (i: number) => {
    const t = tagsOf[i]!;
    return (
      t.tags.has('Verb') && !t.tags.has('Gerund') && !t.tags.has('Participle') && tagsOf[i - 1]?.word !== 'to'
    );
  };
  const firstVerb = tagsOf.findIndex((_, i) => finite(i));
  const verbs = tagsOf.filter((_, i) => finite(i)).length;
  if (firstVerb > 0 && verbs === 1) {
    const before = tagsOf.slice(0, firstVerb).map((t) => t.word);
    // "That is a dangerous trick": "that" right before the verb is its subject.
    const opener = (w: string, i: number) =>
      /^(?:that|which|who|whom|whose|whence|if|when|while|because|although|unless|until)$/.test(w) &&
      !(w === 'that' && i === firstVerb - 1);
    if (before.some(opener)) return 'only a subordinate clause';
  }
  if (
    /,\s*(?:and|but)\s*,?\s*(?:even\s+|just\s+)?(?:when|as|if|while|because|though|although)\b[^,]*$/i.test(
      text,
    )
  )
    return 'a conjunct that is only a subordinate clause';
  return null;
}

/** Every sentence of every fixture compressed: how many statements come out, how many incomplete. */
function compressedSentences() {
  const texts = [
    ...LESSON_CHAPTERS,
    ...CHAPTERS,
    ...QUIZ_EXCERPTS,
    ...REAL_NOVELS.map((novel) => ({ title: novel.title, content: novel.text })),
  ];
  let statements = 0;
  let incomplete = 0;
  let sentences = 0;
  for (const { content } of texts)
    for (const sentence of splitSentences(content)) {
      sentences++;
      const statement = compressSentence(sentence);
      if (!statement) continue;
      statements++;
      const fault = unfinished(statement);
      if (fault) {
        incomplete++;
        console.log(`  incomplete (${fault}): ${statement}`);
      }
    }
  console.log(
    `Every fixture sentence compressed: ${sentences} sentences, ${statements} statements, ${incomplete} incomplete (target 0)`,
  );
  if (incomplete > 0) process.exitCode = 1;
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

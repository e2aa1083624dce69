import { dialogueWithNarrator, type Quote } from '../../functions/engine/text/local/dialogue';
import { detectGenre } from '../../functions/engine/text/local/genre';
import { findCast } from '../../functions/engine/text/local/names';
import { tagWords } from '../../functions/engine/text/local/nlp';
import { buildPlotOverview, sampleChapters } from '../../functions/engine/text/local/plot';
import { buildScreenplay } from '../../functions/engine/text/local/screenplay';
import { spokenLines } from '../../functions/engine/text/fountain';
import { sentenceSpans } from '../../functions/engine/text/sentences';
import type { ChapterText, Screenplay, TargetDuration } from '../../functions/engine/text/types';
import { machine } from './timing';
import { corpusBook, pdncNovel, sharedMissing } from './writing-corpus';

/**
 * `npm run bench:writing`: what the offline engine writes about real books (`../shared/corpus`,
 * `../shared/pdnc`). On real chapters: the share of script lines (narration and dialogue) that are
 * the chapter's own words (target 100 %), the share of the chapter's sentences an `auto` script
 * speaks (≥ 90 %), dialogue speakers against the engine's own attribution (100 %), characters
 * listed in a scene who neither act nor speak there (0), and a 5-minute script's length and what it
 * records as left out. On whole books: the genre against a label written here, and character
 * descriptions holding a quotation mark (0).
 */
const CHAPTERS: { book: string; chapter: number; why: string }[] = [
  { book: 'treasure-island.epub', chapter: 3, why: 'first-person narrator' },
  { book: 'the-wonderful-wizard-of-oz.epub', chapter: 6, why: 'characters known by role' },
  { book: 'dracula.epub', chapter: 2, why: 'a journal' },
  { book: 'emma.epub', chapter: 0, why: 'titles and honorifics' },
  { book: 'a-christmas-carol.epub', chapter: 2, why: 'ghosts known by role' },
];

/** Genres a reader would accept for each book (any of them agrees). */
const GENRE_LABELS: { source: 'corpus' | 'pdnc'; name: string; accept: string[] }[] = [
  { source: 'corpus', name: 'a-christmas-carol.epub', accept: ['ghost story', 'fantasy'] },
  { source: 'corpus', name: 'dracula.epub', accept: ['horror'] },
  { source: 'corpus', name: 'emma.epub', accept: ['romance', 'comedy of manners'] },
  { source: 'corpus', name: 'little-women.txt', accept: ['drama'] },
  { source: 'corpus', name: 'the-hound-of-the-baskervilles.epub', accept: ['mystery'] },
  { source: 'corpus', name: 'the-time-machine.txt', accept: ['science fiction'] },
  { source: 'corpus', name: 'the-wonderful-wizard-of-oz.epub', accept: ['fantasy'] },
  { source: 'corpus', name: 'treasure-island.epub', accept: ['adventure'] },
  { source: 'pdnc', name: 'AnneOfGreenGables', accept: ['drama'] },
  { source: 'pdnc', name: 'ARoomWithAView', accept: ['romance', 'comedy of manners', 'drama'] },
  { source: 'pdnc', name: 'DaisyMiller', accept: ['drama', 'romance', 'comedy of manners'] },
  { source: 'pdnc', name: 'Emma', accept: ['romance', 'comedy of manners'] },
  { source: 'pdnc', name: 'NorthangerAbbey', accept: ['romance', 'comedy of manners'] },
  { source: 'pdnc', name: 'OliverTwist', accept: ['crime', 'drama'] },
  { source: 'pdnc', name: 'Persuasion', accept: ['romance', 'comedy of manners'] },
  { source: 'pdnc', name: 'TheAwakening', accept: ['drama', 'romance'] },
  { source: 'pdnc', name: 'TheInvisibleMan', accept: ['science fiction'] },
  { source: 'pdnc', name: 'TheSignOfTheFour', accept: ['mystery'] },
];

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);

function script(chapter: ChapterText, targetDuration: TargetDuration): Screenplay {
  return buildScreenplay({
    bookTitle: 'Bench',
    chapter,
    options: {
      style: 'cinematic_movie',
      sceneCount: 5,
      targetDuration,
      focusAreas: [],
      storyType: 'three_act',
      includeCharacterProfiles: false,
    },
  });
}

/** For each index of the collapsed text, the index of the same character in the raw text. */
function rawOffsets(raw: string): Int32Array {
  const map = new Int32Array(raw.length + 1);
  let k = 0;
  let i = 0;
  while (i < raw.length && /\s/.test(raw[i]!)) i++;
  for (; i < raw.length; i++) {
    if (/\s/.test(raw[i]!)) {
      let j = i;
      while (j < raw.length && /\s/.test(raw[j]!)) j++;
      if (j >= raw.length) break;
      map[k++] = i;
      i = j - 1;
      continue;
    }
    map[k++] = i;
  }
  return map;
}

/** Lines of the script found, in order, in the chapter's text (whitespace collapsed). */
function locateLines(chapter: string, lines: readonly string[]) {
  const found: { start: number; end: number }[] = [];
  let missing = 0;
  let from = 0;
  for (const line of lines) {
    let at = chapter.indexOf(line, from);
    if (at < 0) at = chapter.indexOf(line);
    if (at < 0) {
      missing++;
      continue;
    }
    found.push({ start: at, end: at + line.length });
    from = at + line.length;
  }
  return { found, missing };
}

const TAG =
  /^[\s,.;:!?—–-]*(?:\S+\s+){0,3}(?:said|says|asked|cried|replied|answered|exclaimed|whispered|returned|continued|added|shouted|remarked|observed|thought|muttered|repeated)\b(?:\s+\S+){0,3}[\s,.;:!?—–-]*$/i;

/**
 * Whether a sentence is carried: at least 90 % of its letters outside speech tags are inside lines
 * of the script. A tag is a stretch of at most seven words outside quotation marks with a speech verb.
 */
function carried(chapter: string, sentence: { start: number; end: number }, covered: Uint8Array): boolean {
  const text = chapter.slice(sentence.start, sentence.end);
  const outside = text.split(/["“”][^"“”]*["“”]?/);
  const tagged = new Uint8Array(text.length);
  let at = 0;
  for (const piece of outside) {
    const index = text.indexOf(piece, at);
    if (piece.trim() && TAG.test(piece)) tagged.fill(1, index, index + piece.length);
    at = index + piece.length;
  }
  let letters = 0;
  let inside = 0;
  for (let i = 0; i < text.length; i++) {
    if (tagged[i] || !/\p{L}/u.test(text[i]!)) continue;
    letters++;
    if (covered[sentence.start + i]) inside++;
  }
  return letters === 0 || inside >= letters * 0.9;
}

/** A character acting in the scene by a simpler reading: named in its narration right before a verb. */
function actsSimply(passage: string, aliases: readonly string[]): boolean {
  for (const alias of aliases) {
    const pattern = new RegExp(
      `(?<![\\p{L}])${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
      'gu',
    );
    for (const match of passage.matchAll(pattern)) {
      const sentenceStart = Math.max(passage.lastIndexOf('.', match.index) + 1, 0);
      const sentenceEnd = passage.indexOf('.', match.index + alias.length);
      const sentence = passage.slice(sentenceStart, sentenceEnd < 0 ? passage.length : sentenceEnd);
      const words = tagWords(sentence);
      const last = alias.split(/\s+/).at(-1)!;
      const k = words.findIndex((w) => w.text === last);
      const next = words.slice(k + 1, k + 4).find((w) => !w.tags.has('Adverb'));
      if (k >= 0 && next?.tags.has('Verb') && !next.tags.has('Modal')) return true;
    }
  }
  return false;
}

async function chapterFigures() {
  console.log('\nScripts of real chapters (cinematic_movie, 5 scenes)');
  const totals = {
    lines: 0,
    verbatim: 0,
    sentences: 0,
    carried: 0,
    dialogue: 0,
    consistent: 0,
    present: 0,
    idle: 0,
  };
  for (const pick of CHAPTERS) {
    const chapters = await corpusBook(pick.book);
    const chapter = chapters[pick.chapter]!;
    const started = performance.now();
    const auto = script(chapter, 'auto');
    const ms = performance.now() - started;
    const text = collapse(chapter.content);
    const spoken = auto.scenes.flatMap((s) => spokenLines(s));
    const { found, missing } = locateLines(
      text,
      spoken.map((l) => collapse(l.text)),
    );
    const covered = new Uint8Array(text.length);
    for (const span of found) covered.fill(1, span.start, span.end);
    const sentences = sentenceSpans(text).filter((s) => /\p{L}/u.test(s.text));
    const carriedCount = sentences.filter((s) => carried(text, s, covered)).length;

    // The engine's attribution of the same chapter, as scripts read it (a description that speaks is
    // a speaker): each line found where it is in the chapter (in order), against the quotation there.
    const cast = findCast(chapter.content);
    const { quotes } = dialogueWithNarrator(chapter.content, cast, { describedSpeakers: true });
    const raw = rawOffsets(chapter.content);
    let from = 0;
    let dialogueLines = 0;
    let consistent = 0;
    for (const line of spoken) {
      const words = collapse(line.text);
      const at = text.indexOf(words, from);
      if (at < 0) continue;
      from = at + words.length;
      if (line.kind !== 'dialogue') continue;
      dialogueLines++;
      const offset = raw[at]!;
      const quote = quotes.find((q: Quote) => q.start <= offset && offset < q.end);
      if (quote?.speaker?.name === line.character) consistent++;
    }
    let present = 0;
    let idle = 0;
    for (const scene of auto.scenes) {
      const passage = chapter.content.slice(scene.source_start, scene.source_end);
      for (const name of scene.characters) {
        present++;
        const character = cast.characters.find((c) => c.name === name);
        const speaks = scene.dialogue.some((d) => d.character === name);
        const narrates = auto.narrator === name && /\b(?:I|we)\b/.test(passage);
        if (!speaks && !narrates && !actsSimply(passage, character?.aliases ?? [name])) idle++;
      }
    }
    const fiveMinutes = script(chapter, 5);
    const leftOut = fiveMinutes.scenes.flatMap((s) => s.omitted ?? []);
    const fiveLines = fiveMinutes.scenes.flatMap((s) => spokenLines(s)).map((l) => collapse(l.text));
    const fiveVerbatim = fiveLines.filter((l) => text.includes(l)).length;

    console.log(
      `  ${pick.book} “${chapter.title}” (${pick.why}; ${chapter.content.split(/\s+/).length} words, ${ms.toFixed(0)} ms): ` +
        `lines verbatim ${pct(spoken.length - missing, spoken.length)}, sentences carried ${pct(carriedCount, sentences.length)}, ` +
        `speakers as attributed ${pct(consistent, dialogueLines)} of ${dialogueLines}, idle characters ${idle} of ${present}; ` +
        `5 min: ${fiveMinutes.estimated_duration} s, ${leftOut.length} passages left out, lines verbatim ${pct(fiveVerbatim, fiveLines.length)}`,
    );
    totals.lines += spoken.length;
    totals.verbatim += spoken.length - missing;
    totals.sentences += sentences.length;
    totals.carried += carriedCount;
    totals.dialogue += dialogueLines;
    totals.consistent += consistent;
    totals.present += present;
    totals.idle += idle;
  }
  console.log(
    `  script lines that are the chapter's own words   ${pct(totals.verbatim, totals.lines).padStart(8)}   target 100 %`,
  );
  console.log(
    `  chapter sentences an auto script speaks         ${pct(totals.carried, totals.sentences).padStart(8)}   target ≥ 90 %`,
  );
  console.log(
    `  dialogue speakers as the engine attributes them ${pct(totals.consistent, totals.dialogue).padStart(8)}   target 100 %`,
  );
  console.log(
    `  characters in a scene who neither act nor speak ${String(totals.idle).padStart(8)}   target 0 (of ${totals.present})`,
  );
}

async function bookFigures() {
  console.log('\nWhole books: genre against a written label, and character descriptions');
  let agree = 0;
  let quoted = 0;
  let fields = 0;
  for (const label of GENRE_LABELS) {
    const chapters = label.source === 'corpus' ? await corpusBook(label.name) : pdncNovel(label.name);
    const genre = detectGenre(sampleChapters(chapters));
    const ok = genre
      .toLowerCase()
      .split(/,\s*/)
      .slice(0, 1)
      .some((g) => label.accept.includes(g));
    if (ok) agree++;
    let line = `  ${label.name.padEnd(36)} ${genre.padEnd(30)} ${ok ? 'agrees' : `DISAGREES (label: ${label.accept.join(' / ')})`}`;
    if (label.source === 'corpus') {
      const overview = buildPlotOverview(chapters);
      const texts = overview.characters.flatMap((c) => [
        c.physical_description,
        c.personality,
        c.character_arc,
        c.want,
        c.ghost,
      ]);
      const withQuotes = texts.filter((t) => /["“”‘]/.test(t));
      fields += texts.length;
      quoted += withQuotes.length;
      line += ` · protagonist ${overview.characters.find((c) => c.role === 'protagonist')?.name ?? '—'}`;
    }
    console.log(line);
  }
  console.log(
    `  genre agreement                                 ${`${agree}/${GENRE_LABELS.length}`.padStart(8)}`,
  );
  console.log(
    `  descriptions with a quotation mark              ${String(quoted).padStart(8)}   target 0 (of ${fields})`,
  );
}

async function main() {
  const missing = sharedMissing();
  if (missing) {
    console.log(`Skipped: ${missing}`);
    return;
  }
  console.log(`Machine: ${machine()}`);
  await chapterFigures();
  await bookFigures();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { tagWords } from '../text/local/nlp';
import { splitSentences } from '../text/sentences';

/**
 * Names a listener can navigate by, for the chapter marks of a narration: a section's own heading
 * when the text has one ("II.", "Part Two", "CHAPTER IV", "1. The Harbour", "The Long Night"), else
 * the part's key phrase (the noun phrase of 2–5 words whose words the part repeats most). Never the
 * first words cut with "…", never the same name twice.
 */

const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last';
const ROMAN = '[ivxlcdm]+';
/** "Part Two", "CHAPTER IV.", "Book 3: The Sea", "Section 2 — Tides". */
const DIVISION = new RegExp(
  `^(part|chapter|section|book|act|scene|canto|volume|stave)\\s+(${ROMAN}|\\d+|${NUMBER_WORDS})\\b`,
  'i',
);
/** "I.", "II", "3.", "12)" on their own. */
const NUMERAL_ONLY = new RegExp(`^(${ROMAN}|\\d{1,3})[.):]?$`, 'i');
/** "1. The Harbour", "IV. A Pale Horse". */
const NUMBERED_TITLE = new RegExp(`^(${ROMAN}|\\d{1,3})[.):]\\s+\\S`, 'i');
const MAX_HEADING_CHARS = 80;
const MAX_HEADING_WORDS = 10;

const wordsOf = (line: string) => line.split(/\s+/).filter(Boolean);
const letters = (line: string) => line.replace(/[^\p{L}]/gu, '');

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'in',
  'on',
  'at',
  'to',
  'for',
  'by',
  'with',
  'from',
  'into',
]);

/** Every word capitalised but the small ones ("The Long Night", "Down the Rabbit-Hole"). */
function isTitleCase(line: string): boolean {
  const words = wordsOf(line).filter((w) => /\p{L}/u.test(w));
  if (!words.length || !/^\p{Lu}/u.test(words[0]!.replace(/^[^\p{L}\d]+/u, ''))) return false;
  return words.every((w, i) => {
    const bare = w.replace(/^[^\p{L}\d]+/u, '');
    return /^[\p{Lu}\d]/u.test(bare) || (i > 0 && SMALL_WORDS.has(bare.toLowerCase()));
  });
}

/**
 * Whether a line reads as a section heading: short, on a line of its own, and numbered, a named
 * division, in capitals, or without the end punctuation a sentence has (a Title Case line may end
 * with a full stop).
 */
export function isHeading(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > MAX_HEADING_CHARS || wordsOf(text).length > MAX_HEADING_WORDS) return false;
  if (!/[\p{L}\d]/u.test(text)) return false;
  // Dialogue and quotations are never headings.
  if (/["“”‘’]|^'|'$/.test(text)) return false;
  if (NUMERAL_ONLY.test(text) || DIVISION.test(text) || NUMBERED_TITLE.test(text)) return true;
  const caps = letters(text);
  if (caps.length >= 3 && caps === caps.toUpperCase() && caps !== caps.toLowerCase()) return true;
  // A sentence inside the line ("Stop. Listen") makes it prose.
  if (/[.!?;…]\s+\S/.test(text)) return false;
  if (/[,;:!?…—–-]$/.test(text) || /[—–]|--/.test(text)) return false;
  if (text.includes(',') && !isTitleCase(text)) return false;
  if (/\.$/.test(text)) return isTitleCase(text.slice(0, -1));
  // A short line, or a Title Case one: a sentence fragment of many words is prose.
  return /^[\p{Lu}\d]/u.test(text) && (isTitleCase(text) || wordsOf(text).length <= 4);
}

/** A heading as a mark's name: "II." → "Part II", "CHAPTER IV" → "Chapter IV", trailing stops dropped. */
export function headingName(heading: string): string {
  let text = heading.trim().replace(/\s+/g, ' ');
  if (NUMERAL_ONLY.test(text)) return `Part ${text.replace(/[.):]$/, '').toUpperCase()}`;
  text = text.replace(/[.:]$/, '');
  const caps = letters(text);
  if (caps.length >= 3 && caps === caps.toUpperCase()) {
    // CHAPTER IV. THE LONG NIGHT → Chapter IV. The Long Night (roman numerals stay capitals).
    const words = text.split(' ');
    text = words
      .map((w, i) => {
        if (new RegExp(`^${ROMAN}[.:)]?$`, 'i').test(w) && i > 0) return w;
        const lower = w.toLowerCase();
        const afterStop = i > 0 && /[.:]$/.test(words[i - 1]!);
        return i > 0 && !afterStop && SMALL_WORDS.has(lower)
          ? lower
          : lower.replace(/\p{L}/u, (c) => c.toUpperCase());
      })
      .join(' ');
  }
  return text;
}

const STOP_WORDS = new Set([
  ...SMALL_WORDS,
  'this',
  'that',
  'these',
  'those',
  'his',
  'her',
  'its',
  'their',
  'our',
  'my',
  'your',
  'some',
  'any',
  'all',
  'each',
  'every',
  'no',
  'other',
  'such',
  'own',
  'same',
  'much',
  'many',
  'more',
  'most',
  'one',
  'thing',
  'things',
  'way',
  'time',
  'moment',
  'day',
  'lot',
  'over',
  'above',
  'under',
  'about',
  'after',
  'before',
  'behind',
  'below',
  'near',
  'upon',
  'being',
]);

const DETERMINERS =
  /^(the|a|an|this|that|these|those|his|her|its|their|our|my|your|some|any|every|each|no)$/i;

const HONORIFIC = /^(mr|mrs|ms|dr|st|sir|lady|lord|miss|captain|professor)$/i;

interface Phrase {
  words: string[];
  /** Position of its first occurrence (earlier wins a tie). */
  at: number;
}

/** Noun phrases of a sentence: adjectives and nouns ending in a noun (determiners dropped), 2–5 words. */
function nounPhrases(sentence: string): string[][] {
  const phrases: string[][] = [];
  let current: { text: string; noun: boolean; proper: boolean }[] = [];
  const flush = () => {
    // Trailing adjectives are cut so the phrase ends in its head noun.
    while (current.length && !current.at(-1)!.noun) current.pop();
    while (current.length && DETERMINERS.test(current[0]!.text)) current.shift();
    if (current.length >= 2 && current.length <= 5) phrases.push(current.map((w) => w.text));
    else if (current.length > 5) phrases.push(current.slice(-5).map((w) => w.text));
    current = [];
  };
  for (const word of tagWords(sentence)) {
    const text = word.text.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
    const tags = word.tags;
    const clean = /^\p{L}[\p{L}'’-]*$/u.test(text) && !text.includes('--');
    const other = ['Verb', 'Pronoun', 'Preposition', 'Adverb', 'Conjunction', 'Determiner'].some((t) =>
      tags.has(t),
    );
    const noun = tags.has('Noun') && !other;
    const modifier = noun || (tags.has('Adjective') && !other);
    // A phrase opens with a determiner, never with a word of the stop list ("own", "much").
    const stopped = !current.length && STOP_WORDS.has(text.toLowerCase());
    if (!clean || !modifier || stopped) {
      flush();
      continue;
    }
    // A name after a common word starts another phrase ("battle" | "Tom").
    const proper = tags.has('ProperNoun');
    if (proper && current.length && !current.at(-1)!.proper) flush();
    const honorific = HONORIFIC.test(text) && word.post.startsWith('.');
    current.push({ text: honorific ? `${text}.` : text, noun, proper: proper || honorific });
    // A phrase ends at punctuation after the word (not the stop of "Mrs. Long").
    if (/[,.;:!?—–()"“”‘’]/.test(honorific ? word.post.slice(1) : word.post)) flush();
  }
  flush();
  return phrases;
}

const MAX_TAGGED_CHARS = 3000;

/**
 * Key phrases of a passage, best first: noun phrases of 2–5 words scored by how often the passage
 * uses their content words (a repeated phrase counts again), ties to the earlier one.
 */
export function keyPhrases(text: string): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\d'’-]+/gu) ?? []) {
    if (word.length > 2 && !STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const found = new Map<string, Phrase & { count: number }>();
  let position = 0;
  let tagged = 0;
  for (const sentence of splitSentences(text)) {
    if (tagged > MAX_TAGGED_CHARS) break;
    tagged += sentence.length;
    for (const words of nounPhrases(sentence)) {
      const key = words.join(' ').toLowerCase();
      const seen = found.get(key);
      if (seen) seen.count++;
      else found.set(key, { words, at: position++, count: 1 });
    }
  }
  const score = (phrase: Phrase & { count: number }) => {
    const content = phrase.words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
    if (content.length < 1) return 0;
    const weight = content.reduce((sum, w) => sum + (counts.get(w.toLowerCase()) ?? 0), 0) / content.length;
    return weight * (1 + 0.5 * (phrase.count - 1)) * (content.length >= 2 ? 1.2 : 1);
  };
  return [...found.values()]
    .map((phrase) => ({ phrase, score: score(phrase) }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.phrase.at - b.phrase.at)
    .map(({ phrase }) => {
      const text = phrase.words.join(' ');
      return text.charAt(0).toUpperCase() + text.slice(1);
    });
}

/** The heading a part opens with (two heading lines, "II." then "The Bell", read as one), if any. */
export function openingHeading(text: string): string | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines[0] || !isHeading(lines[0])) return null;
  const first = headingName(lines[0]);
  // "II." then "The Bell" (with text after them) read as one heading: "II. The Bell".
  if (lines.length > 2 && lines[1] && isHeading(lines[1])) {
    if (NUMERAL_ONLY.test(lines[0]))
      return `${lines[0].replace(/[.):]$/, '').toUpperCase()}. ${headingName(lines[1])}`;
    if (DIVISION.test(lines[0])) return `${first}: ${headingName(lines[1])}`;
  }
  return first;
}

/**
 * A name for each part: its opening heading, or the heading it continues with the part's key phrase
 * after it, or the key phrase alone; no two alike (the next key phrase, else a number), never empty.
 */
export function markNames(parts: string[]): string[] {
  const used = new Set<string>();
  const names: string[] = [];
  let section: string | null = null;
  for (const [index, text] of parts.entries()) {
    const heading = openingHeading(text);
    if (heading) section = heading;
    const candidates: string[] = [];
    if (heading) candidates.push(heading);
    const phrases = heading ? [] : keyPhrases(text);
    for (const phrase of phrases.slice(0, 6)) candidates.push(section ? `${section}: ${phrase}` : phrase);
    let name = candidates.find((c) => !used.has(c.toLowerCase()));
    if (!name) {
      const base = candidates[0] ?? section ?? `Part ${index + 1}`;
      name = base;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    }
    used.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/**
 * Quizzes built from the text's own sentences, with several kinds of question: who did or said
 * something (people of the text), what someone did something to (things), which place or number
 * completes a sentence, whether a statement is true or false, which of several events comes first
 * or last, a key word to fill in, why something happened, and which statement is (not) true.
 *
 * Wrong options are of the same type as the answer — a person for a person, a place for a place, a
 * near number written the same way, a noun in the same number — drawn from the text first and from
 * a small stock list only when the text has too few. No wrong option appears in the sentence that
 * answers the question, none is another name of the answer, and none repeats another
 * (case-insensitively). Every explanation quotes the sentence that answers the question.
 */
import { EngineError } from '../../types';
import {
  TRUE_FALSE_OPTIONS,
  type Quiz,
  type QuizDifficulty,
  type QuizInput,
  type QuizQuestion,
  type QuizQuestionKind,
} from '../types';
import { createRandom, hashString, type Random } from '../../random';
import { extractDialogue, type Quote } from './dialogue';
import { NAME_TITLES } from './lexicon';
import { scanEntities } from './entities';
import { findCast, type Character } from './names';
import { infinitive, tagWords, type TaggedWord } from './nlp';
import { findNamedPlaces } from './places';
import { findNumbers, nearNumbers, STOCK_PEOPLE, STOCK_PLACES, type NumberMention } from './quiz-options';
import { sentenceSpans, STOP_WORDS, type TextSpan } from '../sentences';
import { articleFor, capitalise, escapeRegExp } from '../strings';
import { assertChapterText, assertDifficulty, assertQuestionCount } from '../validate';

export { countQuestionKinds, questionKind } from '../quiz-kinds';

/** Longer texts are sampled from the start: enough sentences for twenty questions. */
const QUIZ_SAMPLE_CHARS = 300_000;
/** The rest of the book, read for people and places the chapter lacks. */
const QUIZ_CONTEXT_CHARS = 60_000;
const OPTIONS = 4;
const TITLES = [...NAME_TITLES.keys()].map((t) => t.charAt(0).toUpperCase() + t.slice(1)).join('|');
const NOUN_POOL_SENTENCES = 80;
const MAX_STATEMENTS = 150;
/** Longest sentence offered whole as an option (order-of-events questions). */
const MAX_OPTION_CHARS = 170;
/** Words that tag as nouns but stand for anything: never an answer or a wrong option. */
const INDEFINITES = new Set(
  'nothing anything something everything nobody somebody anybody everybody none someone anyone everyone thing things way ways sort kind lot'.split(
    ' ',
  ),
);
const PLACE_BEFORE =
  /\b(?:at|in|into|to|from|near|reached|reach|visited|toward|towards|for|of|round|across|through|leaving|left)\s+(?:the\s+)?$/i;
/** Words that may follow a noun used as a noun ("the door and", "Teneriffe, but"), not as an adjective. */
const AFTER_NOUN =
  /^(?:\s*[.,;:!?’'”)—–-]|\s*$|\s+(?:of|in|and|or|but|was|were|is|are|had|has|with|to|from|on|at|for|by|as|into|that|which|who|under|over|upon|before|after|behind|near|she|he|it|they|we|i|you|there|where|when)\b)/i;
const DETERMINER_BEFORE =
  /\b(?:the|a|an|his|her|its|their|my|our|your|this|that|these|those|no|some|every|each|any|many|few|several|such)\s+$/i;

interface Candidate {
  kind: QuizQuestionKind;
  question: string;
  answer: string;
  distractors: string[];
  explanation: string;
  source: string;
  /** Sentence the question uses, so no sentence is asked about twice. */
  key: string;
  /** True/false questions keep their two options in the order "True", "False". */
  fixedOptions?: readonly string[];
}

interface Material {
  text: string;
  lowerText: string;
  /** Every sentence, whitespace folded, in text order. */
  sentences: string[];
  sentenceSet: ReadonlySet<string>;
  spans: TextSpan[];
  /** Index of each sentence written once in the text (a repeated one has no single place). */
  position: Map<string, number>;
  /** Different narrative sentences of a good length for questions (a shuffled sample). */
  statements: string[];
  people: Character[];
  places: string[];
  /** People and places of the rest of the book that the chapter does not name. */
  bookPeople: string[];
  bookPlaces: string[];
  /** Stock names and places the chapter and the rest of the book never write (else they would be real ones). */
  stockPeople: string[];
  stockPlaces: string[];
  quotes: Quote[];
  nouns: Map<string, { count: number; plural: boolean }>;
  random: Random;
}

type Generator = (m: Material) => Candidate[];

export function buildQuiz(input: QuizInput): Quiz {
  const text = assertChapterText(input.text, 'The text');
  const count = assertQuestionCount(input.numQuestions);
  const difficulty = assertDifficulty(input.difficulty);
  const seed = input.seed ?? hashString(text.slice(0, 10_000));
  const context = input.context?.trim() ? input.context.slice(0, QUIZ_CONTEXT_CHARS) : undefined;
  const material = prepare(text.slice(0, QUIZ_SAMPLE_CHARS), seed, context);

  // Generators are asked in turn, so every quiz of several questions mixes kinds; a generator
  // named twice gets two turns per round.
  const plan: Record<QuizDifficulty, { primary: Generator[]; fallback: Generator[] }> = {
    easy: {
      primary: [whoDid, whereQuestion, trueOrFalse, whoSaid, numberQuestion, orderOfEvents, whatQuestion],
      fallback: [cloze, trueStatement],
    },
    medium: {
      primary: [
        cloze,
        whatQuestion,
        trueOrFalse,
        whereQuestion,
        cloze,
        numberQuestion,
        orderOfEvents,
        whoSaid,
      ],
      fallback: [whoDid, trueStatement],
    },
    hard: {
      primary: [
        trueStatement,
        falseStatement,
        orderOfEvents,
        causeAndEffect,
        trueOrFalse,
        cloze,
        numberQuestion,
      ],
      fallback: [whoDid, whoSaid, whereQuestion],
    },
  };
  const chosen = pickQuestions(plan[difficulty], material, count);
  if (chosen.length === 0) {
    throw new EngineError(
      'invalid_input',
      'This text is too short to build a quiz from. Add more text and try again.',
    );
  }
  return {
    title: quizTitle(input.title),
    difficulty,
    questions: chosen.map((c, i) => toQuestion(c, i, material.random)),
  };
}

export function quizTitle(title: string | undefined): string {
  return `${title?.trim() || 'Reading'} quiz`;
}

/** The people and places of a text the quiz can name (see `prepare`). */
function peopleAndPlaces(
  text: string,
  scan = scanEntities(text),
  cast = findCast(text, { scan }),
): { people: Character[]; places: string[] } {
  // "St. Helena" is a place; "Dinah’ll" is Dinah with a contraction, not a second person.
  const saintly = /^(?:St\.?|Saint|Fort|Mount|Cape|Port)\s/;
  const people = cast.characters.filter(
    (c) =>
      !saintly.test(c.name) &&
      !/['’](?:ll|s|d|ve|re|m)$/.test(c.name) &&
      c.aliases.length > 0 &&
      !onlyInPlaceNames(text, c.name) &&
      !onlyAfterPlaceWords(text, c.name),
  );
  const places = [
    ...findNamedPlaces(text, scan).map((p) => p.key),
    ...cast.characters
      .filter((c) => saintly.test(c.name) || onlyAfterPlaceWords(text, c.name))
      .map((c) => c.name),
  ].filter((p) => !people.some((c) => c.aliases.includes(p)) && usedAsPlace(text, p));
  return { people, places: [...new Set(places)] };
}

function prepare(text: string, seed: number, context: string | undefined): Material {
  const scan = scanEntities(text);
  const cast = findCast(text, { scan });
  const quotes = extractDialogue(text, cast);
  const spans = sentenceSpans(text);
  const sentences = spans.map((s) => s.text.replace(/\s+/g, ' '));
  const random = createRandom(seed);
  const seen = new Map<string, number>();
  sentences.forEach((s) => seen.set(s, (seen.get(s) ?? 0) + 1));
  const position = new Map<string, number>();
  sentences.forEach((s, i) => {
    if (seen.get(s) === 1) position.set(s, i);
  });
  // A sample keeps question building fast on long chapters; twenty questions need far fewer.
  const inDialogue = (span: TextSpan) => quotes.some((q) => q.start < span.end && span.start < q.end);
  const statements = random
    .shuffle([
      ...new Set(
        sentences.filter(
          (s, i) =>
            !inDialogue(spans[i]!) &&
            !/["“”‘]/.test(s) &&
            s.length >= 40 &&
            s.length <= 240 &&
            /^\p{Lu}/u.test(s) &&
            /[.!]$/.test(s),
        ),
      ),
    ])
    .slice(0, MAX_STATEMENTS);

  const { people, places } = peopleAndPlaces(text, scan, cast);
  const book = context ? peopleAndPlaces(context) : { people: [], places: [] };
  const chapterAliases = new Set(people.flatMap((c) => c.aliases));
  return {
    text,
    lowerText: text.toLowerCase().replace(/\s+/g, ' '),
    sentences,
    sentenceSet: new Set(sentences),
    spans,
    position,
    statements,
    people,
    places,
    bookPeople: book.people.filter((c) => !c.aliases.some((a) => chapterAliases.has(a))).map((c) => c.name),
    bookPlaces: book.places.filter((p) => !places.includes(p)),
    stockPeople: STOCK_PEOPLE.filter((n) => !mentions(text, n) && !mentions(context ?? '', n)),
    stockPlaces: STOCK_PLACES.filter((n) => !mentions(text, n) && !mentions(context ?? '', n)),
    quotes,
    nouns: nounPool(statements, random, text),
    random,
  };
}

const PLACE_OF =
  /\b(?:island|isle|islands|town|city|port|coast|valley|river|county|village|kingdom|country|province|shores?|rocks?|bay|cape)\s+of\s+$/i;

/** "Fernando Noronha" of "the island of Fernando Noronha": a place the name finder took for a person. */
function onlyAfterPlaceWords(text: string, name: string): boolean {
  const uses = [...text.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'gu'))];
  return uses.length > 0 && uses.every((u) => PLACE_OF.test(text.slice(Math.max(0, u.index - 30), u.index)));
}

/** "Lincoln" of "Lincoln's Inn": a name the text only uses inside the name of a place. */
function onlyInPlaceNames(text: string, name: string): boolean {
  const uses = [
    ...text.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])(.{0,12})`, 'gu')),
  ];
  return uses.length > 0 && uses.every((u) => /^['’]s\s+\p{Lu}/u.test(u[1]!));
}

const pluralCache = new Map<string, boolean>();

/** Whether a noun is plural, read in one frame for every noun so answer and options agree. */
function isPlural(noun: string): boolean {
  let plural = pluralCache.get(noun);
  if (plural === undefined) {
    plural = tagWords(`the ${noun} was there`)[1]?.tags.has('Plural') ?? false;
    if (pluralCache.size > 5000) pluralCache.clear();
    pluralCache.set(noun, plural);
  }
  return plural;
}

/** A word the tagger calls a plain noun here: not a name, pronoun, gerund, adjective or adverb. */
function isPlainNoun(word: TaggedWord): boolean {
  return (
    word.tags.has('Noun') &&
    !word.tags.has('Pronoun') &&
    !word.tags.has('ProperNoun') &&
    !word.tags.has('Gerund') &&
    !word.tags.has('Adjective') &&
    !word.tags.has('Adverb') &&
    !word.tags.has('Verb') &&
    /^\p{Ll}{4,}$/u.test(word.text) &&
    !/(?:ing|ly|wards?)$/.test(word.text) &&
    !STOP_WORDS.has(word.text) &&
    !INDEFINITES.has(word.text)
  );
}

/**
 * Nouns of the text with their frequency, from a sample of its sentences (tagging is slow). A word
 * the tagger also reads as a verb, adjective or adverb somewhere ("watch", "round") is left out, so
 * a wrong option is never a verb among nouns.
 */
function nounPool(statements: readonly string[], random: Random, text: string): Material['nouns'] {
  const pool: Material['nouns'] = new Map();
  const other = new Set<string>();
  const sample =
    statements.length <= NOUN_POOL_SENTENCES
      ? statements
      : random.shuffle(statements).slice(0, NOUN_POOL_SENTENCES);
  for (const sentence of sample) {
    for (const word of tagWords(sentence)) {
      const lower = word.text.toLowerCase();
      if (!isPlainNoun(word)) {
        if (/^\p{L}+$/u.test(word.text)) other.add(lower);
        continue;
      }
      pool.set(lower, { count: (pool.get(lower)?.count ?? 0) + 1, plural: isPlural(lower) });
    }
  }
  for (const word of other) pool.delete(word);
  for (const [word, info] of pool) if (!usedAsNoun(text, word, info.plural)) pool.delete(word);
  return pool;
}

/** Somewhere in the text the word stands as a noun: after a determiner (plurals need none), before a pause or a function word. */
function usedAsNoun(text: string, word: string, plural: boolean): boolean {
  for (const at of text.matchAll(new RegExp(`(?<![\\p{L}-])${escapeRegExp(word)}(?![\\p{L}-])`, 'giu'))) {
    const before = text.slice(Math.max(0, at.index - 40), at.index);
    const after = text.slice(at.index + word.length, at.index + word.length + 40);
    if ((plural || DETERMINER_BEFORE.test(before)) && AFTER_NOUN.test(after)) return true;
  }
  return false;
}

/** Somewhere the name stands as a place ("reached Teneriffe,"), not as an adjective ("the Peninsular war"). */
function usedAsPlace(text: string, place: string): boolean {
  for (const at of text.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegExp(place)}(?![\\p{L}])`, 'gu'))) {
    const before = text.slice(Math.max(0, at.index - 40), at.index);
    const after = text.slice(at.index + place.length, at.index + place.length + 40);
    if (PLACE_BEFORE.test(before) && AFTER_NOUN.test(after)) return true;
  }
  return false;
}

/**
 * Questions from the generators in turn. While the plan's generators have candidates, no kind
 * takes more than two fifths of the quiz (so a quiz of four or more always mixes kinds when the
 * text allows); the fallback generators come next, and only then is the cap lifted.
 */
function pickQuestions(
  plan: { primary: Generator[]; fallback: Generator[] },
  m: Material,
  count: number,
): Candidate[] {
  const usedKeys = new Set<string>();
  const chosen: Candidate[] = [];
  const perKind = new Map<QuizQuestionKind, number>();
  const queues = new Map<Generator, Candidate[]>();
  const queueOf = (g: Generator) => {
    let queue = queues.get(g);
    if (!queue) queues.set(g, (queue = m.random.shuffle(g(m))));
    return queue;
  };
  const take = (generators: Generator[], cap: number) => {
    let progress = true;
    while (chosen.length < count && progress) {
      progress = false;
      for (const generator of generators) {
        if (chosen.length >= count) break;
        const queue = queueOf(generator);
        const index = queue.findIndex((c) => !usedKeys.has(c.key) && (perKind.get(c.kind) ?? 0) < cap);
        if (index < 0) continue;
        const [next] = queue.splice(index, 1);
        usedKeys.add(next!.key);
        perKind.set(next!.kind, (perKind.get(next!.kind) ?? 0) + 1);
        chosen.push(next!);
        progress = true;
      }
    }
  };
  const cap = Math.max(1, Math.ceil(count * 0.4));
  take(plan.primary, cap);
  take(plan.fallback, cap);
  take([...plan.primary, ...plan.fallback], count);
  return chosen;
}

function toQuestion(c: Candidate, index: number, random: Random): QuizQuestion {
  const options = c.fixedOptions
    ? [...c.fixedOptions]
    : random.shuffle([c.answer, ...c.distractors.slice(0, OPTIONS - 1)]);
  return {
    id: `q${index + 1}`,
    kind: c.kind,
    question: c.question,
    options,
    answer_index: options.indexOf(c.answer),
    explanation: c.explanation,
    source_excerpt: c.source,
  };
}

/**
 * Three wrong options that differ from the answer, from each other (case-insensitively) and from
 * every word of `excluded` (the answering sentence: an option written there could also fit).
 * Pools are tried in order (the text's own first); within a pool, in random order unless `ordered`.
 */
function distinctDistractors(
  answer: string,
  pools: readonly (readonly string[])[],
  random: Random,
  options: { excluded?: string; ordered?: boolean; accept?: (option: string) => boolean } = {},
): string[] | undefined {
  const seen = new Set([normalise(answer)]);
  const excluded = options.excluded ? ` ${normalise(options.excluded)} ` : '';
  const picked: string[] = [];
  for (const pool of pools) {
    for (const option of options.ordered ? pool : random.shuffle(pool)) {
      const key = normalise(option);
      if (seen.has(key) || !key) continue;
      if (excluded && excluded.includes(` ${key} `)) continue;
      // Checked last and only as needed: it may search the whole text.
      if (options.accept && !options.accept(option)) continue;
      seen.add(key);
      picked.push(option);
      if (picked.length === OPTIONS - 1) return picked;
    }
  }
  return undefined;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function says(sentence: string): string {
  return `The text says: “${sentence}”`;
}

function mentions(sentence: string, name: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'u').test(sentence);
}

/**
 * People of the chapter not named in the sentence, then people of the rest of the book, then stock
 * names the book never uses. Never another name of the answer ("Fogg" for "Phileas Fogg").
 */
function personPools(m: Material, sentence: string, answer: Character): string[][] {
  const fits = (name: string) =>
    mentions(sentence, name) ||
    name.split(/\s+/).some((w) => answer.aliases.some((a) => a.split(/\s+/).includes(w)));
  const others = m.people
    .filter(
      (c) => c !== answer && !c.aliases.some((a) => mentions(sentence, a) || answer.aliases.includes(a)),
    )
    .map((c) => c.name)
    .filter((n) => !fits(n));
  const book = m.bookPeople.filter((n) => !fits(n));
  return [others, book, m.stockPeople];
}

function placePools(m: Material, sentence: string, answer: string): string[][] {
  const others = m.places.filter((p) => p !== answer && !mentions(sentence, p));
  const book = m.bookPlaces.filter((p) => p !== answer && !mentions(sentence, p));
  return [others, book, m.stockPlaces];
}

function aliasPattern(characters: readonly Character[]): RegExp | undefined {
  const aliases = characters.flatMap((c) => c.aliases).sort((a, b) => b.length - a.length);
  return aliases.length
    ? new RegExp(`^(?:(?:${TITLES})\\.?\\s+)?(${aliases.map(escapeRegExp).join('|')})\\s+(.+?)[.!?]$`, 'u')
    : undefined;
}

function characterByAlias(characters: readonly Character[], alias: string): Character | undefined {
  return characters.find((c) => c.aliases.includes(alias));
}

/** "Nell climbed the stairs." → "Who climbed the stairs?" */
const whoDid: Generator = (m) => {
  const pattern = aliasPattern(m.people);
  if (!pattern) return [];
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const character = characterByAlias(m.people, match[1]!);
    // "opened the door: she knelt down …" asks only about the first clause.
    const predicate = match[2]!.split(/\s*[:;]\s*/)[0]!.replace(/,$/, '');
    if (
      !character ||
      character.aliases.some((a) => mentions(predicate, a)) ||
      predicate.split(' ').length < 3 ||
      predicate.split(' ').length > 24
    )
      continue;
    const first = tagWords(predicate.split(' ').slice(0, 3).join(' '))[0];
    if (!first?.tags.has('Verb')) continue;
    const distractors = distinctDistractors(character.name, personPools(m, sentence, character), m.random, {
      excluded: sentence,
    });
    if (!distractors) continue;
    candidates.push({
      kind: 'who',
      question: `Who ${predicate}?`,
      answer: character.name,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

/**
 * The sentences of the text a quotation is written in, with its speech tag: from the sentence it
 * starts in to the one it ends in, and the next one when the tag follows ("‘Oh dear!’ … said Nell.").
 */
function quotePassage(m: Material, quote: Quote): string | undefined {
  const first = m.spans.findIndex((s) => s.start <= quote.start && quote.start < s.end);
  if (first < 0) return undefined;
  let last = first;
  while (last + 1 < m.spans.length && m.spans[last]!.end < quote.end) last++;
  const named = (i: number) =>
    quote.speaker!.aliases.some((a) =>
      mentions(
        m.spans
          .slice(first, i + 1)
          .map((s) => s.text)
          .join(' '),
        a,
      ),
    );
  if (!named(last) && last + 1 < m.spans.length && named(last + 1)) last++;
  if (!named(last)) return undefined;
  return m.spans
    .slice(first, last + 1)
    .map((s) => s.text)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** A line of dialogue with a reliable speech tag → "Who says …?" */
const whoSaid: Generator = (m) =>
  m.quotes
    .filter((q) => q.speaker && q.attribution === 'tag' && m.people.includes(q.speaker))
    .filter((q) => {
      const words = q.text.split(/\s+/).length;
      return words >= 5 && words <= 30 && !q.speaker!.aliases.some((a) => mentions(q.text, a));
    })
    .flatMap((q) => {
      const sentence = quotePassage(m, q);
      if (!sentence || sentence.length > 400) return [];
      const distractors = distinctDistractors(
        q.speaker!.name,
        personPools(m, sentence, q.speaker!),
        m.random,
        {
          excluded: sentence,
        },
      );
      if (!distractors) return [];
      return [
        {
          kind: 'who' as const,
          question: `Who says: “${q.text}”`,
          answer: q.speaker!.name,
          distractors,
          explanation: says(sentence),
          source: sentence,
          key: q.text,
        },
      ];
    });

/** A sentence naming a place after a preposition ("reached Teneriffe"), the place blanked. */
const whereQuestion: Generator = (m) => {
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const place = m.places.find((p) => {
      const at = new RegExp(`(?<![\\p{L}])${escapeRegExp(p)}(?![\\p{L}])`, 'u').exec(sentence);
      return at !== null && PLACE_BEFORE.test(sentence.slice(0, at.index));
    });
    if (!place) continue;
    const distractors = distinctDistractors(place, placePools(m, sentence, place), m.random, {
      excluded: sentence,
    });
    if (!distractors) continue;
    candidates.push({
      kind: 'where',
      question: `Which place completes the sentence? “${blank(sentence, place)}”`,
      answer: place,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

/** A year, date or count blanked; wrong options are the nearest numbers written the same way. */
const numberQuestion: Generator = (m) => {
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const numbers = findNumbers(sentence);
    const mention = numbers.find((n) => n.format !== 'words' || n.value >= 2) ?? undefined;
    if (!mention) continue;
    const near = nearNumbers(mention).filter(
      (n) => !numbers.some((o) => o.text.toLowerCase() === n.toLowerCase()),
    );
    const distractors = distinctDistractors(mention.text, [near], m.random, {
      excluded: sentence,
      ordered: true,
    });
    if (!distractors) continue;
    const what = mention.format === 'year' ? 'year' : mention.format === 'ordinal' ? 'date' : 'number';
    candidates.push({
      kind: 'number',
      question: `Which ${what} completes the sentence? “${blankAt(sentence, mention)}”`,
      answer: mention.text,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

function blankAt(sentence: string, mention: NumberMention): string {
  return `${sentence.slice(0, mention.index)}_____${sentence.slice(mention.index + mention.text.length)}`;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'his', 'her', 'its', 'their', 'my', 'our']);

/**
 * "Alice opened the door and …" → "What did Alice open?", the answer "the door" and wrong options
 * "the <noun>" from the text in the same number, none of which the text says she opened.
 */
const whatQuestion: Generator = (m) => {
  const pattern = aliasPattern(m.people);
  if (!pattern) return [];
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const character = characterByAlias(m.people, match[1]!);
    if (!character) continue;
    const words = tagWords(match[2]!);
    const verb = words[0];
    if (!verb?.tags.has('PastTense') || /^(?:was|were|had|did)$/i.test(verb.text)) continue;
    let i = 1;
    const particle = words[i]?.tags.has('Particle') || /^(?:up|down|out|off)$/i.test(words[i]?.text ?? '');
    if (particle) i++;
    const determiner = words[i]?.text.toLowerCase();
    if (!determiner || !DETERMINERS.has(determiner) || words[i]!.post.trim()) continue;
    const noun = words[i + 1];
    if (!noun || !isPlainNoun(noun) || noun.post.trim() === '-') continue;
    const plural = isPlural(noun.text);
    const verbText = `${verb.text}${particle ? ` ${words[1]!.text}` : ''}`.toLowerCase();
    // A thing the text also says was done with this verb could also fit.
    const sameVerb = [...m.lowerText.matchAll(new RegExp(`\\b${escapeRegExp(verbText)}\\b(.{0,40})`, 'g'))]
      .map((x) => x[1]!)
      .join(' ');
    const pool = [...m.nouns.entries()]
      .filter(([n, info]) => info.plural === plural && n !== noun.text && !mentions(sameVerb, n))
      .map(([n]) => `${determiner === 'a' || determiner === 'an' ? articleFor(n) : determiner} ${n}`);
    const answer = `${determiner} ${noun.text}`;
    const distractors = distinctDistractors(answer, [pool], m.random, { excluded: sentence });
    if (!distractors) continue;
    const action = `${infinitive(verb.text)}${particle ? ` ${words[1]!.text.toLowerCase()}` : ''}`;
    candidates.push({
      kind: 'what',
      question: `What did ${character.name} ${action}?`,
      answer,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

/** A key noun of a sentence blanked out; options are nouns of the text in the same number. */
const cloze: Generator = (m) => {
  const pool = [...m.nouns.keys()];
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const words = sentence.split(/\s+/).length;
    if (words < 8 || words > 35) continue;
    const best = tagWords(sentence)
      .filter(isPlainNoun)
      .sort(
        (a, b) =>
          (m.nouns.get(b.text)?.count ?? 0) - (m.nouns.get(a.text)?.count ?? 0) ||
          b.text.length - a.text.length,
      )[0];
    if (!best) continue;
    const term = best.text;
    const plural = isPlural(best.text);
    const gap = blank(sentence, term);
    const [before = '', after = ''] = gap.toLowerCase().split('_____');
    const lead = before.trim().split(/\s+/).slice(-2).join(' ');
    const tail = after.trim().split(/\s+/).slice(0, 2).join(' ');
    // A noun the text also writes in the same place ("like a tunnel" for "like a _____") could fit.
    const fits = (n: string) =>
      (lead && m.lowerText.includes(`${lead} ${n}`)) || (tail && m.lowerText.includes(`${n} ${tail}`));
    const sameKind = pool.filter((n) => n !== term && m.nouns.get(n)!.plural === plural);
    const distractors = distinctDistractors(term, [sameKind], m.random, {
      excluded: sentence,
      accept: (n) => !fits(n),
    });
    if (!distractors) continue;
    candidates.push({
      kind: 'fill_blank',
      question: `Complete the sentence from the text: “${gap}”`,
      answer: term,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

function matchCase(word: string, like: string): string {
  return /^\p{Lu}/u.test(like) ? capitalise(word) : word;
}

function blank(sentence: string, term: string): string {
  return sentence.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(term)}(?![\\p{L}])`, 'u'), '_____');
}

/** A sentence with one person, place or number swapped: what was swapped, for what. */
export interface Swap {
  statement: string;
  original: string;
  replacement: string;
}

/**
 * A false version of a true sentence: one person swapped for another person of the text, a place
 * for another place, or a number for a near number. Undefined when the sentence has none of them.
 */
function swapEntity(sentence: string, m: Material): Swap | undefined {
  const tries = m.random.shuffle(['person', 'place', 'number'] as const);
  for (const kind of tries) {
    const swap =
      kind === 'person'
        ? swapPerson(sentence, m)
        : kind === 'place'
          ? swapPlace(sentence, m)
          : swapNumber(sentence);
    if (swap && swap.statement !== sentence && !m.sentenceSet.has(swap.statement)) return swap;
  }
  return undefined;
}

function swapPerson(sentence: string, m: Material): Swap | undefined {
  const character = m.people.find((c) => c.aliases.some((a) => mentions(sentence, a)));
  if (!character) return undefined;
  const others = m.people.filter(
    (c) => c !== character && !c.aliases.some((a) => mentions(sentence, a) || character.aliases.includes(a)),
  );
  if (others.length === 0) return undefined;
  // The whole name goes, title included: "Mrs. Pell" becomes "Morrow", not "Mrs. Morrow".
  const names = character.aliases.map(escapeRegExp).join('|');
  const pattern = new RegExp(`(?:\\b(?:${TITLES})\\.?\\s+)?(?<![\\p{L}])(?:${names})(?![\\p{L}])`, 'u');
  const found = pattern.exec(sentence);
  if (!found) return undefined;
  const replacement = m.random.pick(others).name;
  return {
    statement: sentence.slice(0, found.index) + replacement + sentence.slice(found.index + found[0].length),
    original: found[0],
    replacement,
  };
}

function swapPlace(sentence: string, m: Material): Swap | undefined {
  const place = m.places.find((p) => mentions(sentence, p));
  const others = m.places.filter((p) => p !== place && !mentions(sentence, p) && !place?.includes(p));
  if (!place || others.length === 0) return undefined;
  const replacement = m.random.pick(others);
  return { statement: sentence.replace(place, replacement), original: place, replacement };
}

function swapNumber(sentence: string): Swap | undefined {
  const numbers = findNumbers(sentence);
  const mention = numbers[0];
  if (!mention) return undefined;
  const near = nearNumbers(mention, 2).filter(
    (n) => !numbers.some((o) => o.text.toLowerCase() === n.toLowerCase()),
  );
  if (near.length === 0) return undefined;
  const replacement = near[0]!;
  return {
    statement:
      sentence.slice(0, mention.index) + replacement + sentence.slice(mention.index + mention.text.length),
    original: mention.text,
    replacement,
  };
}

/** Falsehoods for "which is true/NOT true": an entity or number swap, else a noun of the same number. */
function falsify(sentence: string, m: Material): string | undefined {
  const swap = swapEntity(sentence, m);
  if (swap) return swap.statement;
  const noun = [...m.nouns.keys()].find((n) => new RegExp(`\\b${n}\\b`).test(sentence));
  if (!noun) return undefined;
  const plural = m.nouns.get(noun)!.plural;
  const otherNouns = [...m.nouns.entries()].filter(
    ([n, info]) => n !== noun && info.plural === plural && !sentence.includes(n),
  );
  if (otherNouns.length === 0) return undefined;
  const other = m.random.pick(otherNouns)[0];
  // "a manufacturer" becomes "an information", not "a information".
  const altered = sentence.replace(
    new RegExp(`(\\b(?:a|an|A|An)\\s+)?\\b${noun}\\b`),
    (_, article?: string) => (article ? `${matchCase(articleFor(other), article.trim())} ` : '') + other,
  );
  return altered !== sentence && !m.sentenceSet.has(altered) ? altered : undefined;
}

/**
 * "True or false?" on a sentence of the text, or on the sentence with a person, place or number
 * swapped. About half are false; a sentence with nothing to swap can only be asked as true.
 */
const trueOrFalse: Generator = (m) => {
  const candidates: Candidate[] = [];
  let falseOnes = 0;
  for (const sentence of m.statements) {
    if (sentence.length > 200) continue;
    const wantFalse = falseOnes * 2 <= candidates.length;
    const swap = wantFalse ? swapEntity(sentence, m) : undefined;
    if (swap) falseOnes++;
    const statement = swap?.statement ?? sentence;
    const [answer] = swap ? TRUE_FALSE_OPTIONS.slice(1) : TRUE_FALSE_OPTIONS;
    candidates.push({
      kind: 'true_false',
      question: `True or false? “${statement}”`,
      answer: answer!,
      distractors: [],
      explanation: swap
        ? `False: the text names ${swap.original} here, not ${swap.replacement}. ${says(sentence)}`
        : `True. ${says(sentence)}`,
      source: sentence,
      key: sentence,
      fixedOptions: TRUE_FALSE_OPTIONS,
    });
  }
  return candidates;
};

/**
 * "Which of these happens first (or last) in the text?": four sentences of the text far enough
 * apart; the answer is the earliest (or latest) of them.
 */
const orderOfEvents: Generator = (m) => {
  const events = m.statements
    // Only sentences written once have a place in the text's order.
    .filter(
      (s) =>
        m.position.has(s) &&
        s.length <= MAX_OPTION_CHARS &&
        !/^(?:But|And|Or|So|Then|This|It|That)\b/.test(s),
    )
    .map((s) => ({ sentence: s, at: m.position.get(s)! }))
    .sort((a, b) => a.at - b.at);
  const candidates: Candidate[] = [];
  for (const [i, anchor] of events.entries()) {
    const first = events.length - i - 1 >= OPTIONS - 1;
    const pool = (first ? events.slice(i + 1) : events.slice(0, i)).filter(
      (e) => Math.abs(e.at - anchor.at) >= 2,
    );
    const others: typeof events = [];
    for (const e of m.random.shuffle(pool)) {
      if ([anchor, ...others].every((o) => Math.abs(o.at - e.at) >= 2)) others.push(e);
      if (others.length === OPTIONS - 1) break;
    }
    if (others.length < OPTIONS - 1) continue;
    const distractors = distinctDistractors(anchor.sentence, [others.map((o) => o.sentence)], m.random, {
      ordered: true,
    });
    if (!distractors) continue;
    candidates.push({
      kind: 'order',
      question: `Which of these happens ${first ? 'first' : 'last'} in the text?`,
      answer: anchor.sentence,
      distractors,
      explanation: `The text tells this ${first ? 'before' : 'after'} the others: “${anchor.sentence}”`,
      source: anchor.sentence,
      key: anchor.sentence,
    });
  }
  return candidates;
};

const trueStatement: Generator = (m) => {
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const others = m.random.shuffle(m.statements.filter((s) => s !== sentence)).slice(0, 12);
    const falsehoods = others.map((s) => falsify(s, m)).filter((s): s is string => s !== undefined);
    const distractors = distinctDistractors(sentence, [falsehoods], m.random);
    if (!distractors) continue;
    candidates.push({
      kind: 'statement',
      question: 'Which of these statements is true according to the text?',
      answer: sentence,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

const falseStatement: Generator = (m) => {
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const altered = falsify(sentence, m);
    if (!altered) continue;
    const truths = m.statements.filter((s) => s !== sentence);
    const distractors = distinctDistractors(altered, [truths], m.random);
    if (!distractors) continue;
    candidates.push({
      kind: 'statement',
      question: 'Which of these statements is NOT true according to the text?',
      answer: altered,
      distractors,
      explanation: `This is not what the text says. It says: “${sentence}”`,
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

const CAUSE = /^(.{15,160}?),?\s+(?:because|since|so that|as a result of)\s+(.{8,160}?)[.!?]$/;

/** "X happened because Y." → "Why did X happen?" with the causes of other sentences as options. */
const causeAndEffect: Generator = (m) => {
  const pairs = m.statements
    .map((sentence) => ({ sentence, match: CAUSE.exec(sentence) }))
    .filter((p): p is { sentence: string; match: RegExpExecArray } => p.match !== null)
    .map((p) => ({ sentence: p.sentence, effect: p.match[1]!, cause: capitalise(p.match[2]!) }));
  const clauses = m.statements.flatMap((s) =>
    s
      .split(/,\s+/)
      .map((c) => c.replace(/^(?:and|but|or|so|then)\s+/i, ''))
      .filter((c) => c.split(/\s+/).length >= 4 && c.length < 120),
  );
  return pairs.flatMap((pair) => {
    const otherCauses = pairs.filter((p) => p !== pair).map((p) => p.cause);
    const pool = [
      ...otherCauses,
      ...clauses.filter((c) => !pair.sentence.includes(c)).map((c) => capitalise(c.replace(/[.!?]$/, ''))),
    ];
    const distractors = distinctDistractors(pair.cause, [pool], m.random);
    if (!distractors) return [];
    return [
      {
        kind: 'why' as const,
        question: `According to the text, ${whyQuestion(pair.effect)}`,
        answer: pair.cause,
        distractors,
        explanation: says(pair.sentence),
        source: pair.sentence,
        key: pair.sentence,
      },
    ];
  });
};

/** "Lowell sat down and waited" → "why did Lowell sit down and wait?" when the verb is clear. */
function whyQuestion(effect: string): string {
  const words = effect.split(/\s+/);
  const tagged = tagWords(effect);
  const verbIndex = tagged.findIndex((w) => w.tags.has('Verb') && w.tags.has('PastTense'));
  if (verbIndex > 0 && verbIndex <= 3 && !['was', 'were', 'had'].includes(words[verbIndex]!.toLowerCase())) {
    const subject = words.slice(0, verbIndex).join(' ');
    // "sat down and waited" → "sit down and wait"
    const rest = words
      .slice(verbIndex + 1)
      .map((w, i, all) =>
        all[i - 1] === 'and' && tagged[verbIndex + 1 + i]?.tags.has('PastTense') ? infinitive(w) : w,
      )
      .join(' ');
    return `why did ${lowerArticle(subject)} ${infinitive(words[verbIndex]!)}${rest ? ` ${rest}` : ''}?`;
  }
  return `what was the reason for this: “${effect}”?`;
}

function lowerArticle(subject: string): string {
  return /^(The|A|An|His|Her|Their|Its)\b/.test(subject)
    ? subject.charAt(0).toLowerCase() + subject.slice(1)
    : subject;
}

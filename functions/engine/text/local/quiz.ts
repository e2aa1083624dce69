/**
 * Multiple-choice questions built from the text's own sentences. Easy questions ask who did or said
 * something; medium ones blank out a key word with distractors of the same kind from the same text;
 * hard ones ask which statement is true (or false) and why something happened. Wrong options are
 * real words and names of the text, so they are plausible, and never equal the answer.
 */
import { EngineError } from '../../types';
import type { Quiz, QuizDifficulty, QuizInput, QuizQuestion } from '../types';
import { createRandom, hashString, type Random } from '../../random';
import { extractDialogue, type Quote } from './dialogue';
import { NAME_TITLES } from './lexicon';
import { scanEntities } from './entities';
import { findCast, type Cast, type Character } from './names';
import { infinitive, tagWords } from './nlp';
import { findNamedPlaces, type NamedPlace } from './places';
import { sentenceSpans, STOP_WORDS } from '../sentences';
import { capitalise, escapeRegExp } from '../strings';
import { assertChapterText, assertDifficulty, assertQuestionCount } from '../validate';

/** Longer texts are sampled from the start: enough sentences for twenty questions. */
const QUIZ_SAMPLE_CHARS = 300_000;
const OPTIONS = 4;
const TITLES = [...NAME_TITLES.keys()].map((t) => t.charAt(0).toUpperCase() + t.slice(1)).join('|');
const NOUN_POOL_SENTENCES = 80;
const MAX_STATEMENTS = 150;

interface Candidate {
  question: string;
  answer: string;
  distractors: string[];
  explanation: string;
  source: string;
  /** Sentence the question uses, so no sentence is asked about twice. */
  key: string;
}

interface Material {
  sentences: string[];
  /** Narrative sentences of a good length for questions. */
  statements: string[];
  cast: Cast;
  quotes: Quote[];
  places: NamedPlace[];
  nouns: Map<string, { count: number; plural: boolean }>;
  random: Random;
}

type Generator = (m: Material) => Candidate[];

export function buildQuiz(input: QuizInput): Quiz {
  const text = assertChapterText(input.text, 'The text');
  const count = assertQuestionCount(input.numQuestions);
  const difficulty = assertDifficulty(input.difficulty);
  const seed = input.seed ?? hashString(text.slice(0, 10_000));
  const material = prepare(text.slice(0, QUIZ_SAMPLE_CHARS), seed);

  const plan: Record<QuizDifficulty, { primary: Generator[]; fallback: Generator[] }> = {
    easy: { primary: [whoDid, whoSaid, whereQuestion], fallback: [cloze, trueStatement] },
    medium: { primary: [cloze, whoSaid, whereQuestion], fallback: [whoDid, trueStatement] },
    hard: { primary: [trueStatement, falseStatement, causeAndEffect, cloze], fallback: [whoDid, whoSaid] },
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

function prepare(text: string, seed: number): Material {
  const scan = scanEntities(text);
  const cast = findCast(text, { scan });
  const quotes = extractDialogue(text, cast);
  const sentences = sentenceSpans(text).map((s) => s.text.replace(/\s+/g, ' '));
  const random = createRandom(seed);
  // A sample keeps question building fast on long chapters; twenty questions need far fewer.
  const statements = random
    .shuffle(
      sentences.filter((s) => !/["“”‘]/.test(s) && s.length >= 40 && s.length <= 240 && /^\p{Lu}/u.test(s)),
    )
    .slice(0, MAX_STATEMENTS);
  return {
    sentences,
    statements,
    cast,
    quotes,
    places: findNamedPlaces(text, scan),
    nouns: nounPool(statements, random),
    random,
  };
}

/** Nouns of the text with their frequency, from a sample of its sentences (tagging is slow). */
function nounPool(statements: readonly string[], random: Random): Material['nouns'] {
  const pool: Material['nouns'] = new Map();
  const sample =
    statements.length <= NOUN_POOL_SENTENCES
      ? statements
      : random.shuffle(statements).slice(0, NOUN_POOL_SENTENCES);
  for (const sentence of sample) {
    for (const word of tagWords(sentence)) {
      const lower = word.text.toLowerCase();
      if (
        !word.tags.has('Noun') ||
        word.tags.has('Pronoun') ||
        word.tags.has('ProperNoun') ||
        !/^\p{Ll}{4,}$/u.test(word.text)
      )
        continue;
      if (STOP_WORDS.has(lower)) continue;
      pool.set(lower, { count: (pool.get(lower)?.count ?? 0) + 1, plural: word.tags.has('Plural') });
    }
  }
  return pool;
}

function pickQuestions(
  plan: { primary: Generator[]; fallback: Generator[] },
  m: Material,
  count: number,
): Candidate[] {
  const usedKeys = new Set<string>();
  const chosen: Candidate[] = [];
  const take = (generators: Generator[]) => {
    const queues = generators.map((g) => m.random.shuffle(g(m)));
    let progress = true;
    while (chosen.length < count && progress) {
      progress = false;
      for (const queue of queues) {
        if (chosen.length >= count) break;
        let next = queue.shift();
        while (next && usedKeys.has(next.key)) next = queue.shift();
        if (!next) continue;
        usedKeys.add(next.key);
        chosen.push(next);
        progress = true;
      }
    }
  };
  take(plan.primary);
  if (chosen.length < count) take(plan.fallback);
  return chosen;
}

function toQuestion(c: Candidate, index: number, random: Random): QuizQuestion {
  const options = random.shuffle([c.answer, ...c.distractors.slice(0, OPTIONS - 1)]);
  return {
    id: `q${index + 1}`,
    question: c.question,
    options,
    answer_index: options.indexOf(c.answer),
    explanation: c.explanation,
    source_excerpt: c.source,
  };
}

/** Three options that differ from the answer and from each other (case-insensitively). */
function distinctDistractors(answer: string, pool: readonly string[], random: Random): string[] | undefined {
  const seen = new Set([normalise(answer)]);
  const picked: string[] = [];
  for (const option of random.shuffle(pool)) {
    const key = normalise(option);
    if (seen.has(key) || !key) continue;
    seen.add(key);
    picked.push(option);
    if (picked.length === OPTIONS - 1) return picked;
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

function aliasPattern(characters: readonly Character[]): RegExp | undefined {
  const aliases = characters.flatMap((c) => c.aliases).sort((a, b) => b.length - a.length);
  return aliases.length
    ? new RegExp(`^(?:(?:[A-Z][a-z]*\\.?)\\s+)?(${aliases.map(escapeRegExp).join('|')})\\s+(.+?)[.!?]$`, 'u')
    : undefined;
}

function characterByAlias(characters: readonly Character[], alias: string): Character | undefined {
  return characters.find((c) => c.aliases.includes(alias));
}

/** "Nell climbed the stairs." → "Who climbed the stairs?" */
const whoDid: Generator = (m) => {
  const characters = m.cast.characters;
  const pattern = aliasPattern(characters);
  if (!pattern || characters.length < OPTIONS) return [];
  const names = characters.map((c) => c.name);
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const character = characterByAlias(characters, match[1]!);
    const predicate = match[2]!;
    if (!character || character.aliases.some((a) => predicate.includes(a)) || predicate.split(' ').length < 3)
      continue;
    const first = tagWords(predicate.split(' ').slice(0, 3).join(' '))[0];
    if (!first?.tags.has('Verb')) continue;
    const distractors = distinctDistractors(
      character.name,
      names.filter((n) => n !== character.name),
      m.random,
    );
    if (!distractors) continue;
    candidates.push({
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

/** A line of dialogue with a reliable speech tag → "Who says …?" */
const whoSaid: Generator = (m) => {
  const names = m.cast.characters.map((c) => c.name);
  if (names.length < OPTIONS) return [];
  return m.quotes
    .filter((q) => q.speaker && q.attribution === 'tag')
    .filter((q) => {
      const words = q.text.split(/\s+/).length;
      return words >= 5 && words <= 30 && !q.speaker!.aliases.some((a) => q.text.includes(a));
    })
    .flatMap((q) => {
      const distractors = distinctDistractors(
        q.speaker!.name,
        names.filter((n) => n !== q.speaker!.name),
        m.random,
      );
      if (!distractors) return [];
      return [
        {
          question: `Who says: “${q.text}”`,
          answer: q.speaker!.name,
          distractors,
          explanation: `${q.speaker!.name} says this in the text.`,
          source: q.text,
          key: q.text,
        },
      ];
    });
};

/** A sentence naming a place, with the place blanked and other places of the text as options. */
const whereQuestion: Generator = (m) => {
  const named = m.places.map((p) => p.key);
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const place = named.find((p) => new RegExp(`\\b${escapeRegExp(p)}\\b`).test(sentence));
    if (!place) continue;
    const others = named.filter((p) => p !== place);
    const distractors = distinctDistractors(place, others, m.random);
    if (!distractors) continue;
    candidates.push({
      question: `Where does this happen? “${blank(sentence, place)}”`,
      answer: place,
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
    const nouns = tagWords(sentence).filter(
      (w) =>
        w.tags.has('Noun') &&
        !w.tags.has('Pronoun') &&
        !w.tags.has('ProperNoun') &&
        /^\p{Ll}{4,}$/u.test(w.text),
    );
    const best = nouns
      .filter((w) => !STOP_WORDS.has(w.text))
      .sort(
        (a, b) =>
          (m.nouns.get(b.text)?.count ?? 0) - (m.nouns.get(a.text)?.count ?? 0) ||
          b.text.length - a.text.length,
      )[0];
    if (!best) continue;
    const term = best.text;
    const plural = best.tags.has('Plural');
    const sameKind = pool.filter(
      (n) => n !== term && m.nouns.get(n)!.plural === plural && !sentence.toLowerCase().includes(n),
    );
    const distractors = distinctDistractors(term, sameKind, m.random);
    if (!distractors) continue;
    candidates.push({
      question: `Complete the sentence from the text: “${blank(sentence, term)}”`,
      answer: term,
      distractors,
      explanation: says(sentence),
      source: sentence,
      key: sentence,
    });
  }
  return candidates;
};

function blank(sentence: string, term: string): string {
  return sentence.replace(new RegExp(`\\b${escapeRegExp(term)}\\b`), '_____');
}

/**
 * A false version of a true sentence: one character, place or noun swapped for another of the
 * same kind from the text.
 */
function falsify(sentence: string, m: Material): string | undefined {
  const character = m.cast.characters.find((c) =>
    c.aliases.some((a) => new RegExp(`\\b${escapeRegExp(a)}\\b`).test(sentence)),
  );
  if (character) {
    // The whole name goes, title included: "Mrs. Pell" becomes "Morrow", not "Mrs. Morrow".
    const others = m.cast.characters.filter(
      (c) => c !== character && !c.aliases.some((a) => sentence.includes(a)),
    );
    const names = character.aliases.map(escapeRegExp).join('|');
    const pattern = new RegExp(`(?:\\b(?:${TITLES})\\.?\\s+)?\\b(?:${names})\\b`);
    if (others.length) return changed(sentence, sentence.replace(pattern, m.random.pick(others).name), m);
  }
  const place = m.places.find((p) => new RegExp(`\\b${escapeRegExp(p.key)}\\b`).test(sentence));
  const otherPlaces = m.places.filter((p) => p !== place && !sentence.includes(p.key));
  if (place && otherPlaces.length)
    return changed(sentence, sentence.replace(place.key, m.random.pick(otherPlaces).key), m);
  const noun = [...m.nouns.keys()].find((n) => new RegExp(`\\b${n}\\b`).test(sentence));
  if (!noun) return undefined;
  const plural = m.nouns.get(noun)!.plural;
  const otherNouns = [...m.nouns.entries()].filter(
    ([n, info]) => n !== noun && info.plural === plural && !sentence.includes(n),
  );
  if (otherNouns.length === 0) return undefined;
  return changed(sentence, sentence.replace(new RegExp(`\\b${noun}\\b`), m.random.pick(otherNouns)[0]), m);
}

function changed(original: string, altered: string, m: Material): string | undefined {
  return altered !== original && !m.sentences.includes(altered) ? altered : undefined;
}

const trueStatement: Generator = (m) => {
  const candidates: Candidate[] = [];
  for (const sentence of m.statements) {
    const others = m.random.shuffle(m.statements.filter((s) => s !== sentence)).slice(0, 12);
    const falsehoods = others.map((s) => falsify(s, m)).filter((s): s is string => s !== undefined);
    const distractors = distinctDistractors(sentence, falsehoods, m.random);
    if (!distractors) continue;
    candidates.push({
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
    const distractors = distinctDistractors(altered, truths, m.random);
    if (!distractors) continue;
    candidates.push({
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
    const distractors = distinctDistractors(pair.cause, pool, m.random);
    if (!distractors) return [];
    return [
      {
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

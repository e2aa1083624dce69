import { describe, expect, it } from 'vitest';
import { buildQuiz, countQuestionKinds, questionKind } from '../../../../functions/engine/text/local/quiz';
import { tagWords } from '../../../../functions/engine/text/local/nlp';
import {
  findNumbers,
  nearNumbers,
  STOCK_PEOPLE,
  STOCK_PLACES,
} from '../../../../functions/engine/text/local/quiz-options';
import { splitSentences } from '../../../../functions/engine/text/sentences';
import type { Quiz, QuizDifficulty, QuizQuestion } from '../../../../functions/engine/text/types';
import { ALICE_CHAPTER_ONE, BEAGLE_CHAPTER_ONE, FOGG_CHAPTER_ONE } from '../../../fixtures/quiz-excerpts';

/** The people each excerpt names (a reader's list, not the engine's). */
const PEOPLE: Record<string, string[]> = {
  // The White Rabbit is a character known by role (issue 24): the cast lists it beside Alice and Dinah.
  [ALICE_CHAPTER_ONE.title]: ['Alice', 'Dinah', 'The Rabbit', 'The White Rabbit'],
  [BEAGLE_CHAPTER_ONE.title]: ['Fitz Roy', 'Captain Fitz Roy', 'King', 'Captain King'],
  [FOGG_CHAPTER_ONE.title]: [
    'Phileas Fogg',
    'Mr. Fogg',
    'Fogg',
    'Passepartout',
    'Jean Passepartout',
    'Byron',
    'Sheridan',
    'James Forster',
    'John',
  ],
};
const EXCERPTS = [ALICE_CHAPTER_ONE, BEAGLE_CHAPTER_ONE, FOGG_CHAPTER_ONE];
const DIFFICULTIES: QuizDifficulty[] = ['easy', 'medium', 'hard'];
const flat = (text: string) => text.replace(/\s+/g, ' ');
const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
const contains = (text: string, phrase: string) => words(text).includes(words(phrase));

const quizzes: { excerpt: (typeof EXCERPTS)[number]; difficulty: QuizDifficulty; quiz: Quiz }[] = [];
for (const excerpt of EXCERPTS)
  for (const difficulty of DIFFICULTIES)
    for (const seed of [1, 2])
      quizzes.push({
        excerpt,
        difficulty,
        quiz: buildQuiz({ title: excerpt.title, text: excerpt.content, numQuestions: 10, difficulty, seed }),
      });
const all = quizzes.flatMap(({ excerpt, quiz }) => quiz.questions.map((q) => ({ excerpt, q })));
const ofKind = (kind: QuizQuestion['kind']) => all.filter(({ q }) => q.kind === kind);
const answer = (q: QuizQuestion) => q.options[q.answer_index]!;
const wrong = (q: QuizQuestion) => q.options.filter((_, i) => i !== q.answer_index);
/** The text between the last pair of curly quotes of an explanation. */
const quoted = (explanation: string) => /“([^]*)”$/.exec(explanation)?.[1];

describe('quiz kinds on real prose (Alice, the Beagle, Phileas Fogg)', () => {
  it('mixes at least three kinds in every quiz of ten, and uses every kind somewhere', () => {
    for (const { quiz } of quizzes) {
      expect(quiz.questions).toHaveLength(10);
      const counts = countQuestionKinds(quiz);
      expect(Object.keys(counts).length).toBeGreaterThanOrEqual(3);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(10);
    }
    for (const kind of ['who', 'what', 'where', 'number', 'true_false', 'order', 'fill_blank', 'statement'])
      expect(ofKind(kind as QuizQuestion['kind']).length, kind).toBeGreaterThan(0);
    // Each excerpt alone mixes entity questions, true/false, order of events and fill-in-the-blank.
    for (const excerpt of EXCERPTS) {
      const kinds = new Set(all.filter((x) => x.excerpt === excerpt).map(({ q }) => q.kind));
      for (const kind of ['true_false', 'order', 'fill_blank', 'number'])
        expect(kinds, excerpt.title).toContain(kind);
      expect(
        ['who', 'where'].some((k) => kinds.has(k as QuizQuestion['kind'])),
        excerpt.title,
      ).toBe(true);
    }
  });

  it('gives every question a valid shape: four different options, or True and False', () => {
    for (const { q } of all) {
      if (q.kind === 'true_false') expect(q.options).toEqual(['True', 'False']);
      else {
        expect(q.options).toHaveLength(4);
        expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(4);
      }
      expect(q.answer_index).toBeGreaterThanOrEqual(0);
      expect(q.answer_index).toBeLessThan(q.options.length);
      expect(questionKind({ question: q.question, options: q.options })).toBe(q.kind);
    }
  });

  it('quotes the sentence of the text that answers each question in its explanation', () => {
    for (const { excerpt, q } of all) {
      const sentence = quoted(q.explanation);
      expect(sentence, q.question).toBe(q.source_excerpt);
      expect(flat(excerpt.content)).toContain(sentence);
    }
  });

  it('offers people for a person: names of the text, then stock names the text never uses', () => {
    const who = ofKind('who');
    expect(who.length).toBeGreaterThan(3);
    for (const { excerpt, q } of who) {
      const people = PEOPLE[excerpt.title]!;
      expect(people).toContain(answer(q));
      for (const option of wrong(q)) {
        expect([...people, ...STOCK_PEOPLE], option).toContain(option);
        if (!people.includes(option)) expect(excerpt.content).not.toContain(option);
        // Not named in the answering sentence, and not another name of the answer.
        expect(contains(q.source_excerpt, option), `${option} in ${q.source_excerpt}`).toBe(false);
        expect(option.split(' ').some((w) => answer(q).split(' ').includes(w))).toBe(false);
      }
    }
  });

  it('quotes the line and its speech tag naming the speaker for "who says"', () => {
    const said = ofKind('who').filter(({ q }) => q.question.startsWith('Who says'));
    expect(said.length).toBeGreaterThan(0);
    for (const { q } of said) {
      const speaker = answer(q).split(' ').at(-1)!;
      expect(quoted(q.explanation)).toContain(speaker);
      const line = /^Who says: “(.*)”$/.exec(q.question)![1]!;
      for (const part of line.split(/[,.!?]\s+/).filter((p) => p.length > 8))
        expect(q.source_excerpt).toContain(part);
    }
  });

  it('offers places for a place, none of them written in the answering sentence', () => {
    const where = ofKind('where');
    expect(where.length).toBeGreaterThan(3);
    for (const { excerpt, q } of where) {
      for (const option of q.options) {
        const asPlace = new RegExp(
          `\\b(?:at|in|to|from|of|reached|near|for)\\s+(?:the\\s+)?${option.replace(/\./g, '\\.')}\\b`,
        );
        expect(
          asPlace.test(flat(excerpt.content)) || (STOCK_PLACES as readonly string[]).includes(option),
          option,
        ).toBe(true);
        expect(PEOPLE[excerpt.title]).not.toContain(option);
      }
      for (const option of wrong(q)) expect(contains(q.source_excerpt, option)).toBe(false);
      const restored = /“(.*)”$/.exec(q.question)![1]!.replace('_____', answer(q));
      expect(restored).toBe(q.source_excerpt);
    }
  });

  it('offers near numbers written the same way for a number', () => {
    const numbers = ofKind('number');
    expect(numbers.length).toBeGreaterThan(3);
    const shape = (s: string) =>
      /^\d{4}$/.test(s)
        ? 'year'
        : /^\d+(?:st|nd|rd|th)$/.test(s)
          ? 'ordinal'
          : /^\d+$/.test(s)
            ? 'digits'
            : 'words';
    for (const { q } of numbers) {
      const right = findNumbers(answer(q))[0]!;
      expect(right.text).toBe(answer(q));
      for (const option of wrong(q)) {
        expect(shape(option)).toBe(shape(answer(q)));
        const value = findNumbers(option)[0]!.value;
        expect(value).not.toBe(right.value);
        // Near: within three of a year or a day, within 70% of a count.
        if (shape(option) === 'year' || shape(option) === 'ordinal')
          expect(Math.abs(value - right.value)).toBeLessThanOrEqual(3);
        else expect(Math.abs(value - right.value)).toBeLessThanOrEqual(Math.max(3, right.value * 0.7));
        expect(contains(q.source_excerpt, option)).toBe(false);
      }
    }
  });

  it('offers nouns in the same number for a blanked noun, none of them fitting the sentence', () => {
    const cloze = ofKind('fill_blank');
    expect(cloze.length).toBeGreaterThan(3);
    const tagsOf = (noun: string) => tagWords(`the ${noun} was there`)[1]!.tags;
    for (const { excerpt, q } of cloze) {
      const plural = tagsOf(answer(q)).has('Plural');
      const gap = /“(.*)”$/.exec(q.question)![1]!;
      expect(gap.replace('_____', answer(q))).toBe(q.source_excerpt);
      for (const option of q.options) {
        expect(option).toMatch(/^\p{Ll}+$/u);
        expect(tagsOf(option).has('Noun'), option).toBe(true);
        expect(tagsOf(option).has('Plural'), `${option} vs ${answer(q)}`).toBe(plural);
      }
      for (const option of wrong(q)) {
        expect(contains(q.source_excerpt, option)).toBe(false);
        expect(splitSentences(excerpt.content).map(flat)).not.toContain(gap.replace('_____', option));
      }
    }
  });

  it('asks what someone did something to, with things of the same number as options', () => {
    const what = ofKind('what');
    expect(what.length).toBeGreaterThan(0);
    for (const { q } of what) {
      const [determiner] = answer(q).split(' ');
      expect(q.source_excerpt.toLowerCase()).toContain(answer(q));
      for (const option of wrong(q)) {
        expect(option.split(' ')[0]).toBe(
          ['a', 'an'].includes(determiner!) ? option.split(' ')[0] : determiner,
        );
        expect(contains(q.source_excerpt, option.split(' ')[1]!)).toBe(false);
      }
    }
  });

  it('makes true statements from sentences of the text, and false ones by swapping one person, place or number', () => {
    const tf = ofKind('true_false');
    const falseOnes = tf.filter(({ q }) => answer(q) === 'False');
    const trueOnes = tf.filter(({ q }) => answer(q) === 'True');
    expect(falseOnes.length).toBeGreaterThan(3);
    expect(trueOnes.length).toBeGreaterThan(3);
    for (const { excerpt, q } of trueOnes) {
      expect(q.question).toBe(`True or false? “${q.source_excerpt}”`);
      expect(flat(excerpt.content)).toContain(q.source_excerpt);
    }
    for (const { excerpt, q } of falseOnes) {
      const statement = /^True or false\? “(.*)”$/.exec(q.question)![1]!;
      expect(statement).not.toBe(q.source_excerpt);
      expect(flat(excerpt.content)).not.toContain(statement);
      const [, original, replacement] = /^False: the text names (.+) here, not (.+?)\. The text says/.exec(
        q.explanation,
      )!;
      // The statement is the source sentence with exactly that swap.
      expect(statement.replace(replacement!, original!)).toBe(q.source_excerpt);
      const isNumber = (s: string) => findNumbers(s)[0]?.text === s;
      if (isNumber(original!)) expect(isNumber(replacement!)).toBe(true);
      else {
        expect(original).toMatch(/^\p{Lu}/u);
        expect(replacement).toMatch(/^\p{Lu}/u);
        expect(flat(excerpt.content)).toContain(replacement);
        const people = PEOPLE[excerpt.title]!;
        expect(people.includes(original!.replace(/^(?:Mr|Mrs|Captain)\.? /, ''))).toBe(
          people.includes(replacement!),
        );
      }
    }
  });

  it('asks which of four events of the text comes first or last', () => {
    const order = ofKind('order');
    expect(order.length).toBeGreaterThan(3);
    for (const { excerpt, q } of order) {
      const text = flat(excerpt.content);
      const at = q.options.map((o) => text.indexOf(o));
      for (const position of at) expect(position).toBeGreaterThanOrEqual(0);
      const expected = q.question.includes('first') ? Math.min(...at) : Math.max(...at);
      expect(at[q.answer_index]).toBe(expected);
      expect(q.source_excerpt).toBe(answer(q));
    }
  });
});

describe('wrong options from the rest of the book', () => {
  it('draws people and places the chapter lacks from the other chapters before any stock list', () => {
    const book = [BEAGLE_CHAPTER_ONE.content, FOGG_CHAPTER_ONE.content].join('\n\n');
    const withBook = [1, 2, 3].flatMap(
      (seed) =>
        buildQuiz({
          title: 'Alice',
          text: ALICE_CHAPTER_ONE.content,
          numQuestions: 10,
          difficulty: 'easy',
          seed,
          context: book,
        }).questions,
    );
    const who = withBook.filter((q) => q.kind === 'who');
    expect(who.length).toBeGreaterThan(0);
    const bookPeople = [...PEOPLE[FOGG_CHAPTER_ONE.title]!, ...PEOPLE[BEAGLE_CHAPTER_ONE.title]!];
    for (const q of who) {
      for (const option of wrong(q)) {
        expect(STOCK_PEOPLE as readonly string[]).not.toContain(option);
        expect([...PEOPLE[ALICE_CHAPTER_ONE.title]!, ...bookPeople]).toContain(option);
      }
      expect(wrong(q).some((o) => bookPeople.includes(o))).toBe(true);
    }
    // The questions themselves still come from the chapter alone.
    for (const q of withBook) expect(flat(ALICE_CHAPTER_ONE.content)).toContain(q.source_excerpt);
  });
});

describe('short and repetitive texts', () => {
  it('builds a mixed quiz from a short lesson whose paragraphs repeat sentences, asking about each sentence once', () => {
    const sentences = [
      'Photosynthesis happens in two connected stages.',
      'The light-dependent reactions take place in the thylakoid membranes of the chloroplast.',
      'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into sugar.',
      'When light fades, the Calvin cycle slows because the energy carriers run out.',
    ];
    const text = [sentences.join(' '), sentences.slice(1).join(' '), sentences.join(' ')].join('\n\n');
    for (const difficulty of DIFFICULTIES) {
      const quiz = buildQuiz({ title: 'Light', text, numQuestions: 4, difficulty, seed: 1 });
      expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(countQuestionKinds(quiz)).length).toBeGreaterThanOrEqual(2);
      expect(new Set(quiz.questions.map((q) => q.source_excerpt)).size).toBe(quiz.questions.length);
      // A repeated sentence has no single place in the text: no order-of-events question on it.
      expect(quiz.questions.filter((q) => q.kind === 'order')).toEqual([]);
    }
  });
});

describe('question kinds and near numbers', () => {
  it('counts the kinds of a quiz, inferring them for questions stored without one', () => {
    const counts = countQuestionKinds({
      questions: [
        {
          kind: 'order',
          question: 'Which of these happens first in the text?',
          options: ['a', 'b', 'c', 'd'],
        },
        { question: 'Who found the key?', options: ['Alice', 'Dinah', 'Mary', 'Tom'] },
        {
          question: 'Which of these statements is NOT true according to the text?',
          options: ['a', 'b', 'c', 'd'],
        },
        {
          question: 'Complete the sentence from the text: “A _____ ran by.”',
          options: ['rabbit', 'cat', 'dog', 'fox'],
        },
        { question: 'Is this so?', options: ['True', 'False'] },
        { question: 'Where does this happen? “At _____.”', options: ['Paris', 'Rome', 'Lisbon', 'Bath'] },
      ],
    });
    expect(counts).toEqual({ order: 1, who: 1, statement: 1, fill_blank: 1, true_false: 1, where: 1 });
  });

  it('finds numbers as the text writes them and moves them to near ones written the same way', () => {
    const sentence =
      'On the 27th of December, 1831, she sailed 540 miles with twenty-three men and four thousand rounds.';
    const found = findNumbers(sentence);
    expect(found.map((n) => [n.text, n.value, n.format])).toEqual([
      ['27th', 27, 'ordinal'],
      ['1831', 1831, 'year'],
      ['540', 540, 'digits'],
      ['twenty-three', 23, 'words'],
      ['four thousand', 4000, 'words'],
    ]);
    expect(nearNumbers(found[0]!, 4)).toEqual(['28th', '26th', '29th', '25th']);
    expect(nearNumbers(found[1]!, 2)).toEqual(['1832', '1830']);
    expect(nearNumbers(found[2]!, 2)).toEqual(['550', '530']);
    expect(nearNumbers(found[3]!, 2)).toEqual(['twenty-four', 'twenty-two']);
    expect(nearNumbers(found[4]!, 2)).toEqual(['five thousand', 'three thousand']);
    // "one" is mostly a pronoun; letters glued to digits are not a number.
    expect(findNumbers('One of the shelves held R2D2 and a.m. notes.')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../../functions/engine/text/sentences';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import type { Quiz, QuizDifficulty } from '../../../../functions/engine/text/types';
import { CHAPTERS, FOREST_CHAPTER, HARBOUR_CHAPTER } from './chapters';

const engine = createLocalTextEngine();
const book = CHAPTERS.map((c) => c.content).join('\n\n');
const characters = [
  'Nell',
  'Morrow',
  'Crane',
  'Brannigan',
  'Lowell',
  'Mrs. Pell',
  'Julian',
  'Dr. Hartley',
  'Mr. Whitcombe',
  'Arthur Whitcombe',
  'Tamsin',
  'Meridel',
  'Orrin',
  'Vask',
];
const quiz = (difficulty: QuizDifficulty, numQuestions = 8, seed = 5, text = book) =>
  engine.quiz({ title: 'Tales of the Coast', text, numQuestions, difficulty, seed });
const flat = (text: string) => text.replace(/\s+/g, ' ');

function expectValid(result: Quiz, count: number) {
  expect(result.questions).toHaveLength(count);
  expect(new Set(result.questions.map((q) => q.id)).size).toBe(count);
  expect(new Set(result.questions.map((q) => q.source_excerpt)).size).toBe(count);
  for (const q of result.questions) {
    const options = q.kind === 'true_false' ? 2 : 4;
    if (q.kind === 'true_false') expect(q.options).toEqual(['True', 'False']);
    expect(q.options).toHaveLength(options);
    expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(options);
    expect(Number.isInteger(q.answer_index) && q.answer_index >= 0 && q.answer_index < options).toBe(true);
    expect(q.explanation.length).toBeGreaterThan(10);
    expect(q.question.length).toBeGreaterThan(10);
  }
}

describe('quiz', () => {
  it.each(['easy', 'medium', 'hard'] as const)('builds valid %s questions', async (difficulty) => {
    const result = await quiz(difficulty);
    expect(result.difficulty).toBe(difficulty);
    expect(result.title).toBe('Tales of the Coast quiz');
    expectValid(result, 8);
  });

  it('is deterministic for a seed, and shuffles differently for another seed', async () => {
    expect(await quiz('medium')).toEqual(await quiz('medium'));
    const other = await quiz('medium', 8, 6);
    expect(other.questions.map((q) => q.question)).not.toEqual(
      (await quiz('medium')).questions.map((q) => q.question),
    );
  });

  it('asks easy questions about who did and said things, answered by a character of the text', async () => {
    const result = await quiz('easy', 6);
    const about = result.questions.filter((q) => q.question.startsWith('Who '));
    expect(about.length).toBeGreaterThanOrEqual(2);
    for (const q of about) expect(q.kind).toBe('who');
    for (const q of about) {
      expect(characters).toContain(q.options[q.answer_index]);
      for (const option of q.options) expect(characters).toContain(option);
    }
    const said = result.questions.find((q) => q.question.startsWith('Who says'));
    if (said) expect(flat(book)).toContain(said.source_excerpt.replace(/[.]$/, ''));
  });

  it('blanks a key word in medium questions and offers words of the same kind', async () => {
    const result = await quiz('medium', 10);
    const cloze = result.questions.filter((q) => q.question.startsWith('Complete the sentence'));
    expect(cloze.length).toBeGreaterThanOrEqual(3);
    for (const q of cloze) {
      const answer = q.options[q.answer_index]!;
      const restored = q.question
        .replace(/^Complete the sentence from the text: “(.*)”$/, '$1')
        .replace('_____', answer);
      expect(restored).toBe(q.source_excerpt);
      expect(splitSentences(book)).toContain(q.source_excerpt);
      for (const option of q.options) expect(option).toMatch(/^[a-z-]+$/);
    }
  });

  it('makes hard questions whose true statements are in the text and false ones are not', async () => {
    const result = await quiz('hard', 10);
    const sentences = splitSentences(book);
    const truths = result.questions.filter((q) => q.question.startsWith('Which of these statements is true'));
    const falsehoods = result.questions.filter((q) => q.question.includes('NOT true'));
    expect(truths.length).toBeGreaterThan(0);
    expect(falsehoods.length).toBeGreaterThan(0);
    for (const q of truths) {
      q.options.forEach((option, i) => expect(sentences.includes(option)).toBe(i === q.answer_index));
    }
    for (const q of falsehoods) {
      q.options.forEach((option, i) => expect(sentences.includes(option)).toBe(i !== q.answer_index));
    }
  });

  it('asks why when the text gives a reason, the reason of the answering sentence being the answer', async () => {
    const text = `${HARBOUR_CHAPTER.content}\n\nLowell sat down across from her and waited, because the truth always came out in its own time. Nell stayed at the harbour because the nets had to be finished. Orrin ran to the river because the ferry had gone.`;
    const result = await quiz('hard', 20, 5, text);
    const why = result.questions.filter((q) => q.kind === 'why');
    expect(why.length).toBeGreaterThan(0);
    for (const q of why) {
      const reason = /because (.+)\.$/.exec(q.source_excerpt)![1]!;
      expect(q.options[q.answer_index]!.toLowerCase()).toBe(reason.toLowerCase());
      expect(q.explanation).toContain(`“${q.source_excerpt}”`);
    }
    const lowell = why.find((q) => q.source_excerpt.startsWith('Lowell'));
    if (lowell) expect(lowell.question).toContain('why did Lowell sit down across from her and wait?');
  });

  it('returns fewer questions rather than repeating a sentence, and rejects impossible requests', async () => {
    const result = await quiz('easy', 20, 5, FOREST_CHAPTER.content);
    expect(result.questions.length).toBeLessThanOrEqual(20);
    expectValid(result, result.questions.length);
    await expect(quiz('easy', 0)).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(quiz('easy', 21)).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(quiz('expert' as QuizDifficulty)).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(quiz('easy', 3, 1, '')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(quiz('easy', 3, 1, 'Hi.')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

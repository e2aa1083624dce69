import { describe, expect, it } from 'vitest';
import { compressSentence } from '../../../../functions/engine/text/local/compress';
import { incompleteness } from '../../../../functions/engine/text/local/complete';
import { splitSentences } from '../../../../functions/engine/text/sentences';
import { LESSON_CHAPTERS } from '../../../fixtures/lesson-excerpts';
import { QUIZ_EXCERPTS } from '../../../fixtures/quiz-excerpts';
import { REAL_NOVELS } from '../../../fixtures/real-novels';
import { CHAPTERS } from './chapters';

/**
 * Bullets are whole statements: compression never leaves a main clause without what it needs (the
 * name after "called", the "that" of "so … that", a verb's object, the main verb itself, the rest of
 * a conjunct). Checked on real prose of several kinds, and on paragraphs of kinds the fixtures lack
 * (a textbook, a news report, dialogue-heavy fiction).
 */

/** Surface signs of an unfinished statement, written here without the checker's code. */
function looksUnfinished(statement: string): boolean {
  const text = statement.replace(/\.$/, '');
  return (
    /\b(?:of|for|with|at|to|from|into|upon|the|a|an|and|or|but|which|when|if|because|would)$/i.test(text) ||
    /^(?:[A-Z][\w'’-]*|he|she|they|I|we)\s+(?:said|asked|answered|replied|remarked|added|continued|cried)(?:,|\s+(?:with|without)\b|$)/.test(
      text,
    ) ||
    /\b(?:and|then)\s+(?:said|found|began)(?:$|,(?![^,]*,\s*to\b))/.test(text) ||
    /\b(?:called|named|termed)\s+(?:this|that|these|those)\s+\w+$/.test(text) ||
    (/\bso\s+\w+\s+an?\s+\w+/.test(text) && !/\bso\s+\w+\s+an?\s+\w+.*\b(?:that|as)\b/.test(text))
  );
}

describe('compressed statements are whole', () => {
  it.each([
    [
      'a naming verb keeps its name (Darwin)',
      "I have called this principle, by which each slight variation, if useful, is preserved, by the term of Natural Selection, in order to mark its relation to man's power of selection.",
      'I have called this principle.',
    ],
    [
      '"so … a …" keeps its "that" (Darwin)',
      'There is no exception to the rule that every organic being naturally increases at so high a rate, that if not destroyed, the earth would soon be covered by the progeny of a single pair.',
      'There is no exception to the rule that every organic being naturally increases at so high a rate.',
    ],
    [
      'a list is not cut after one item, nor "so" without "that" (Austen)',
      'Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and caprice, that the experience of three and twenty years had been insufficient to make his wife understand his character.',
      'Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve.',
    ],
    [
      'a conjunct keeps its main clause (Doyle)',
      'His rooms were brilliantly lit, and, even as I looked up, I saw his tall, spare figure pass twice in a dark silhouette against the blind.',
      'His rooms were brilliantly lit, and, even as I looked up.',
    ],
    [
      'a verb of finding keeps what was found (Doyle)',
      'I then lounged down the street and found, as I expected, that there was a mews in a lane which runs down by one wall of the garden.',
      'I then lounged down the street and found.',
    ],
    [
      '"the more …" keeps its second half (Twain)',
      'The more Tom stared at the splendid marvel, the shabbier and shabbier his own outfit seemed to him to grow.',
      'The more Tom stared at the splendid marvel.',
    ],
    [
      'a verb of thinking keeps its object (Carroll)',
      'So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her.',
      'She was considering in her own mind.',
    ],
    [
      'a relative clause is not all that is left (Doyle)',
      'Indeed, apart from the nature of the investigation which my friend had on hand, there was something in his masterly grasp of a situation, and his keen, incisive reasoning, which made it a pleasure to me to study his system of work.',
      'Apart from the nature of the investigation which my friend had on hand.',
    ],
  ])('%s', (_what, sentence, unfinished) => {
    const statement = compressSentence(sentence);
    expect(statement).not.toBe(unfinished);
    if (statement) {
      expect(incompleteness(statement, sentence)).toBeNull();
      expect(looksUnfinished(statement), statement).toBe(false);
    }
  });

  it('a dialogue tag whose speech was taken out is no statement (Doyle, a thriller)', () => {
    expect(
      compressSentence(
        '"Quite so," he answered, lighting a cigarette, and throwing himself down into an armchair.',
      ),
    ).toBeUndefined();
    expect(
      compressSentence('"I never said that," Margaret replied, turning away from the window.'),
    ).toBeUndefined();
    expect(compressSentence('"Not yet," Meridel said without looking up.')).toBeUndefined();
  });

  it('keeps the whole sentence when no shorter form is complete and it fits a slide', () => {
    expect(
      compressSentence(
        'Economists call this effect, which was first described in the nineteenth century, the paradox of thrift.',
      ),
    ).toBe(
      'Economists call this effect, which was first described in the nineteenth century, the paradox of thrift.',
    );
    expect(
      compressSentence(
        'I have called this principle, by which each slight variation, if useful, is preserved, by the term of Natural Selection.',
      ),
    ).toBe(
      'I have called this principle, by which each slight variation, if useful, is preserved, by the term of Natural Selection.',
    );
  });

  it.each([
    [
      'a textbook',
      'Photosynthesis, which takes place in the chloroplasts of plant cells, converts light energy into chemical energy that the plant stores as glucose.',
      'Photosynthesis converts light energy into chemical energy that the plant stores as glucose.',
    ],
    [
      'a history textbook',
      'The French Revolution, which began in 1789, was so radical a break with the past that historians still debate its causes.',
      'The French Revolution was so radical a break with the past that historians still debate its causes.',
    ],
    [
      'a news report',
      'The council, which met on Tuesday after weeks of delay, voted to close the bridge, citing safety concerns raised by engineers.',
      'The council voted to close the bridge.',
    ],
    [
      'a news report with reported speech',
      'Officials said the project, which had been delayed twice, would be finished by March.',
      'Officials said the project would be finished by March.',
    ],
    [
      'a science paragraph',
      'Because the enzyme is so sensitive to temperature that even a small fever can slow it, the body keeps its core within a narrow range.',
      'The body keeps its core within a narrow range.',
    ],
    [
      'a novel (naming with a complement)',
      'She had named the boat, which her father had built the summer before he died, after her grandmother.',
      'She had named the boat, which her father had built the summer before he died, after her grandmother.',
    ],
  ])('shortens %s to a whole statement', (_kind, sentence, expected) => {
    expect(compressSentence(sentence)).toBe(expected);
  });

  const texts = [
    ...LESSON_CHAPTERS,
    ...CHAPTERS,
    ...QUIZ_EXCERPTS,
    ...REAL_NOVELS.map((novel) => ({ title: novel.title, content: novel.text.slice(0, 20_000) })),
  ];
  it.each(texts.map((t) => [t.title, t] as const))(
    '%s: no compressed sentence looks unfinished',
    (_t, text) => {
      const unfinished = splitSentences(text.content)
        .map((sentence) => compressSentence(sentence))
        .filter((s): s is string => !!s && looksUnfinished(s));
      expect(unfinished).toEqual([]);
    },
  );
});

describe('the completeness check', () => {
  it.each([
    'The fishermen hauled their boats onto the shingle.',
    'The man who wrote the note is a German.',
    'I understand that this gentleman, your friend, is a man of honour and discretion.',
    'Tom knew where the wind lay, now.',
    'That is a dangerous trick.',
    'As he spoke, he left the room, fatigued with the raptures of his wife.',
    'There was but one woman to him, and that woman was the late Irene Adler.',
    'His dress was rich with a richness which would, in England, be looked upon as akin to bad taste.',
    'Mitochondria are called the powerhouse of the cell.',
    'The paper was made in Bohemia.',
  ])('takes “%s” as whole', (statement) => {
    expect(incompleteness(statement)).toBeNull();
  });

  it.each([
    ['He was never seen on.', "He was never seen on 'Change, nor at the Bank."],
    ['It is a bijou villa, with a garden at the back of.', undefined],
    ['His dress was rich with a richness which would, in England.', undefined],
    ['My double deduction that you had been out in vile weather.', undefined],
    ['It is a truth universally acknowledged, that a single man in possession of a good fortune.', undefined],
    ['While Tom was eating his supper, and stealing sugar as opportunity offered.', undefined],
    ['Tamsin laughed, but she did not answer when.', undefined],
    ['Tom got home pretty late that night, and when he climbed cautiously in at the window.', undefined],
    ['She had named the boat.', 'She had named the boat, which her father built, after her grandmother.'],
    [
      'This truth is so well fixed in the minds of the surrounding families.',
      'This truth is so well fixed in the minds of the surrounding families, that he is considered their property.',
    ],
  ])('finds “%s” unfinished', (statement, source) => {
    expect(incompleteness(statement, source)).not.toBeNull();
  });
});

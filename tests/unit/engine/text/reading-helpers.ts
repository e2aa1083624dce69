/** What the reading tests share: how they read a text's lines, and passages they set between scenes. */
import { quoteSpans } from '../../../../functions/engine/text/local/reading';

/** Each quoted span's words (marks removed) with the name of its speaker. */
export const said = (text: string) =>
  quoteSpans(text).map((q) => [text.slice(q.start, q.end).replace(/^["“‘]|["”’]$/g, ''), q.speaker]);

/** The speaker of the line whose words (marks removed) are exactly `words`. */
export const speakerOf = (text: string, words: string) => said(text).find(([w]) => w === words)?.[1];

/** Narration long enough to put two scenes of a book out of each other's reach. */
export const away = 'The road ran on between the wet fields, and the hedges dripped. '.repeat(80);

/** A scene of two sisters who talk only to each other: lines of the book around no one else. */
export const SISTERS_AT_THE_FIRE = [
  'Mary and Jane sat by the fire in the cottage.',
  '“Is it late?” said Mary.',
  '“Not yet,” said Jane.',
  '“Then I shall sew,” said Mary.',
  '“And I shall read,” said Jane.',
  '“Read aloud, then,” said Mary.',
  '“If you wish it,” said Jane.',
  '“I do,” said Mary.',
  '“Then listen,” said Jane.',
  '“I am listening,” said Mary.',
  '“It is a sad story,” said Jane.',
];

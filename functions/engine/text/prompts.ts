/**
 * Instructions for a cloud or self-hosted text model, one per capability. Provider-neutral: each
 * provider adds how the answer is to be given (a tool call for Bedrock, a JSON object for
 * OpenAI-compatible servers).
 */
import type { QuizDifficulty, ScreenplayOptions } from './types';

const GROUNDING = 'Use only what the text says; never invent characters, places or events.';

export const SUMMARY_SYSTEM = `You summarise book chapters for readers. ${GROUNDING}`;

export function summaryPrompt(text: string, maxSentences: number, maxKeyPoints: number): string {
  return `Summarise the text below in at most ${maxSentences} sentences, and list ${maxKeyPoints} distinct key points (one sentence each, no repeats).\n\n<text>\n${text}\n</text>`;
}

export const PLOT_SYSTEM = `You are a story analyst who prepares books for film adaptation. ${GROUNDING}`;

export function plotPrompt(title: string, text: string): string {
  return (
    `Analyse the book "${title}" from the chapters below. Give a one-sentence logline (protagonist, goal, conflict), ` +
    'genre, tone, audience, setting (main places and era), 3 to 5 themes, the story structure that fits it best ' +
    '(story_type) and the one a screenplay of it should use (script_story_type), and the main characters ranked by ' +
    'importance, with role (protagonist, antagonist, mentor, sidekick or supporting), looks, personality, arc, ' +
    `archetypes, want, need, lie and ghost. The protagonist is the character the story follows; in a book told by an ` +
    '"I", the narrator, unless they tell someone else\'s story. Describe looks, sex and age only as the text gives them ' +
    '(say so when it does not), in sentences of your own, never quoting the book.' +
    `\n\n<book>\n${text}\n</book>`
  );
}

export const SCREENPLAY_SYSTEM =
  `You are a screenwriter adapting a book chapter. The chapter is already divided into numbered passages; write ` +
  `exactly one scene per passage, in order. Characters and dialogue must come from that passage. ${GROUNDING}`;

export function screenplayPrompt(input: {
  bookTitle: string;
  chapterTitle: string;
  passages: string[];
  options: ScreenplayOptions;
  targetSeconds?: number;
  knownCharacters: string[];
  withProfiles: boolean;
}): string {
  const { options } = input;
  const style =
    options.style === 'cinematic_movie'
      ? "a film script: each quotation of the passage is a line of the character who says it, word for word, and the narration is a voice-over of the passage's other sentences in the book's own words"
      : "a narrated film: a voice-over narrator reads each passage in the book's own words";
  const instructions = [
    `Adapt the chapter "${input.chapterTitle}" of "${input.bookTitle}" as ${style}.`,
    `Story structure: ${options.storyType}.`,
    options.focusAreas.length ? `Focus on: ${options.focusAreas.join(', ')}.` : '',
    input.targetSeconds
      ? `The whole script should run about ${input.targetSeconds} seconds: leave out whole passages rather than rewrite them.`
      : 'Keep the whole of each passage; size each scene by what it says.',
    'A character is in a scene only when they act or speak in its passage, not when they are remembered or mentioned.',
    input.knownCharacters.length
      ? `Use these character names when they appear: ${input.knownCharacters.join(', ')}.`
      : '',
    input.withProfiles ? 'Also give profiles of the characters who appear (character_details).' : '',
    'Action lines are in the present tense. Heading fields: location, INT or EXT, time of day.',
    options.take
      ? `This is take ${options.take + 1}: choose other moments, action lines and wording than a first adaptation would.`
      : '',
  ].filter(Boolean);
  return `${instructions.join('\n')}\n\n${input.passages.join('\n\n')}`;
}

export const QUIZ_SYSTEM =
  'You write fair reading quizzes that mix kinds of question. Each question has exactly 4 different options and one ' +
  'correct answer, except true/false questions, whose options are exactly "True" and "False". Wrong options are of the ' +
  'same type as the answer (a person for a person, a place for a place, a near number for a number, a noun in the same ' +
  `number for a noun), come from the text where it can, and never also fit the question. ${GROUNDING}`;

const DIFFICULTY: Record<QuizDifficulty, string> = {
  easy: 'easy: mostly who/what/where facts stated plainly in the text, with some true/false and number questions',
  medium:
    'medium: mostly fill_blank (complete a sentence of the text with a key term) and who/what/where, with some ' +
    'true/false, number and order-of-events questions',
  hard: 'hard: mostly which statement is true or NOT true, why things happen (cause and effect) and order of events, with some true/false',
};

export function quizPrompt(title: string, text: string, count: number, difficulty: QuizDifficulty): string {
  return (
    `Write ${count} questions about "${title}" at this level — ${DIFFICULTY[difficulty]}. ` +
    (count >= 5 ? 'Use at least three different kinds. ' : '') +
    'Kinds: who, what, where (a person, thing or place of the text); number (a number or date; wrong options are near ' +
    'numbers written the same way); true_false (a statement from the text, or one made false by swapping one person, ' +
    'place or number for another of the same type; options "True", "False"); order ("Which of these happens first?" ' +
    'with four events of the text); fill_blank; why; statement. For each give its kind, the index of the correct ' +
    `option, an explanation that quotes the sentence of the text that answers it, and that sentence.\n\n<text>\n${text}\n</text>`
  );
}

export const GENERATE_SYSTEM =
  'You are a helpful writing assistant for readers and creators. When source text is given, base the answer on it ' +
  'and say so when it does not cover the question.';

export function generatePrompt(prompt: string, context: string | undefined, maxWords: number): string {
  const source = context
    ? `\n\n<source>\n${context}\n</source>`
    : '\n\n(No source text was given; say so briefly and answer generally.)';
  return `${prompt}\n\nAnswer in at most ${maxWords} words.${source}`;
}

export const SAFETY_SYSTEM =
  'You rate texts for audience suitability. Flag violence, sexual content, strong language, self-harm, drugs and hate, ' +
  'each with a severity and a short excerpt. Rating: general, teen or mature; safe is false only for mature.';

export function safetyPrompt(text: string): string {
  return `Rate this text.\n\n<text>\n${text}\n</text>`;
}

import {
  DEFAULT_SCENES,
  MAX_CHAPTER_WORDS,
  MAX_SCENES,
  MIN_SCENES,
  SCRIPT_STYLES,
  STORY_TYPES,
  type ChapterText,
  type QuizDifficulty,
  type ScriptStyle,
  type StoryType,
} from './types';
import { EngineError } from '../types';
import { countWords } from './sentences';

const numberFormat = new Intl.NumberFormat('en-GB');
const formatCount = (n: number) => numberFormat.format(n).replace(/,/g, ' ');

/**
 * Rejects empty and over-long text before any analysis runs, so a huge upload fails in
 * milliseconds with a message the person can act on.
 */
export function assertChapterText(text: unknown, what = 'The text'): string {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new EngineError('invalid_input', `${what} is empty. Add some text and try again.`);
  }
  const words = countWords(text);
  if (words > MAX_CHAPTER_WORDS) {
    throw new EngineError(
      'text_too_long',
      `This chapter is too long to process at once (${formatCount(words)} words; the limit is ${formatCount(MAX_CHAPTER_WORDS)}). Split it into smaller chapters.`,
    );
  }
  return text;
}

/** Every chapter must be within the limit; at least one must have text. */
export function assertChapters(chapters: unknown): ChapterText[] {
  if (!Array.isArray(chapters) || chapters.length === 0) {
    throw new EngineError('invalid_input', 'The book has no chapters. Add at least one chapter with text.');
  }
  const valid = chapters.filter(
    (c): c is ChapterText =>
      typeof c === 'object' && c !== null && typeof (c as ChapterText).content === 'string',
  );
  for (const chapter of valid) {
    if (chapter.content.trim()) assertChapterText(chapter.content);
  }
  const withText = valid.filter((c) => c.content.trim() !== '');
  if (withText.length === 0) {
    throw new EngineError('invalid_input', 'The book has no text. Add at least one chapter with text.');
  }
  return withText.map((c) => ({ title: typeof c.title === 'string' ? c.title : '', content: c.content }));
}

/** The spec's rule: a scene count that is not a whole number from 3 to 15 means the default of 5. */
export function resolveSceneCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_SCENES && value <= MAX_SCENES
    ? value
    : DEFAULT_SCENES;
}

export function assertStyle(style: unknown): ScriptStyle {
  if (!SCRIPT_STYLES.includes(style as ScriptStyle)) {
    throw new EngineError(
      'unknown_style',
      `The script style "${String(style)}" is not available. Choose one of: ${SCRIPT_STYLES.join(', ')}.`,
    );
  }
  return style as ScriptStyle;
}

export function assertStoryType(storyType: unknown): StoryType {
  if (!STORY_TYPES.includes(storyType as StoryType)) {
    throw new EngineError(
      'unknown_style',
      `The story structure "${String(storyType)}" is not available. Choose one of: ${STORY_TYPES.join(', ')}.`,
    );
  }
  return storyType as StoryType;
}

const MAX_QUIZ_QUESTIONS = 20;

export function assertQuestionCount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_QUIZ_QUESTIONS) {
    throw new EngineError('invalid_params', `A quiz can have from 1 to ${MAX_QUIZ_QUESTIONS} questions.`);
  }
  return value;
}

export function assertDifficulty(value: unknown): QuizDifficulty {
  if (value !== 'easy' && value !== 'medium' && value !== 'hard') {
    throw new EngineError('invalid_params', 'The quiz difficulty must be easy, medium or hard.');
  }
  return value;
}

const DEFAULT_SUMMARY_SENTENCES = 4;
const DEFAULT_KEY_POINTS = 5;

/** Summary length (1–20 sentences) and 3–6 key points; out-of-range requests are brought into range. */
export function resolveSummaryLimits(
  maxSentences?: number,
  maxKeyPoints?: number,
): { sentences: number; keyPoints: number } {
  return {
    sentences: clampWhole(maxSentences, 1, 20, DEFAULT_SUMMARY_SENTENCES),
    keyPoints: clampWhole(maxKeyPoints, 3, 6, DEFAULT_KEY_POINTS),
  };
}

const DEFAULT_ANSWER_WORDS = 180;

/** Length of a generated answer: 15–2000 words, 180 when not given. */
export function resolveMaxWords(value?: number): number {
  return clampWhole(value, 15, 2000, DEFAULT_ANSWER_WORDS);
}

export function assertPrompt(prompt: unknown): string {
  if (typeof prompt !== 'string' || !prompt.trim()) {
    throw new EngineError('invalid_input', 'The prompt is empty. Write what you would like and try again.');
  }
  return prompt.trim();
}

function clampWhole(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.max(min, Math.min(max, Math.round(value)));
}

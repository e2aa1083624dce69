import { PROGRESS_EVENTS } from './learning';
import {
  learningMessages,
  MAX_CONTEXT_LENGTH,
  MAX_PROMPT_LENGTH,
  MAX_QUIZ_QUESTIONS,
  messages,
} from './validation';
import { z } from './zod';

/** Request bodies of the learning routes that carry rules, shared with the SPA. */
export const chapterIdField = z
  .string({ error: learningMessages.chapterIdRequired })
  .check(z.uuid(learningMessages.chapterIdInvalid));

/** POST /ai/generate-text */
export const generateTextRequest = z.object({
  prompt: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, learningMessages.promptRequired),
      z.maxLength(MAX_PROMPT_LENGTH, messages.promptTooLong),
    ),
  context: z.optional(z.string().check(z.maxLength(MAX_CONTEXT_LENGTH, learningMessages.contextTooLong))),
});

/** POST /ai/generate-quiz: a quiz of a chapter, or of the whole book without chapter_id. */
export const generateQuizRequest = z.object({
  book_id: z
    .string({ error: learningMessages.bookIdRequired })
    .check(z.minLength(1, learningMessages.bookIdRequired), z.maxLength(100, learningMessages.bookIdInvalid)),
  chapter_id: z.optional(z.string().check(z.uuid(learningMessages.chapterIdInvalid))),
  num_questions: z._default(
    z
      .number()
      .check(
        z.int(),
        z.minimum(1, learningMessages.quizTooShort),
        z.maximum(MAX_QUIZ_QUESTIONS, learningMessages.quizTooLong),
      ),
    5,
  ),
  difficulty: z._default(z.enum(['easy', 'medium', 'hard']), 'medium'),
});

/** POST /books/{id}/progress: a chapter read, listened to or watched, and the time it took. */
export const progressRequest = z.object({
  chapter_id: chapterIdField,
  event: z.enum(PROGRESS_EVENTS),
  seconds: z._default(z.number().check(z.minimum(0), z.maximum(4 * 3600)), 0),
});

/** Learning content, jobs, quizzes and progress: shapes shared by the handlers and the SPA. */
import { QUIZ_QUESTION_KINDS } from '../engine/text/types';
import { z } from './zod';

export const LEARNING_CONTENT_TYPES = ['audio_narration', 'realistic_video', 'chapter_video'] as const;
export type LearningContentType = (typeof LEARNING_CONTENT_TYPES)[number];

export const TUTORIAL_STYLES = ['udemy', 'whiteboard', 'minimal'] as const;
export type TutorialStyle = (typeof TUTORIAL_STYLES)[number];

export const CHAPTER_VIDEO_STYLES = ['illustrated', 'cinematic', 'cartoon', 'sketch'] as const;
export type ChapterVideoStyle = (typeof CHAPTER_VIDEO_STYLES)[number];

const JOB_STATUSES = ['processing', 'ready', 'failed'] as const;

/**
 * A chapter mark of a narration: a place a listener can jump to, named after the chapter's heading
 * there (else the part's key phrase), with its start in the audio.
 */
export const chapterMark = z.object({ title: z.string(), start_seconds: z.number() });
export type ChapterMark = z.infer<typeof chapterMark>;

/** Answer of the generation calls and of check-video-status. */
export const learningJob = z.object({
  id: z.string(),
  chapter_id: z.string(),
  book_id: z.string(),
  content_type: z.enum(LEARNING_CONTENT_TYPES),
  status: z.enum(JOB_STATUSES),
  /** 0–100 and the step being worked on, for a progress bar. */
  progress: z.number(),
  step: z.string(),
  content_url: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  audio_url: z.nullable(z.string()),
  /** A still of the video, for the player before it plays. */
  thumbnail_url: z.nullable(z.string()),
  /** Where the result can be watched in the app (the chapter page). */
  hosted_url: z.string(),
  duration: z.nullable(z.number()),
  /**
   * The narration's chapter marks, in order (the first at 0): empty for videos, for jobs not yet
   * ready and for narrations made before marks were listed.
   */
  chapter_marks: z.array(chapterMark),
  /**
   * How the spoken words' timings (the video's subtitles and the presenter's mouth) were found:
   * `provider` — reported by the speech engine or provider; `aligned` — estimated from the audio
   * itself (a speech server that sends none). Null until ready, and for jobs made before it was kept.
   */
  word_timings: z.nullable(z.enum(['provider', 'aligned'])),
  error_message: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LearningJob = z.infer<typeof learningJob>;

/** An item of GET /ai/learning-content/{chapter}. */
export const learningContentItem = z.object({
  id: z.string(),
  content_type: z.enum(LEARNING_CONTENT_TYPES),
  status: z.enum(JOB_STATUSES),
  content_url: z.nullable(z.string()),
  /** A still of the video (video items). */
  thumbnail_url: z.optional(z.nullable(z.string())),
  duration: z.nullable(z.number()),
  /** A ready narration's chapter marks (see LearningJob.chapter_marks); empty otherwise. */
  chapter_marks: z.array(chapterMark),
  /** For items still being generated (or failed), the job's progress. */
  progress: z.optional(z.number()),
  step: z.optional(z.string()),
  error_message: z.optional(z.nullable(z.string())),
  created_at: z.string(),
});
export type LearningContentItem = z.infer<typeof learningContentItem>;

export const videoAvatar = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  voice_gender: z.enum(['female', 'male']),
  preview_url: z.nullable(z.string()),
});
export type VideoAvatar = z.infer<typeof videoAvatar>;

export const quizQuestionView = z.object({
  id: z.string(),
  /** A true/false question has the two options "True" and "False". */
  kind: z.enum(QUIZ_QUESTION_KINDS),
  question: z.string(),
  options: z.array(z.string()),
});

export const quizView = z.object({
  id: z.string(),
  book_id: z.string(),
  chapter_id: z.nullable(z.string()),
  title: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  questions: z.array(quizQuestionView),
  /** The quiz as plain text (the spec's answer of generate-quiz). */
  text: z.string(),
  created_at: z.string(),
  best_score: z.nullable(z.number()),
  attempts: z.number(),
});
export type QuizView = z.infer<typeof quizView>;

export const quizResult = z.object({
  quiz_id: z.string(),
  score: z.number(),
  correct: z.number(),
  total: z.number(),
  passed: z.boolean(),
  results: z.array(
    z.object({
      question_id: z.string(),
      your_answer: z.nullable(z.number()),
      correct_answer: z.number(),
      correct: z.boolean(),
      explanation: z.string(),
    }),
  ),
});
export type QuizResult = z.infer<typeof quizResult>;

export const PROGRESS_EVENTS = ['chapter_read', 'narration_finished', 'video_finished'] as const;
export type ProgressEventType = (typeof PROGRESS_EVENTS)[number];

export const bookProgress = z.object({
  book_id: z.string(),
  progress: z.number(),
  completed_chapters: z.array(z.string()),
  last_chapter_id: z.nullable(z.string()),
});
export type BookProgress = z.infer<typeof bookProgress>;

/** Score (percent) at which a quiz counts as passed. */
export const QUIZ_PASS_SCORE = 70;

import type { VideoPlanRule } from '../contracts/subscriptions';
import type {
  ChapterMark,
  ChapterVideoStyle,
  LearningContentType,
  TutorialStyle,
} from '../contracts/learning';
import type { WordTimingMethod } from '../engine/speech/types';
import type { QuizDifficulty, QuizQuestion, SafetyReport } from '../engine/text/types';
import type { JobRecord } from '../jobs';

/** What a learning-content job was asked for. */
export interface LearningOptions {
  content_type: LearningContentType;
  voice?: string;
  tutorial_style?: TutorialStyle;
  video_style?: ChapterVideoStyle;
  include_context?: boolean;
  avatar_id?: string;
  /**
   * The tier's film, fixed when the job started (subscriptions: the free tier films at 480p with its
   * watermark); absent: the learning videos' own size, no watermark. Kept here so a retry of the job
   * films the same way.
   */
  output?: { width: number; height: number; watermark: string } | null;
  /** The plan the video is made under (absent on narrations and older jobs): its longest video. */
  plan?: VideoPlanRule | null;
}

/** What it produced: media keys (media bucket) and the duration. */
export interface LearningOutputs {
  audio_key: string | null;
  video_key: string | null;
  thumbnail_key: string | null;
  duration: number | null;
  /** A narration's chapter marks (absent on narrations made before they were kept). */
  chapter_marks?: ChapterMark[];
  /** How the spoken words' timings were found (absent on jobs made before it was kept). */
  word_timings?: WordTimingMethod | null;
}

export type LearningJobRecord = JobRecord<LearningOptions, LearningOutputs>;

/** The ready content of a chapter of one type: replaced only when a newer job is ready. */
export interface ContentRecord {
  id: string;
  book_id: string;
  chapter_id: string;
  content_type: LearningContentType;
  audio_key: string | null;
  video_key: string | null;
  thumbnail_key?: string | null;
  duration: number | null;
  chapter_marks?: ChapterMark[];
  created_at: string;
}

export interface QuizRecord {
  id: string;
  owner_id: string;
  book_id: string;
  chapter_id: string | null;
  title: string;
  difficulty: 'easy' | 'medium' | 'hard';
  questions: QuizQuestion[];
  created_at: string;
}

export interface AttemptRecord {
  quiz_id: string;
  score: number;
  correct: number;
  total: number;
  at: string;
}

/** Where a job's results live: beside the book's other media, so they go with the book. */
export const learningKeys = {
  output: (bookId: string, jobId: string, file: string) => `media/books/${bookId}/learning/${jobId}/${file}`,
  avatarPreview: (avatarId: string, version: string) => `media/public/avatars/${avatarId}-${version}.png`,
};

/**
 * What a request to a model asked for (jobs/assist.*): a quiz of a chapter or the book, free text
 * from a prompt, the safety report of a chapter, or the presenters' previews (the image model).
 */
export type AssistOptions =
  | {
      request: 'quiz';
      book_id: string;
      chapter_id?: string;
      num_questions: number;
      difficulty: QuizDifficulty;
    }
  | { request: 'text'; prompt: string; context?: string }
  | { request: 'safety'; chapter_id: string }
  | { request: 'previews' };

/** What it produced: the saved quiz's id, the text, or the report. */
export interface AssistOutputs {
  quiz_id?: string;
  text?: string;
  report?: SafetyReport;
}

export type AssistJobRecord = JobRecord<AssistOptions, AssistOutputs>;

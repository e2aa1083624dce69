/** Learning content, jobs, quizzes and progress: shapes shared by the handlers and the SPA. */
import type { QuizQuestionKind } from '../engine/text/types';

export const LEARNING_CONTENT_TYPES = ['audio_narration', 'realistic_video', 'chapter_video'] as const;
export type LearningContentType = (typeof LEARNING_CONTENT_TYPES)[number];

export const TUTORIAL_STYLES = ['udemy', 'whiteboard', 'minimal'] as const;
export type TutorialStyle = (typeof TUTORIAL_STYLES)[number];

export const CHAPTER_VIDEO_STYLES = ['illustrated', 'cinematic', 'cartoon', 'sketch'] as const;
export type ChapterVideoStyle = (typeof CHAPTER_VIDEO_STYLES)[number];

export type JobStatus = 'processing' | 'ready' | 'failed';

/**
 * A chapter mark of a narration: a place a listener can jump to, named after the chapter's heading
 * there (else the part's key phrase), with its start in the audio.
 */
export interface ChapterMark {
  title: string;
  start_seconds: number;
}

/** Answer of the generation calls and of check-video-status. */
export interface LearningJob {
  id: string;
  chapter_id: string;
  book_id: string;
  content_type: LearningContentType;
  status: JobStatus;
  /** 0–100 and the step being worked on, for a progress bar. */
  progress: number;
  step: string;
  content_url: string | null;
  video_url: string | null;
  audio_url: string | null;
  /** A still of the video, for the player before it plays. */
  thumbnail_url: string | null;
  /** Where the result can be watched in the app (the chapter page). */
  hosted_url: string;
  duration: number | null;
  /**
   * The narration's chapter marks, in order (the first at 0): empty for videos, for jobs not yet
   * ready and for narrations made before marks were listed.
   */
  chapter_marks: ChapterMark[];
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** An item of GET /ai/learning-content/{chapter}. */
export interface LearningContentItem {
  id: string;
  content_type: LearningContentType;
  status: JobStatus;
  content_url: string | null;
  /** A still of the video (video items). */
  thumbnail_url?: string | null;
  duration: number | null;
  /** A ready narration's chapter marks (see LearningJob.chapter_marks); empty otherwise. */
  chapter_marks: ChapterMark[];
  /** For items still being generated (or failed), the job's progress. */
  progress?: number;
  step?: string;
  error_message?: string | null;
  created_at: string;
}

export interface VideoAvatar {
  id: string;
  name: string;
  description: string;
  voice_gender: 'female' | 'male';
  preview_url: string | null;
}

export interface QuizQuestionView {
  id: string;
  /** A true/false question has the two options "True" and "False". */
  kind: QuizQuestionKind;
  question: string;
  options: string[];
}

export interface QuizView {
  id: string;
  book_id: string;
  chapter_id: string | null;
  title: string;
  difficulty: 'easy' | 'medium' | 'hard';
  questions: QuizQuestionView[];
  /** The quiz as plain text (the spec's answer of generate-quiz). */
  text: string;
  created_at: string;
  best_score: number | null;
  attempts: number;
}

export interface QuizResult {
  quiz_id: string;
  score: number;
  correct: number;
  total: number;
  passed: boolean;
  results: {
    question_id: string;
    your_answer: number | null;
    correct_answer: number;
    correct: boolean;
    explanation: string;
  }[];
}

export const PROGRESS_EVENTS = ['chapter_read', 'narration_finished', 'video_finished'] as const;
export type ProgressEventType = (typeof PROGRESS_EVENTS)[number];

export interface BookProgress {
  book_id: string;
  progress: number;
  completed_chapters: string[];
  last_chapter_id: string | null;
}

/** Score (percent) at which a quiz counts as passed. */
export const QUIZ_PASS_SCORE = 70;

import type { ChapterVideoStyle, JobStatus, LearningContentType, TutorialStyle } from '../contracts/learning';

export interface JobOptions {
  voice?: string;
  tutorial_style?: TutorialStyle;
  video_style?: ChapterVideoStyle;
  include_context?: boolean;
  avatar_id?: string;
}

/** One generation run (the job of the spec), written by the API and the workers. */
export interface JobRecord {
  id: string;
  owner_id: string;
  book_id: string;
  chapter_id: string;
  content_type: LearningContentType;
  status: JobStatus;
  progress: number;
  step: string;
  options: JobOptions;
  /** Media keys of the results. */
  audio_key: string | null;
  video_key: string | null;
  thumbnail_key?: string | null;
  duration: number | null;
  error_message: string | null;
  execution_arn: string | null;
  created_at: string;
  updated_at: string;
}

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
  created_at: string;
}

export interface QuizRecord {
  id: string;
  owner_id: string;
  book_id: string;
  chapter_id: string | null;
  title: string;
  difficulty: 'easy' | 'medium' | 'hard';
  questions: {
    id: string;
    question: string;
    options: string[];
    answer_index: number;
    explanation: string;
    source_excerpt: string;
  }[];
  created_at: string;
}

export interface AttemptRecord {
  quiz_id: string;
  score: number;
  correct: number;
  total: number;
  at: string;
}

/** Storage of a job: intermediate files in the uploads bucket, results beside the book's media. */
export const jobKeys = {
  work: (jobId: string) => `jobs/${jobId}/`,
  part: (jobId: string, name: string) => `jobs/${jobId}/${name}`,
  output: (bookId: string, jobId: string, file: string) => `media/books/${bookId}/learning/${jobId}/${file}`,
  avatarPreview: (avatarId: string, version: string) => `media/avatars/${avatarId}-${version}.png`,
};

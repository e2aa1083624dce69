import type {
  CreationKind,
  CreatorBookRequest,
  CreatorScript,
  CreatorVideoRequest,
} from '../contracts/creator';
import type { JobRecord } from '../jobs';

/** What a Creator generation was asked: the prompt (also kept as a draft) and its kind's options. */
export interface CreationOptions {
  prompt: string;
  /** The draft the prompt was saved as. */
  prompt_id: string;
  book_type?: CreatorBookRequest['book_type'];
  /** A short film's frame, narrator and score. */
  aspect_ratio?: CreatorVideoRequest['aspect_ratio'];
  voice?: string | null;
  music?: CreatorVideoRequest['music'];
}

/**
 * What it made: a script creation's screenplay, a book creation's book; a video creation's book of
 * one chapter, its script and the chapter film's generation (followed for the film itself).
 */
export interface CreationOutputs {
  script: CreatorScript;
  book_id: string;
  book_title: string;
  script_id: string;
  generation_id: string;
}

export type CreationJob = JobRecord<CreationOptions, CreationOutputs>;

/** Job kinds by creation kind (the job record's `kind`). */
export const CREATION_JOB_KINDS: Record<CreationKind, string> = {
  script: 'creator-script',
  book: 'creator-book',
  video: 'creator-video',
};

export const creationKindOf = (jobKind: string): CreationKind | null =>
  (Object.entries(CREATION_JOB_KINDS).find(([, kind]) => kind === jobKind)?.[0] as CreationKind) ?? null;

import type { CreationKind, CreatorBookRequest, CreatorScript } from '../contracts/creator';
import type { JobRecord } from '../jobs';

/** What a Creator generation was asked: the prompt (also kept as a draft) and its kind's options. */
export interface CreationOptions {
  prompt: string;
  /** The draft the prompt was saved as. */
  prompt_id: string;
  book_type?: CreatorBookRequest['book_type'];
}

/** What it made: a script creation's screenplay, a book creation's book. */
export interface CreationOutputs {
  script: CreatorScript;
  book_id: string;
  book_title: string;
}

export type CreationJob = JobRecord<CreationOptions, CreationOutputs>;

/** Job kinds by creation kind (the job record's `kind`). */
export const CREATION_JOB_KINDS: Record<CreationKind, string> = {
  script: 'creator-script',
  book: 'creator-book',
};

export const creationKindOf = (jobKind: string): CreationKind | null =>
  (Object.entries(CREATION_JOB_KINDS).find(([, kind]) => kind === jobKind)?.[0] as CreationKind) ?? null;

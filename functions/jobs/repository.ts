import { indexKeys, keys, partitions } from '../lib/keys';
import type { Condition, Table } from '../lib/ports';
import { ACTIVE_STATUSES, type JobRecord, type JobStatus } from './model';

/**
 * Job records. A job with a book is indexed under the book (by chapter, then age) so a chapter's or
 * a book's jobs are one query; other jobs under their owner.
 */
export type JobPatch = Partial<Omit<JobRecord, 'id' | 'kind' | 'owner_id' | 'target' | 'created_at'>>;

const jobIndex = (job: JobRecord) =>
  job.target.book_id
    ? {
        gsi1pk: indexKeys.bookJobs(job.target.book_id),
        gsi1sk: `${job.target.chapter_id ?? '-'}#${job.created_at}#${job.id}`,
      }
    : { gsi1pk: `USERJOBS#${job.owner_id}`, gsi1sk: `${job.created_at}#${job.id}` };

/** The lock that keeps one active job per name and target (see `start` with `exclusive`). */
export const jobLockKey = (target: JobRecord['target'], ownerId: string, name: string) =>
  target.book_id
    ? { pk: partitions.book(target.book_id), sk: `JOBLOCK#${name}` }
    : { pk: partitions.user(ownerId), sk: `JOBLOCK#${name}` };

export function createJobRepository(table: Table) {
  return {
    async put(job: JobRecord): Promise<void> {
      if (!(await table.put({ ...keys.job(job.id), ...jobIndex(job), ...job }, { exists: false })))
        throw new Error(`Job ${job.id} already exists`);
    },

    get: (jobId: string) => table.get<JobRecord>(keys.job(jobId)),

    /** Null when the job is gone or (with `onlyWhile`) no longer in one of those statuses. */
    update(jobId: string, patch: JobPatch, now: string, onlyWhile?: readonly JobStatus[]) {
      const condition: Condition = { exists: true, ...(onlyWhile ? { oneOf: { status: onlyWhile } } : {}) };
      return table.update<JobRecord>(keys.job(jobId), { set: { ...patch, updated_at: now } }, condition);
    },

    /** Moves the progress bar forward only (parts finish in any order). Null once the job ended. */
    advance(jobId: string, progress: number, step: string, now: string) {
      return table.update<JobRecord>(
        keys.job(jobId),
        { set: { progress, step, updated_at: now } },
        { oneOf: { status: ACTIVE_STATUSES }, lessThan: { progress } },
      );
    },

    /** Counts one finished part; null once the job ended. */
    async countPart(jobId: string, now: string): Promise<number | null> {
      const job = await table.update<JobRecord>(
        keys.job(jobId),
        { add: { parts_done: 1 }, set: { updated_at: now } },
        { exists: true, oneOf: { status: ACTIVE_STATUSES } },
      );
      return job ? Number(job.parts_done ?? 0) : null;
    },

    /** Newest first; with a chapter, only that chapter's. */
    listForBook: (bookId: string, chapterId?: string) =>
      table.query<JobRecord>({
        index: 'gsi1',
        pk: indexKeys.bookJobs(bookId),
        ...(chapterId ? { skPrefix: `${chapterId}#` } : {}),
        descending: true,
      }),

    listForOwner: (ownerId: string) =>
      table.query<JobRecord>({ index: 'gsi1', pk: `USERJOBS#${ownerId}`, descending: true }),

    deleteMany: (jobIds: string[]) => table.batchDelete(jobIds.map((id) => keys.job(id))),
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;

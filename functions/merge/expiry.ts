import { MERGE_STEPS } from '../contracts/merge';
import {
  MERGE_JOB_KIND,
  PREVIEW_JOB_KIND,
  mergeKeys,
  type ExpiryKind,
  type ExpiryRecord,
  type MergeJob,
  type PreviewJob,
} from './model';
import { type MergeContext, now, isPast, getUpload, ownedJob } from './common';
import { discardUpload } from './common';

/** Everything a merge keeps is deleted 24 hours later. */

export async function markExpiry(
  deps: MergeContext,
  what: ExpiryKind,
  id: string,
  ownerId: string,
  at: string,
) {
  const record: ExpiryRecord = { what, id, owner_id: ownerId, expires_at: at };
  await deps.table.put({ ...mergeKeys.expiry(at, what, id), ...record });
}

// --- expiry ---

export async function expireOne(deps: MergeContext, record: ExpiryRecord): Promise<void> {
  if (record.what === 'upload') {
    const upload = await getUpload(deps, record.owner_id, record.id);
    if (upload) await discardUpload(deps, upload);
    return;
  }
  const kind = record.what === 'merge' ? MERGE_JOB_KIND : PREVIEW_JOB_KIND;
  const job = await ownedJob<MergeJob | PreviewJob>(deps, record.owner_id, record.id, kind);
  if (job?.outputs.key) await deps.media.delete(job.outputs.key);
  if (job)
    await deps.jobs.repository.update(
      job.id,
      {
        outputs: { ...job.outputs, expired: true },
        ...(record.what === 'merge' ? { step: MERGE_STEPS.expired } : {}),
      },
      now(deps),
    );
}

// --- what the workers call ---

/** A finished merge or preview is listed for deletion 24 hours later. */
export async function scheduleExpiry(
  deps: MergeContext,
  what: 'merge' | 'preview',
  id: string,
  ownerId: string,
  at: string,
) {
  await markExpiry(deps, what, id, ownerId, at);
}

/**
 * Deletes what is past its 24 hours: uploads (object and record), merge results and previews
 * (the object; the record is marked expired so status and download say so). Returns the count.
 */
export async function sweepExpired(deps: MergeContext): Promise<number> {
  const due = await deps.table.query<ExpiryRecord>({ pk: mergeKeys.expiryPartition });
  let removed = 0;
  for (const record of due) {
    if (!isPast(deps, record.expires_at)) break;
    await expireOne(deps, record);
    await deps.table.delete(mergeKeys.expiry(record.expires_at, record.what, record.id));
    removed++;
  }
  return removed;
}

import { MERGE_LIMITS, MERGE_STEPS, mergeMessages, retryLabel } from '@contracts/merge';
import { Button } from '@/components/ui/button';
import { Badge, Card, ProgressBar } from '@/components/ui/card';
import { clock, fileSize } from '../model/files';
import { canRetry, hasResult, methodLabel, type MergeJob, type MergeState } from '../model/session';

function Method({ job }: { job: MergeJob }) {
  const label = methodLabel(job.processing_method);
  return label ? (
    <Badge tone={job.processing_method === 'stream_copy' ? 'green' : 'blue'}>{label}</Badge>
  ) : null;
}

const expiry = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null;

/**
 * Where the merge is (spec §2 Merge tab, §4): its place in the queue, the progress bar with the
 * current step, the failed panel (Retry Merge 'Attempt n/3', Start Over), a lost connection, and
 * the result with its player and Download once completed with an output url.
 */
export function MergeStatusPanel({
  state,
  onRetry,
  onStartOver,
  onDownload,
}: {
  state: MergeState;
  onRetry: () => void;
  onStartOver: () => void;
  onDownload: (job: MergeJob) => void;
}) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'starting')
    return (
      <Card className="p-4" aria-live="polite">
        <p className="text-sm">Starting the merge…</p>
      </Card>
    );
  const job = state.job;
  if (state.phase === 'running' || state.phase === 'retrying') {
    const queued = job.status === 'pending' && job.queue_position > 0;
    const percent = Math.round(job.progress_percentage);
    return (
      <Card className="space-y-3 p-4" aria-live="polite">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="mr-auto font-semibold">{queued ? 'Waiting in queue' : 'Merging'}</h3>
          <Method job={job} />
        </div>
        {queued ? (
          <p className="text-sm">
            Queue position <span className="font-semibold">{job.queue_position}</span>.{' '}
            {mergeMessages.queued(job.queue_position)}
          </p>
        ) : (
          <>
            <ProgressBar value={percent} label="Merge progress" />
            <p className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
              <span>{job.current_step || MERGE_STEPS.starting}</span>
              <span className="tabular-nums">{percent}%</span>
            </p>
          </>
        )}
      </Card>
    );
  }
  if (state.phase === 'lost')
    return (
      <Card className="space-y-3 p-4">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {mergeMessages.lostConnection}
        </p>
        <Button variant="secondary" onClick={onStartOver}>
          Start Over
        </Button>
      </Card>
    );
  if (state.phase === 'failed' || state.phase === 'cancelled') {
    const retryable = canRetry(job);
    return (
      <Card className="space-y-3 border-red-200 p-4 dark:border-red-900">
        <h3 className="font-semibold text-red-700 dark:text-red-300">
          {state.phase === 'cancelled' ? mergeMessages.cancelled : mergeMessages.failed}
        </h3>
        {job.error_message && <p className="text-sm">{job.error_message}</p>}
        <div className="flex flex-wrap items-center gap-2">
          {state.phase === 'failed' && (
            <Button onClick={onRetry} disabled={!retryable}>
              Retry Merge
            </Button>
          )}
          <Button variant="secondary" onClick={onStartOver}>
            Start Over
          </Button>
          {state.phase === 'failed' && (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {retryLabel(job.retry_count)}
              {!retryable && job.retry_count >= MERGE_LIMITS.maxRetries && ` · ${mergeMessages.retryLimit}`}
            </span>
          )}
        </div>
      </Card>
    );
  }
  // completed
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold text-green-700 dark:text-green-300">
          {mergeMessages.completed}
        </h3>
        <Method job={job} />
      </div>
      {hasResult(state) ? (
        <>
          <video
            src={job.output_url ?? undefined}
            controls
            preload="metadata"
            aria-label="Merged video"
            className="aspect-video w-full rounded-xl bg-black"
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => onDownload(job)}>Download</Button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {[
                job.duration ? clock(job.duration) : '',
                job.file_size_bytes ? fileSize(job.file_size_bytes) : '',
                job.expires_at ? `available until ${expiry(job.expires_at)}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <Button variant="secondary" className="ml-auto" onClick={onStartOver}>
              Start Over
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            {job.expired ? mergeMessages.resultExpired : mergeMessages.resultNotFound}
          </p>
          <Button variant="secondary" onClick={onStartOver}>
            Start Over
          </Button>
        </div>
      )}
    </Card>
  );
}

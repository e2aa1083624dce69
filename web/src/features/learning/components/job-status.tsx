import { Link } from 'react-router';
import { ProgressBar } from '@/components/ui/card';
import type { JobState } from '../api/use-learning-job';

/** Wording of the ends of a generation that are shown inline, per kind. */
export interface JobWording {
  label: string;
  /** What is being made, for the still-processing notice ("video", "narration"). */
  subject: string;
  failed: string;
  timeout: string;
  noDownload: string;
}

/**
 * What a generation is doing: a progress bar with its step while it runs, the error when it fails,
 * and the yellow still-processing notice (with the link where the result will appear) after an
 * error while the server is still working on it.
 */
export function JobStatus({
  state,
  wording,
  hostedUrl,
}: {
  state: JobState;
  wording: JobWording;
  hostedUrl: string;
}) {
  const { phase } = state;
  const running = phase === 'starting' || phase === 'processing';
  const error =
    phase === 'failed'
      ? state.error || wording.failed
      : phase === 'timeout'
        ? wording.timeout
        : phase === 'completed_no_download'
          ? wording.noDownload
          : running
            ? state.error
            : null;
  const stillProcessing = phase === 'timeout' || (phase === 'processing' && Boolean(state.error));

  return (
    <div className="space-y-2" aria-live="polite">
      {running && (
        <div>
          <ProgressBar
            value={phase === 'starting' ? 0 : state.progress}
            label={`${wording.label} progress`}
          />
          <p className="mt-1 flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span>{state.step || 'Processing'}</span>
            <span>{phase === 'starting' ? '' : `${Math.round(state.progress)}%`}</span>
          </p>
        </div>
      )}
      {error && <p className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      {stillProcessing && (
        <p className="rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:border-yellow-700/60 dark:bg-yellow-900/30 dark:text-yellow-200">
          The {wording.subject} is still processing. It will be available at{' '}
          <Link to={hostedUrl} className="font-medium underline">
            this chapter&apos;s page
          </Link>{' '}
          when it is ready.
        </p>
      )}
    </div>
  );
}

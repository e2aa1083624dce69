import type { BookStatusResponse } from '@contracts/books';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/card';

/** Step 3: the AI processing of the upload, or its failure with a retry. */
export function ProcessingStep(props: {
  status: BookStatusResponse | null;
  retrying: boolean;
  rejecting: boolean;
  onRetry: () => void;
  onReject: () => void;
}) {
  const { status } = props;
  return (
    <div className="space-y-4" aria-live="polite">
      <h2 className="text-xl font-semibold">AI processing</h2>
      {status?.status === 'FAILED' ? (
        <div className="space-y-3">
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-red-700 dark:bg-red-950/40 dark:text-red-300"
          >
            {status.error_message ?? 'Book processing failed. Please try again.'}
          </p>
          <div className="flex gap-2">
            <Button onClick={props.onRetry} busy={props.retrying}>
              Retry Processing
            </Button>
            <Button variant="secondary" onClick={props.onReject} busy={props.rejecting}>
              Delete and start over
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-400">
            {status?.progress_message ?? 'Queued for processing'}
          </p>
          <ProgressBar value={status?.progress ?? 0} label="Processing progress" />
          <p className="text-sm text-slate-500">
            {status?.progress ?? 0}% · you can leave this page; the book keeps processing.
          </p>
        </>
      )}
    </div>
  );
}

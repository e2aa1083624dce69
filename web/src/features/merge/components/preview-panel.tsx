import { mergeMessages } from '@contracts/merge';
import { Button } from '@/components/ui/button';
import { Card, ProgressBar } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { PreviewState } from '../model/session';

/** The preview of the first 30 s (spec §4 Preview): its progress, its player, Retry Preview. */
export function PreviewPanel({ state, onRetry }: { state: PreviewState; onRetry: () => void }) {
  if (state.phase === 'idle') return null;
  return (
    <Card className="space-y-3 p-4" aria-live="polite">
      <h3 className="font-semibold">Preview</h3>
      {(state.phase === 'starting' || state.phase === 'processing') && (
        <>
          <Spinner label="Generating the preview…" />
          {state.phase === 'processing' && state.progress > 0 && (
            <ProgressBar value={state.progress} label="Preview progress" />
          )}
        </>
      )}
      {state.phase === 'completed' &&
        (state.preview_url ? (
          <video
            src={state.preview_url}
            controls
            preload="metadata"
            aria-label="Preview of the merge"
            className="aspect-video w-full rounded-xl bg-black"
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The preview finished, but its file is no longer available. Generate it again to watch it.
          </p>
        ))}
      {(state.phase === 'failed' || state.phase === 'timeout') && (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {state.phase === 'timeout' ? mergeMessages.previewTimedOut : state.error}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Retry Preview
          </Button>
        </div>
      )}
    </Card>
  );
}

import type { PipelineStatus, PipelineStep, StageState, VideoGeneration } from '@contracts/video';
import { PIPELINE_STEPS } from '@contracts/video';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, ProgressBar } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import {
  canCancel,
  checklist,
  friendlyFailure,
  pipelineOfRun,
  RENDER_STATE_LABELS,
  RENDER_STATE_MESSAGES,
  renderState,
  STAGE_LABELS,
  stageViews,
} from '@/features/workspace/model/video';
import { Check, Circle } from 'lucide-react';

const STAGE_TONES: Record<StageState, 'slate' | 'blue' | 'green' | 'red' | 'yellow'> = {
  pending: 'slate',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  skipped: 'slate',
  cancelled: 'yellow',
};
const STATE_TONES = {
  rendering: 'blue',
  processing: 'blue',
  completed: 'green',
  error: 'red',
  ready: 'slate',
  timeout: 'yellow',
  completed_no_download: 'yellow',
} as const;

/**
 * The render progress panel of the generation the studio follows: its state, a progress bar with
 * the step in words, the render checklist, the five pipeline stages with their counters, Cancel
 * while it renders (only then), and on failure the friendly message with Retry and "Retry from…".
 * The studio's own terminal kinds show too: timeout (polling gave up, with Check again) and
 * completed_no_download.
 */
export function RenderProgress({
  generation,
  pipeline: anyPipeline,
  starting,
  finishedHere = false,
  gaveUp = false,
  notice = null,
  onCheckAgain,
  onCancel,
  onRetry,
  onLipSync,
}: {
  generation: VideoGeneration | null;
  pipeline: PipelineStatus | null;
  starting: boolean;
  /** The run completed while the studio watched it: "Video generation completed!" is said only then. */
  finishedHere?: boolean;
  /** The studio's polling gave up on the followed generation. */
  gaveUp?: boolean;
  /** What polling says meanwhile ('No generation data available'). */
  notice?: string | null;
  onCheckAgain?: () => void;
  /** Cancels the generation the panel shows (by its id). */
  onCancel: (id: string) => void;
  onRetry: (step?: PipelineStep) => void;
  /** Runs lip-sync again on a finished film. */
  onLipSync: () => void;
}) {
  const state = renderState(generation, starting, gaveUp);
  const pipeline = pipelineOfRun(generation, anyPipeline);
  const message =
    state === 'timeout' || state === 'completed_no_download' || (state === 'completed' && finishedHere);
  const progress = generation ? (pipeline?.progress ?? generation.progress ?? 0) : 0;
  const retrySteps = pipeline?.retry_steps?.length ? pipeline.retry_steps : [...PIPELINE_STEPS];
  const [retryFrom, setRetryFrom] = useState<PipelineStep | ''>('');
  const id = generation ? (generation.video_generation_id ?? generation.id) : null;
  return (
    <Card className="space-y-3 p-4" role="region" aria-label="Render progress">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Render progress</h3>
        <span data-testid="render-state">
          <Badge tone={STATE_TONES[state]}>{RENDER_STATE_LABELS[state]}</Badge>
        </span>
        {id && <span className="text-xs text-slate-500 dark:text-slate-400">#{id.slice(-8)}</span>}
        {canCancel(state) && id ? (
          <Button size="sm" variant="secondary" className="ml-auto" onClick={() => onCancel(id)}>
            Cancel
          </Button>
        ) : null}
        {state === 'timeout' && onCheckAgain && (
          <Button size="sm" variant="secondary" className="ml-auto" onClick={onCheckAgain}>
            Check again
          </Button>
        )}
        {state === 'completed' && (
          <Button size="sm" variant="secondary" className="ml-auto" onClick={onLipSync}>
            Redo lip-sync
          </Button>
        )}
      </div>
      {message && (
        <p
          role={state === 'completed' ? 'status' : 'alert'}
          data-testid="render-message"
          className={
            state === 'completed'
              ? 'text-sm text-green-700 dark:text-green-300'
              : 'text-sm text-amber-700 dark:text-amber-300'
          }
        >
          {RENDER_STATE_MESSAGES[state]}
          {state === 'timeout' && notice && notice !== RENDER_STATE_MESSAGES.timeout && ` (${notice})`}
        </p>
      )}
      {notice && state !== 'timeout' && (
        <p role="status" data-testid="render-notice" className="text-sm text-slate-600 dark:text-slate-400">
          {notice}
        </p>
      )}
      {generation && (
        <>
          <ProgressBar value={progress} label="Video generation progress" />
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {Math.round(progress)}% · {generation.current_step || RENDER_STATE_LABELS[state]}
          </p>
        </>
      )}
      <ul aria-label="Render checklist" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {checklist(progress).map((item) => (
          <li key={item.label} data-done={item.done} className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className={item.done ? 'text-green-600 dark:text-green-400' : 'text-slate-400'}
            >
              {item.done ? <Check className="h-4 w-4" /> : <Circle className="h-3.5 w-3.5" />}
            </span>
            <span className={item.done ? '' : 'text-slate-500 dark:text-slate-400'}>{item.label}</span>
            <span className="sr-only">{item.done ? '(done)' : '(not yet)'}</span>
          </li>
        ))}
      </ul>
      {generation && (
        <ol aria-label="Pipeline stages" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-5">
          {stageViews(generation, pipeline).map((stage) => (
            <li
              key={stage.step}
              aria-label={`${stage.label}: ${stage.status}`}
              className="rounded-lg border border-slate-200 p-2 text-xs dark:border-slate-800"
            >
              <div className="flex items-center justify-between gap-1">
                <span className="font-medium">{stage.label}</span>
                <Badge tone={STAGE_TONES[stage.status]}>{stage.status}</Badge>
              </div>
              <ProgressBar value={stage.progress} label={`${stage.label} progress`} className="mt-1.5 h-1" />
              <p className="mt-1 text-slate-500 dark:text-slate-400">{stage.detail}</p>
            </li>
          ))}
        </ol>
      )}
      {state === 'error' && generation && (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          <p className="font-medium">{RENDER_STATE_MESSAGES.error}</p>
          <p>{friendlyFailure(generation.error_message, generation.failed_step)}</p>
          {generation.error_message && (
            <p className="text-xs opacity-80">Details: {generation.error_message}</p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <Button size="sm" onClick={() => onRetry(generation.failed_step ?? undefined)}>
              Retry{generation.failed_step ? ` from ${STAGE_LABELS[generation.failed_step]}` : ''}
            </Button>
            <SelectField
              label="Retry from…"
              className="w-40"
              value={retryFrom}
              onChange={(e) => setRetryFrom(e.target.value as PipelineStep | '')}
            >
              <option value="">Choose a step</option>
              {retrySteps.map((step) => (
                <option key={step} value={step}>
                  {STAGE_LABELS[step]}
                </option>
              ))}
            </SelectField>
            <Button
              size="sm"
              variant="secondary"
              disabled={!retryFrom}
              onClick={() => retryFrom && onRetry(retryFrom)}
            >
              Retry from step
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

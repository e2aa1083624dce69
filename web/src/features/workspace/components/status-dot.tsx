import type { StageStatus } from '../model/stages';
import { STAGE_STATUS_LABELS } from '../model/stages';

/** A tab's small status mark: completed (green check), generating (blue pulsing), error (red cross), idle (grey). */
export function StatusDot({ status }: { status: StageStatus }) {
  const label = STAGE_STATUS_LABELS[status];
  const common = 'inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full';
  return (
    <span className="inline-flex items-center" data-status={status}>
      {status === 'completed' && (
        <span className={`${common} bg-green-600 text-white`} aria-hidden="true">
          <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      )}
      {status === 'generating' && (
        <span className={`${common} relative`} aria-hidden="true">
          <span className="absolute h-3 w-3 animate-ping rounded-full bg-blue-400 opacity-75 motion-reduce:animate-none" />
          <span className="relative h-2.5 w-2.5 rounded-full bg-blue-600" />
        </span>
      )}
      {status === 'error' && (
        <span className={`${common} bg-red-600 text-white`} aria-hidden="true">
          <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M4.5 4.5l7 7m0-7l-7 7" strokeLinecap="round" />
          </svg>
        </span>
      )}
      {status === 'idle' && (
        <span className={common} aria-hidden="true">
          <span className="h-2.5 w-2.5 rounded-full bg-slate-400 dark:bg-slate-500" />
        </span>
      )}
      <span className="sr-only">({label})</span>
    </span>
  );
}

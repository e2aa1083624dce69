import { MERGE_LIMITS, mergeMessages } from '@contracts/merge';
import { useId, useState } from 'react';
import type { Rejection } from '../model/files';

/**
 * Where files are added: dropped on the zone, or chosen with the file picker (a real file input,
 * reached with Tab and opened with Enter or Space). The files rejected by the spec's checks are
 * listed under 'Some files were rejected:'.
 */
export function DropZone({
  onFiles,
  disabled,
  rejected,
  onDismiss,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  rejected: Rejection[];
  onDismiss: () => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div className="space-y-2">
      <div
        onDragOver={(e) => {
          if (disabled) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) onFiles([...e.dataTransfer.files]);
        }}
        className={`rounded-2xl border-2 border-dashed p-6 text-center transition-colors ${
          over
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-600/10'
            : 'border-slate-300 dark:border-slate-700'
        } ${disabled ? 'opacity-60' : ''}`}
      >
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Drop video or audio files here
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Up to {MERGE_LIMITS.maxFiles} files, {MERGE_LIMITS.maxFileBytes / (1024 * 1024)} MB each
        </p>
        <input
          id={id}
          type="file"
          multiple
          accept="video/*,audio/*"
          disabled={disabled}
          className="peer sr-only"
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          className={`mt-3 inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${
            disabled ? 'pointer-events-none' : ''
          }`}
        >
          Choose files
        </label>
      </div>
      {rejected.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">{mergeMessages.someRejected}</p>
            <button
              type="button"
              onClick={onDismiss}
              aria-label="Dismiss the rejected files"
              className="rounded px-1 hover:bg-red-100 dark:hover:bg-red-900/40"
            >
              ×
            </button>
          </div>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {rejected.map((r, i) => (
              <li key={`${r.name}-${i}`}>
                <span className="font-medium">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

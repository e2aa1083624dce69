import type { BookType } from '@contracts/books';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import type { WizardAction } from './state';

const modes: { value: BookType; title: string; text: string }[] = [
  { value: 'learning', title: 'Learning', text: 'Lessons, narration, tutor videos, quizzes and progress.' },
  {
    value: 'entertainment',
    title: 'Entertainment',
    text: 'Plot, characters, screenplays, scenes, voices and video.',
  },
];

/** Step 2: what the book should become, then the upload. */
export function ModeStep(props: {
  bookType: BookType;
  uploading: boolean;
  uploadProgress: number | null;
  dispatch: Dispatch<WizardAction>;
  onUpload: () => void;
}) {
  return (
    <div className="space-y-5">
      <div role="radiogroup" aria-label="What should the book become?" className="grid gap-3 sm:grid-cols-2">
        {modes.map((mode) => (
          <button
            key={mode.value}
            type="button"
            role="radio"
            aria-checked={props.bookType === mode.value}
            onClick={() => props.dispatch({ type: 'modeChosen', bookType: mode.value })}
            className={`rounded-xl border-2 p-5 text-left transition ${
              props.bookType === mode.value
                ? 'border-brand-600 bg-brand-50 dark:bg-brand-600/15'
                : 'border-slate-200 hover:border-slate-400 dark:border-slate-700'
            }`}
          >
            <span className="text-lg font-semibold">{mode.title}</span>
            <span className="mt-1 block text-sm text-slate-500 dark:text-slate-400">{mode.text}</span>
          </button>
        ))}
      </div>
      {props.uploadProgress !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          Uploading… {Math.round(props.uploadProgress * 100)}%
        </p>
      )}
      <div className="flex justify-between">
        <Button
          variant="secondary"
          onClick={() => props.dispatch({ type: 'back' })}
          disabled={props.uploading}
        >
          Back
        </Button>
        <Button onClick={props.onUpload} busy={props.uploading}>
          {props.uploading ? 'Uploading...' : 'Upload and process'}
        </Button>
      </div>
    </div>
  );
}

import { useState, type Dispatch, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, TextArea, TextField } from '@/components/ui/field';
import type { MethodChoice, WizardAction } from './state';

const ACCEPT = '.pdf,.docx,.txt,.epub';

const formatSize = (bytes: number) =>
  bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Step 1: a file or pasted text, with an optional title and description. */
export function MethodStep({
  choice,
  error,
  dispatch,
}: {
  choice: MethodChoice;
  error: string | null;
  dispatch: Dispatch<WizardAction>;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) dispatch({ type: 'filePicked', file });
  };

  return (
    <div className="space-y-5">
      <div
        role="radiogroup"
        aria-label="How do you want to add the book?"
        className="grid gap-3 sm:grid-cols-2"
      >
        {(['file', 'text'] as const).map((method) => (
          <button
            key={method}
            type="button"
            role="radio"
            aria-checked={choice.method === method}
            onClick={() => dispatch({ type: 'methodChosen', method })}
            className={`rounded-xl border-2 p-4 text-left transition ${
              choice.method === method
                ? 'border-brand-600 bg-brand-50 dark:bg-brand-600/15'
                : 'border-slate-200 hover:border-slate-400 dark:border-slate-700'
            }`}
          >
            <span className="font-medium">{method === 'file' ? 'Upload a file' : 'Paste text'}</span>
            <span className="mt-1 block text-sm text-slate-500 dark:text-slate-400">
              {method === 'file'
                ? 'PDF, DOCX, EPUB or TXT, up to 10 MB'
                : 'Copy the text of a book or a chapter'}
            </span>
          </button>
        ))}
      </div>

      {choice.method === 'file' ? (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`rounded-xl border-2 border-dashed p-8 text-center ${dragging ? 'border-brand-500 bg-brand-50 dark:bg-brand-600/10' : 'border-slate-300 dark:border-slate-700'}`}
        >
          <input
            id="book-file"
            type="file"
            accept={ACCEPT}
            className="sr-only"
            onChange={(e) => dispatch({ type: 'filePicked', file: e.target.files?.[0] ?? null })}
          />
          {choice.file ? (
            <p className="font-medium">
              {choice.file.name} <span className="text-slate-500">({formatSize(choice.file.size)})</span>
            </p>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">Drag a book here, or</p>
          )}
          <label
            htmlFor="book-file"
            className="mt-3 inline-block cursor-pointer rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {choice.file ? 'Choose another file' : 'Choose a file'}
          </label>
        </div>
      ) : (
        <TextArea
          label="Book text"
          rows={12}
          value={choice.text}
          onChange={(e) => dispatch({ type: 'detailsEdited', details: { text: e.target.value } })}
          placeholder={'Chapter 1\n\nIt was a bright cold day in April…'}
          hint={`${choice.text.length.toLocaleString()} characters. Headings like “Chapter 1” or “Part II” become chapters.`}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title (optional)"
          value={choice.title}
          maxLength={200}
          onChange={(e) => dispatch({ type: 'detailsEdited', details: { title: e.target.value } })}
        />
        <TextField
          label="Description (optional)"
          value={choice.description}
          maxLength={5000}
          onChange={(e) => dispatch({ type: 'detailsEdited', details: { description: e.target.value } })}
        />
      </div>
      <FormError message={error} />
      <div className="flex justify-end">
        <Button onClick={() => dispatch({ type: 'next' })}>Next</Button>
      </div>
    </div>
  );
}

import { MAX_UPLOAD_BYTES } from '@contracts/books';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, TextArea, TextField } from '@/components/ui/field';

export type UploadMethod = 'file' | 'text';

export interface MethodChoice {
  method: UploadMethod;
  file: File | null;
  text: string;
  title: string;
  description: string;
}

const ACCEPT = '.pdf,.docx,.txt,.epub';
const ACCEPTED = /\.(pdf|docx|txt|epub)$/i;

/** Client-side checks with the product's messages; the server checks again (and the real type). */
export function validateMethod(choice: MethodChoice): string | null {
  if (choice.method === 'file') {
    if (!choice.file) return 'Please select a file to upload.';
    if (!ACCEPTED.test(choice.file.name)) return 'Accepted file types are .pdf, .docx, .txt and .epub.';
    if (choice.file.size === 0) return 'The file is empty.';
    if (choice.file.size > MAX_UPLOAD_BYTES)
      return 'The file is larger than 10 MB. Upload a smaller file or paste the text.';
    return null;
  }
  return choice.text.trim() ? null : 'Please provide text content.';
}

const formatSize = (bytes: number) =>
  bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function MethodStep({
  value,
  onChange,
  onNext,
}: {
  value: MethodChoice;
  onChange: (v: MethodChoice) => void;
  onNext: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const next = () => {
    const problem = validateMethod(value);
    setError(problem);
    if (!problem) onNext();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onChange({ ...value, file, method: 'file' });
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
            aria-checked={value.method === method}
            onClick={() => onChange({ ...value, method })}
            className={`rounded-xl border-2 p-4 text-left transition ${
              value.method === method
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

      {value.method === 'file' ? (
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
            ref={input}
            id="book-file"
            type="file"
            accept={ACCEPT}
            className="sr-only"
            onChange={(e) => onChange({ ...value, file: e.target.files?.[0] ?? null })}
          />
          {value.file ? (
            <p className="font-medium">
              {value.file.name} <span className="text-slate-500">({formatSize(value.file.size)})</span>
            </p>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">Drag a book here, or</p>
          )}
          <label
            htmlFor="book-file"
            className="mt-3 inline-block cursor-pointer rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {value.file ? 'Choose another file' : 'Choose a file'}
          </label>
        </div>
      ) : (
        <TextArea
          label="Book text"
          rows={12}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
          placeholder={'Chapter 1\n\nIt was a bright cold day in April…'}
          hint={`${value.text.length.toLocaleString()} characters. Headings like “Chapter 1” or “Part II” become chapters.`}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title (optional)"
          value={value.title}
          maxLength={200}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
        />
        <TextField
          label="Description (optional)"
          value={value.description}
          maxLength={5000}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
      </div>
      <FormError message={error} />
      <div className="flex justify-end">
        <Button onClick={next}>Next</Button>
      </div>
    </div>
  );
}

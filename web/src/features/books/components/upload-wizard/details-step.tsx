import type { Book, BookType, Difficulty, Genre, LearningCategory } from '@contracts/books';
import { BOOK_TYPES, DIFFICULTIES, GENRES, LEARNING_CATEGORIES } from '@contracts/books';
import { bookDetailsRequest, type BookDetailsRequest } from '@contracts/book-requests';
import { firstError, MAX_BOOK_DESCRIPTION_LENGTH, MAX_BOOK_TITLE_LENGTH } from '@contracts/validation';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { BookCover } from '@/components/book/book-cover';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/field';
import { TagInput } from '@/components/ui/tag-input';
import { updateBookDetails, uploadCover } from '@/features/books/api/books';
import { useFormSubmit } from '@/lib/use-form-submit';
import { optionLabel } from '../labels';

export const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['sv', 'Swedish'],
  ['ja', 'Japanese'],
  ['zh', 'Chinese'],
];

/** The details form as typed: choices may still be empty and the duration is digits. */
interface DetailsForm {
  title: string;
  author_name: string;
  book_type: BookType | '';
  difficulty: Difficulty | '';
  description: string;
  language: string;
  duration: string;
  tags: string[];
  genre: Genre | '';
  category: LearningCategory | '';
}

const formOf = (book: Book): DetailsForm => ({
  title: book.title,
  author_name: book.author_name,
  book_type: book.book_type,
  difficulty: book.difficulty,
  description: book.description,
  language: book.language || 'en',
  duration: book.estimated_duration?.toString() ?? '',
  tags: book.tags,
  genre: book.genre ?? '',
  category: book.category ?? '',
});

/** The PUT /books/{id} body of the form, checked with the API's schema before it is sent. */
const requestOf = (form: DetailsForm) => ({
  title: form.title.trim(),
  author_name: form.author_name.trim(),
  book_type: form.book_type,
  difficulty: form.difficulty,
  description: form.description,
  language: form.language,
  // Typed as digits, sent as a number, or null when empty.
  estimated_duration: /^\d+$/.test(form.duration) ? Number(form.duration) : null,
  tags: form.tags,
  genre: form.genre || null,
  category: form.category || null,
});

/** A choice among `options` (shown with their labels), after an optional empty one. */
function Select<T extends string>({
  label,
  value,
  onChange,
  empty,
  options = [],
  children,
}: {
  label: string;
  value: T | '';
  onChange: (value: T | '') => void;
  empty?: string;
  options?: readonly T[];
  children?: ReactNode;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
      {children}
    </SelectField>
  );
}

export function DetailsStep({ book, onSaved }: { book: Book; onSaved: (book: Book) => void }) {
  const [form, setForm] = useState(() => formOf(book));
  const set =
    <K extends keyof DetailsForm>(key: K) =>
    (value: DetailsForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));
  const [cover, setCover] = useState<string | null>(book.cover_image_url);
  const [coverBusy, setCoverBusy] = useState(false);
  const { busy, error, submit } = useFormSubmit();

  const onCover = async (file: File | undefined) => {
    if (!file) return;
    setCoverBusy(true);
    try {
      setCover(await uploadCover(book.id, file));
    } catch {
      toast.error('Failed to upload cover image.');
    } finally {
      setCoverBusy(false);
    }
  };

  const details = requestOf(form);
  const send = async () => {
    try {
      const saved = await updateBookDetails(book.id, details as BookDetailsRequest);
      toast.success('Book details updated!');
      onSaved(saved);
    } catch {
      toast.error('Failed to update book details.');
    }
  };

  return (
    <form
      onSubmit={submit(() => firstError(bookDetailsRequest, details), send)}
      noValidate
      className="space-y-5"
    >
      <div className="flex items-center gap-4">
        <BookCover
          book={{ title: form.title, cover_image_url: cover, book_type: form.book_type || 'learning' }}
          className="h-28 w-20"
        />
        <div>
          <input
            id="cover-file"
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => void onCover(e.target.files?.[0])}
          />
          <label
            htmlFor="cover-file"
            className="inline-block cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {coverBusy ? 'Uploading...' : cover ? 'Change cover image' : 'Upload cover image'}
          </label>
          <p className="mt-1 text-xs text-slate-500">JPEG, PNG or WebP, up to 8 MB.</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          required
          value={form.title}
          maxLength={MAX_BOOK_TITLE_LENGTH}
          onChange={(e) => set('title')(e.target.value)}
        />
        <TextField
          label="Author name"
          required
          value={form.author_name}
          maxLength={MAX_BOOK_TITLE_LENGTH}
          onChange={(e) => set('author_name')(e.target.value)}
        />
        <Select
          label="Book type"
          empty="Choose…"
          options={BOOK_TYPES}
          value={form.book_type}
          onChange={set('book_type')}
        />
        <Select
          label="Difficulty"
          empty="Choose…"
          options={DIFFICULTIES}
          value={form.difficulty}
          onChange={set('difficulty')}
        />
        <Select label="Language" value={form.language} onChange={set('language')}>
          {LANGUAGES.some(([code]) => code === form.language) ? null : (
            <option value={form.language}>{form.language}</option>
          )}
          {LANGUAGES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
        <TextField
          label="Estimated duration (minutes)"
          inputMode="numeric"
          value={form.duration}
          onChange={(e) => set('duration')(e.target.value.replace(/\D/g, ''))}
        />
        {form.book_type === 'entertainment' ? (
          <Select label="Genre" empty="None" options={GENRES} value={form.genre} onChange={set('genre')} />
        ) : (
          <Select
            label="Category"
            empty="None"
            options={LEARNING_CATEGORIES}
            value={form.category}
            onChange={set('category')}
          />
        )}
      </div>
      <TextArea
        label="Description"
        rows={4}
        maxLength={MAX_BOOK_DESCRIPTION_LENGTH}
        value={form.description}
        onChange={(e) => set('description')(e.target.value)}
      />
      <TagInput tags={form.tags} onChange={set('tags')} />
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}

import type { Book, BookType, Difficulty, Genre, LearningCategory } from '@contracts/books';
import { DIFFICULTIES, GENRES, LEARNING_CATEGORIES } from '@contracts/books';
import { bookDetailsRequest, type BookDetailsRequest } from '@contracts/book-requests';
import { firstError } from '@contracts/validation';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { BookCover } from '@/components/book/book-cover';
import { Button } from '@/components/ui/button';
import { FormError, SelectField, TextArea, TextField } from '@/components/ui/field';
import { TagInput } from '@/components/ui/tag-input';
import { updateBookDetails, uploadCover } from '@/features/books/api/books';
import { useFormSubmit } from '@/lib/use-form-submit';

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

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {children}
    </SelectField>
  );
}

/** Estimated duration is typed as digits and sent as a number, or null when empty. */
const durationValue = (input: string): number | null => (/^\d+$/.test(input) ? Number(input) : null);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function DetailsStep({ book, onSaved }: { book: Book; onSaved: (book: Book) => void }) {
  const [title, setTitle] = useState(book.title);
  const [authorName, setAuthorName] = useState(book.author_name);
  const [bookType, setBookType] = useState<BookType | ''>(book.book_type);
  const [difficulty, setDifficulty] = useState<Difficulty | ''>(book.difficulty);
  const [description, setDescription] = useState(book.description);
  const [language, setLanguage] = useState(book.language || 'en');
  const [duration, setDuration] = useState(book.estimated_duration?.toString() ?? '');
  const [tags, setTags] = useState<string[]>(book.tags);
  const [genre, setGenre] = useState<Genre | ''>(book.genre ?? '');
  const [category, setCategory] = useState<LearningCategory | ''>(book.category ?? '');
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

  const details = {
    title: title.trim(),
    author_name: authorName.trim(),
    book_type: bookType,
    difficulty,
    description,
    language,
    estimated_duration: durationValue(duration),
    tags,
    genre: genre || null,
    category: category || null,
  };
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
          book={{ title, cover_image_url: cover, book_type: bookType || 'learning' }}
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
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label="Author name"
          required
          value={authorName}
          maxLength={200}
          onChange={(e) => setAuthorName(e.target.value)}
        />
        <Select label="Book type" value={bookType} onChange={(v) => setBookType(v as BookType | '')}>
          <option value="">Choose…</option>
          <option value="learning">Learning</option>
          <option value="entertainment">Entertainment</option>
        </Select>
        <Select label="Difficulty" value={difficulty} onChange={(v) => setDifficulty(v as Difficulty | '')}>
          <option value="">Choose…</option>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {capitalise(d)}
            </option>
          ))}
        </Select>
        <Select label="Language" value={language} onChange={setLanguage}>
          {LANGUAGES.some(([code]) => code === language) ? null : (
            <option value={language}>{language}</option>
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
          value={duration}
          onChange={(e) => setDuration(e.target.value.replace(/\D/g, ''))}
        />
        {bookType === 'entertainment' ? (
          <Select label="Genre" value={genre} onChange={(v) => setGenre(v as Genre | '')}>
            <option value="">None</option>
            {GENRES.map((g) => (
              <option key={g} value={g}>
                {g === 'scifi' ? 'Sci-fi' : capitalise(g)}
              </option>
            ))}
          </Select>
        ) : (
          <Select label="Category" value={category} onChange={(v) => setCategory(v as LearningCategory | '')}>
            <option value="">None</option>
            {LEARNING_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {capitalise(c)}
              </option>
            ))}
          </Select>
        )}
      </div>
      <TextArea
        label="Description"
        rows={4}
        maxLength={5000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TagInput tags={tags} onChange={setTags} />
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}

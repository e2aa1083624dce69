import { useId, useState, type KeyboardEvent } from 'react';

/** Tags typed and committed with Enter or a comma (pasting "a, b" adds both); duplicates are ignored. */
export function addTags(current: string[], input: string): string[] {
  const next = [...current];
  for (const raw of input.split(',')) {
    const tag = raw.trim();
    if (tag && !next.some((t) => t.toLowerCase() === tag.toLowerCase())) next.push(tag);
  }
  return next;
}

export function TagInput({
  tags,
  onChange,
  label = 'Tags',
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  label?: string;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const commit = () => {
    if (!draft.trim()) return;
    onChange(addTags(tags, draft));
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && !draft && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900">
        {tags.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-700 dark:bg-brand-600/20 dark:text-brand-100"
          >
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          onChange={(e) => {
            const value = e.target.value;
            if (!value.includes(',')) return setDraft(value);
            onChange(addTags(tags, value));
            setDraft('');
          }}
          onKeyDown={onKeyDown}
          onBlur={commit}
          placeholder={tags.length ? '' : 'Type a tag, then Enter or comma'}
          className="min-w-[8rem] flex-1 bg-transparent py-0.5 text-sm outline-none"
        />
      </div>
    </div>
  );
}

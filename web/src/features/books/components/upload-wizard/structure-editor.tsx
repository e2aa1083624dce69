import type { BookStructure } from '@contracts/books';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { addChapter, moveChapter, sectionHeading, type EditableChapter } from './chapters';
import { BookOpen, Library } from 'lucide-react';

export function StructureEditor({
  structure,
  chapters,
  onChange,
}: {
  structure: Pick<BookStructure, 'has_sections' | 'structure_type' | 'structure_metadata'>;
  chapters: EditableChapter[];
  onChange: (chapters: EditableChapter[]) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const update = (index: number, patch: Partial<EditableChapter>) =>
    onChange(chapters.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const label = structure.structure_metadata.chapter_label || 'Chapter';

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        {/* Drawn, not the structure's emoji: a machine without an emoji font shows an empty box. */}
        {structure.structure_type === 'hierarchical' ? (
          <Library aria-hidden="true" className="h-4 w-4" />
        ) : (
          <BookOpen aria-hidden="true" className="h-4 w-4" />
        )}
        <span className="font-medium text-slate-800 dark:text-slate-200">
          {structure.structure_metadata.display_name}
        </span>
        <Badge tone={structure.structure_type === 'hierarchical' ? 'purple' : 'slate'}>
          {structure.structure_type}
        </Badge>
        <span>{structure.structure_metadata.description}</span>
      </div>
      <ol className="space-y-2" aria-label="Chapters">
        {chapters.map((chapter, index) => {
          const showSection =
            structure.has_sections &&
            chapter.section &&
            chapter.section.title !== chapters[index - 1]?.section?.title;
          return (
            <li key={chapter.key}>
              {showSection && (
                <h3 className="mb-2 mt-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {sectionHeading(structure.structure_metadata.section_label, chapter.section!)}
                </h3>
              )}
              <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-8 shrink-0 text-sm text-slate-500">{index + 1}.</span>
                  <input
                    aria-label={`${label} ${index + 1} title`}
                    value={chapter.title}
                    onChange={(e) => update(index, { title: e.target.value })}
                    className="min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-2 py-1 font-medium hover:border-slate-300 focus:border-brand-500 focus:outline-none dark:hover:border-slate-700"
                  />
                  <span className="text-xs text-slate-500">
                    {chapter.content.split(/\s+/).filter(Boolean).length.toLocaleString()} words
                  </span>
                  <div className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${chapter.title} up`}
                      disabled={index === 0}
                      onClick={() => onChange(moveChapter(chapters, index, -1))}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Move ${chapter.title} down`}
                      disabled={index === chapters.length - 1}
                      onClick={() => onChange(moveChapter(chapters, index, 1))}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={open === chapter.key}
                      onClick={() => setOpen(open === chapter.key ? null : chapter.key)}
                    >
                      {open === chapter.key ? 'Close' : 'Edit'}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 dark:text-red-400"
                      aria-label={`Remove ${chapter.title}`}
                      onClick={() => onChange(chapters.filter((_, i) => i !== index))}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
                {open === chapter.key ? (
                  <div className="mt-2">
                    <label className="sr-only" htmlFor={`content-${chapter.key}`}>
                      {label} {index + 1} text
                    </label>
                    <textarea
                      id={`content-${chapter.key}`}
                      rows={10}
                      value={chapter.content}
                      readOnly={chapter.contentTruncated}
                      onChange={(e) => update(index, { content: e.target.value, edited: true })}
                      className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                    />
                    {chapter.contentTruncated && (
                      <p className="mt-1 text-xs text-slate-500">
                        This chapter is long: its text is shown in part and kept as extracted.
                      </p>
                    )}
                  </div>
                ) : (
                  <p className="ml-10 mt-1 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
                    {chapter.content.slice(0, 300) || 'No text yet.'}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="mt-3" onClick={() => onChange(addChapter(chapters))}>
        + Add chapter
      </Button>
    </div>
  );
}

import type { SaveStructureChapter } from '@contracts/book-requests';
import type { RemovedMatter, StructureChapter } from '@contracts/books';

/** The chapter list of the review step: what the owner renames, reorders, edits, removes and adds. */
export interface EditableChapter {
  key: string;
  title: string;
  content: string;
  contentTruncated: boolean;
  edited: boolean;
  sourceNumber?: number;
  section?: { title: string; type: string; number: number };
  /** Index in the structure's `removed` list of the front or back matter this chapter restores. */
  restored?: number;
}

let nextKey = 0;
const newKey = () => `c${++nextKey}`;

export function toEditable(chapters: StructureChapter[]): EditableChapter[] {
  return chapters.map((c) => ({
    key: newKey(),
    title: c.title,
    content: c.content,
    contentTruncated: Boolean(c.content_truncated),
    edited: false,
    sourceNumber: c.chapter_number,
    ...(c.section_title
      ? {
          section: {
            title: c.section_title,
            type: c.section_type ?? 'section',
            number: c.section_number ?? 1,
          },
        }
      : {}),
  }));
}

/** The payload of save-structure: unchanged chapters refer to the extracted text instead of resending it. */
export function toSavePayload(chapters: EditableChapter[]): SaveStructureChapter[] {
  return chapters.map((c, index) => ({
    title: c.title.trim() || 'New Chapter',
    chapter_number: index + 1,
    ...(c.sourceNumber ? { source_chapter_number: c.sourceNumber } : {}),
    ...(c.edited || !c.sourceNumber ? { content: c.content } : {}),
    ...(c.section
      ? { section_title: c.section.title, section_type: c.section.type, section_number: c.section.number }
      : {}),
  }));
}

/** "Part 2: The Return", or just the title when it already says "Part Two". */
export function sectionHeading(label: string, section: { title: string; number: number }): string {
  const name = label || 'Section';
  return section.title.toLowerCase().startsWith(name.toLowerCase())
    ? section.title
    : `${name} ${section.number}: ${section.title}`;
}

export function moveChapter(chapters: EditableChapter[], index: number, delta: -1 | 1): EditableChapter[] {
  const target = index + delta;
  if (target < 0 || target >= chapters.length) return chapters;
  const next = [...chapters];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function addChapter(chapters: EditableChapter[]): EditableChapter[] {
  const last = chapters.at(-1);
  return [
    ...chapters,
    {
      key: newKey(),
      title: 'New Chapter',
      content: '',
      contentTruncated: false,
      edited: true,
      ...(last?.section ? { section: last.section } : {}),
    },
  ];
}

/** Kinds of removed matter that sit after the chapters; the rest comes before them. */
const BACK_MATTER: readonly RemovedMatter['kind'][] = [
  'notes',
  'index',
  'colophon',
  'licence',
  'back_matter',
];

const KIND_NAMES: Record<RemovedMatter['kind'], string> = {
  title_page: 'title page',
  half_title: 'half title',
  contents: 'contents',
  copyright: 'copyright page',
  dedication: 'dedication',
  epigraph: 'epigraph',
  illustrations: 'list of illustrations',
  notes: 'notes',
  index: 'index',
  colophon: 'colophon',
  licence: 'licence',
  front_matter: 'front matter',
  back_matter: 'back matter',
};

export const removedKindName = (kind: RemovedMatter['kind']) => KIND_NAMES[kind] ?? kind.replace(/_/g, ' ');

/** The removed matter not restored yet, with its index in the structure's list. */
export function stillRemoved(removed: readonly RemovedMatter[], chapters: EditableChapter[]) {
  const restored = new Set(chapters.map((c) => c.restored).filter((i) => i !== undefined));
  return removed.map((item, index) => ({ item, index })).filter(({ index }) => !restored.has(index));
}

/**
 * Puts removed front or back matter back as a chapter with its own text: front matter before the
 * first chapter (after any already restored before it), back matter after the last.
 */
export function restoreRemoved(
  chapters: EditableChapter[],
  removed: readonly RemovedMatter[],
  index: number,
): EditableChapter[] {
  const item = removed[index];
  if (!item || chapters.some((c) => c.restored === index)) return chapters;
  const chapter: EditableChapter = {
    key: newKey(),
    title: item.title,
    content: item.content,
    contentTruncated: Boolean(item.content_truncated),
    edited: true,
    restored: index,
  };
  if (BACK_MATTER.includes(item.kind)) return [...chapters, chapter];
  // Keep restored front matter in its reading order.
  let at = 0;
  while (at < chapters.length && chapters[at]!.restored !== undefined && chapters[at]!.restored! < index)
    at++;
  return [
    ...chapters.slice(0, at),
    { ...chapter, ...(chapters[at]?.section ? { section: chapters[at]!.section } : {}) },
    ...chapters.slice(at),
  ];
}

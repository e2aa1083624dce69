import type { SaveStructureChapter, StructureChapter } from '@contracts/books';

/** The chapter list of the review step: what the owner renames, reorders, edits, removes and adds. */
export interface EditableChapter {
  key: string;
  title: string;
  content: string;
  contentTruncated: boolean;
  edited: boolean;
  sourceNumber?: number;
  section?: { title: string; type: string; number: number };
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

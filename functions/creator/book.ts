import { splitSentences } from '../engine/text/sentences';

/**
 * A book written from a prompt by a text model: first an outline (a title and a line per chapter),
 * then each chapter in turn with the idea and the outline as its source, then the whole as the
 * pasted text of an upload, with "Chapter N: title" headings that book processing splits at.
 */
export const MAX_BOOK_CHAPTERS = 8;
export const CHAPTER_WORDS = 1200;

export const OUTLINE_INSTRUCTIONS =
  'Plan a short book from the idea in the source text. Plain text only, no Markdown. First line: "Title: " and the ' +
  `book's title. Then 3 to ${MAX_BOOK_CHAPTERS} lines, one per chapter, each "Chapter N: chapter title - what ` +
  'happens in it, in one sentence".';

export interface OutlineChapter {
  title: string;
  summary: string;
}

export interface Outline {
  title: string;
  chapters: OutlineChapter[];
}

const CHAPTER_LINE =
  /^(?:chapter|ch\.?)\s*(\d+|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*[:.\-–—)]\s*(.+)$/i;
/** A line a chapter's prose may hold that book processing would take for a heading of its own. */
const HEADING_LIKE =
  /^(?:[#*\s]*)(?:chapter|part|book)\s+(?:\d+|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i;

/** The model's outline: its title and its chapter lines, in order (at most MAX_BOOK_CHAPTERS). */
export function readOutline(answer: string, fallbackTitle: string): Outline {
  let title = fallbackTitle;
  const chapters: OutlineChapter[] = [];
  for (const raw of answer.split(/\n/)) {
    const line = raw
      .replace(/\*\*|__/g, '')
      .replace(/^[#*\s\-•]+|[*\s]+$/g, '')
      .replace(/^\d+[.)]\s+/, '')
      .trim();
    const titled = /^(?:book\s+)?title\s*:\s*(.+)$/i.exec(line);
    if (titled) {
      title = titled[1]!.replace(/^["“]|["”]$/g, '').trim() || title;
      continue;
    }
    const chapter = CHAPTER_LINE.exec(line);
    if (!chapter) continue;
    const [name, ...rest] = chapter[2]!.split(/\s+[-–—]\s+/);
    chapters.push({
      title: name!.replace(/^["“]|["”]$/g, '').trim(),
      summary: rest.join(' - ').trim(),
    });
  }
  return { title, chapters: chapters.filter((c) => c.title).slice(0, MAX_BOOK_CHAPTERS) };
}

/** The request for one chapter: what to write now; the idea and the outline go as its source. */
export function chapterRequest(outline: Outline, index: number): string {
  const chapter = outline.chapters[index]!;
  return (
    `Write chapter ${index + 1} of ${outline.chapters.length}, "${chapter.title}", of the book "${outline.title}"` +
    `${chapter.summary ? `: ${chapter.summary}` : ''}. Prose only, in full paragraphs, without the chapter heading; ` +
    'continue from the chapters before it and follow the idea and the outline in the source text.'
  );
}

export const outlineText = (outline: Outline) =>
  outline.chapters
    .map((c, i) => `Chapter ${i + 1}: ${c.title}${c.summary ? ` - ${c.summary}` : ''}`)
    .join('\n');

/**
 * A chapter's prose without a heading the model may have repeated at its top, and without lines
 * that would read as a heading of their own (book processing would split the chapter there).
 */
function bodyOf(text: string, title: string): string {
  const lines = text.trim().split(/\n/);
  const first = lines[0]!
    .replace(/^[#*\s]+|[*\s]+$/g, '')
    .trim()
    .toLowerCase();
  if (first === title.toLowerCase()) lines.shift();
  return lines
    .filter((line) => !HEADING_LIKE.test(line.trim()))
    .join('\n')
    .trim();
}

/** The book as pasted text, each chapter under the heading book processing splits at. */
export function bookText(outline: Outline, chapters: string[]): string {
  return outline.chapters
    .map((c, i) => `Chapter ${i + 1}: ${c.title}\n\n${bodyOf(chapters[i] ?? '', c.title)}`)
    .join('\n\n\n');
}

/** The book's description: the idea's first sentence. */
export const descriptionOf = (prompt: string) => (splitSentences(prompt)[0] ?? '').slice(0, 500);

import { endsWithBrokenWord, isPageNumberText } from './text-tools';

/**
 * Final tidy-up of a chapter's text: NFC Unicode, one kind of space, no stray page numbers, no
 * leftover end-of-line hyphenation, at most one blank line between paragraphs. Line breaks inside a
 * paragraph (verse, addresses) are kept.
 */
export function cleanChapterContent(text: string): string {
  const normalised = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // Zero-width spaces, BOMs and soft hyphens are invisible noise for narration and search (joiners
    // are kept: emoji sequences and several scripts need them).
    .replace(/[\u200b\u2060\ufeff\u00ad]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ');

  const lines: string[] = [];
  for (const raw of normalised.split('\n')) {
    const line = raw.replace(/ {2,}/g, ' ').trim();
    if (line && isPageNumberText(line, false)) continue;
    const previous = lines[lines.length - 1];
    if (previous && line && endsWithBrokenWord(previous, line)) {
      lines[lines.length - 1] = previous.slice(0, -1) + line;
      continue;
    }
    lines.push(line);
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Books and their authors named in a story: "while I have Udolpho to read", "Udolpho was written by
 * Mrs. Radcliffe", "all Mrs. Radcliffe's works". Characters read them; they are no one of the story.
 */
import { escapeRegExp } from '../../strings';
import type { PhraseStats } from '../entities';

/** Words before a book's name: what one does with a book, or a part of it. */
const WORK_BEFORE =
  /\b(?:read|reads|reading|re-read|finished|finish|begun|begin|began|gone on with|go on with|pages of|volume of|volumes of|copy of|chapters? of|extracts? from)\s+$/i;
/** Words after a book's name: it was written, or it is to be read. */
const WORK_AFTER = /^\s*(?:was|is|were|has been|had been)\s+(?:written|published)\b|^\s+to\s+read\b/i;
/** Words before an author's name. */
const AUTHOR_BEFORE =
  /\b(?:written|composed|translated|novels?|poems?|plays?|books?|tales?|romances?|works?)\s+(?:by|of)\s+$/i;
/** An author's possessive before what they wrote ("Mrs. Radcliffe's works"). */
const AUTHOR_AFTER =
  /^['’ ]s\s+(?:\p{L}+\s+)?(?:works|novels?|poems?|plays?|books|writings|verses|sonnets|tales|romances)\b/iu;

/** How far before a name the cue is read, in characters. */
const REACH = 40;

/** Whether a name is mostly that of a book or an author the characters read (two cues, a quarter of its uses at least). */
export function bookOrAuthor(text: string, stats: PhraseStats): boolean {
  let cues = 0;
  let uses = 0;
  for (const surface of stats.surfaces.keys()) {
    const escaped = escapeRegExp(surface).replace(/ /g, '\\s+');
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'gu'))) {
      uses++;
      const before = text.slice(Math.max(0, m.index - REACH), m.index).replace(/\s+/g, ' ');
      const end = m.index + m[0].length;
      const after = text.slice(end, end + REACH).replace(/\s+/g, ' ');
      if (
        WORK_BEFORE.test(before) ||
        WORK_AFTER.test(after) ||
        AUTHOR_BEFORE.test(before) ||
        AUTHOR_AFTER.test(after)
      )
        cues++;
    }
  }
  return cues >= 2 && cues >= uses * 0.25;
}

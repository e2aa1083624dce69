/**
 * The checks a script written by a text model must pass, by the same reading of the chapter the
 * offline engine uses: a line that is one of the passage's quotations goes to the speaker the
 * attribution gives; a line of the model's own is kept only when its speaker is present; present
 * are the characters who act or speak in the passage; and every name is the character's name in
 * the cast, so a character's aliases stay one character (never HENRY talking to CLERVAL).
 */
import type { DialogueLine } from '../types';
import { dialogueWithNarrator, type Quote } from './dialogue';
import { findCast, nameKey, type Cast, type Character, type Mention } from './names';
import { quoteParts } from './passage';
import { acts, presentCharacters } from './presence';
import { sentenceSpans } from '../sentences';
import { escapeRegExp } from '../strings';

export interface ChapterReading {
  text: string;
  cast: Cast;
  quotes: Quote[];
  narrator?: Character;
}

/** The chapter read once: its cast, its quotations with their speakers, its narrator. */
export function readChapter(text: string, knownNames?: readonly string[]): ChapterReading {
  const cast = findCast(text, { knownNames });
  const { quotes, narrator } = dialogueWithNarrator(text, cast);
  return { text, cast, quotes, narrator };
}

/** Share of a line's words a quotation must hold to be the line the model took from it. */
const SAME_LINE = 0.6;

/** A model's scene made to agree with the passage: its lines' speakers and the characters present. */
export function groundScene(
  reading: ChapterReading,
  span: { start: number; end: number },
  scene: { characters: readonly string[]; dialogue: readonly DialogueLine[] },
): { characters: string[]; dialogue: DialogueLine[] } {
  const present = presentCharacters(reading, span);
  const quotes = reading.quotes.filter((q) => q.start >= span.start && q.start < span.end);
  const dialogue: DialogueLine[] = [];
  for (const line of scene.dialogue) {
    const quote = sourceQuote(reading.text, quotes, line.line);
    const character = quote?.speaker ?? characterNamed(reading.cast, line.character);
    if (character) {
      if (quote?.speaker || present.includes(character))
        dialogue.push({ ...line, character: character.name });
      continue;
    }
    // Someone the cast does not know: kept when the passage has them act there.
    if (!quote && actsUnder(reading, span, line.character)) dialogue.push(line);
  }
  // The model's order for those it names who are there, then whoever else acts or speaks there.
  const names: string[] = [];
  const add = (name: string) => {
    if (!names.includes(name)) names.push(name);
  };
  for (const name of scene.characters) {
    const known = characterNamed(reading.cast, name);
    if (known ? present.includes(known) : actsUnder(reading, span, name)) add(known?.name ?? name);
  }
  for (const character of present) add(character.name);
  for (const line of dialogue) add(line.character);
  return { characters: names, dialogue };
}

/** The passage's quotation a line was taken from: one holding most of the line's words. */
function sourceQuote(text: string, quotes: readonly Quote[], line: string): Quote | undefined {
  const words = wordsOf(line);
  if (words.length === 0) return undefined;
  let best: { quote: Quote; share: number } | undefined;
  for (const quote of quotes) {
    const inside = new Set(quoteParts(text, quote).flatMap((part) => wordsOf(part.text)));
    const share = words.filter((w) => inside.has(w)).length / words.length;
    if (share >= SAME_LINE && (!best || share > best.share)) best = { quote, share };
  }
  return best?.quote;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** The cast's character a written name stands for: the same name, an alias, or its first or last word. */
export function characterNamed(cast: Cast, name: string): Character | undefined {
  const key = nameKey(name.trim());
  const exact = cast.characters.find((c) => c.name === name.trim() || c.aliases.includes(key));
  if (exact) return exact;
  const parts = key.split(/\s+/).filter((w) => w.length >= 3);
  const matches = cast.characters.filter((c) => c.aliases.some((a) => parts.includes(a)));
  return matches.length === 1 ? matches[0] : undefined;
}

/** Whether the passage has someone the cast does not know (by this name) act in its narration. */
function actsUnder(reading: ChapterReading, span: { start: number; end: number }, name: string): boolean {
  const key = nameKey(name.trim());
  if (key.length < 2) return false;
  const pattern = new RegExp(`(?<![\\p{L}])${escapeRegExp(key)}(?![\\p{L}])`, 'giu');
  const passage = reading.text.slice(span.start, span.end);
  const sentences = sentenceSpans(passage);
  for (const match of passage.matchAll(pattern)) {
    const start = span.start + match.index;
    if (reading.quotes.some((q) => start >= q.start && start < q.end)) continue;
    const sentence = sentences.findLast((s) => s.start <= match.index) ?? { start: 0 };
    const mention = { start, end: start + match[0].length } as Mention;
    if (acts(reading.text, mention, span.start + sentence.start)) return true;
  }
  return false;
}

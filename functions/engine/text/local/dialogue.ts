/**
 * Quotations of a text and who speaks them, as the script, voice and audio stages use them. The
 * reading itself (finding quotations, the attribution sieve) lives in `reading/`; this module shapes
 * its answer into lines of dialogue: an interrupted quotation (`"Well," said she, "go on."`) is one
 * line, with the way it is said taken from its tag.
 */
import { SPEECH_VERBS } from './lexicon';
import { nameTitleClass, type Cast, type Character } from './names';
import {
  attributeQuotations,
  castNarrator,
  type AttributedPart,
  type AttributionMethod,
} from './reading/attribution';
import { innerText, scanQuotations } from './reading/quotations';
import { mentionsIn, mentionsOutside } from './reading/tags';
import { readingText } from './reading/text';
import { paragraphSpans } from '../sentences';

export type Attribution = 'tag' | 'pronoun' | 'paragraph' | 'action' | 'turn' | 'none';

export interface Quote {
  /** The spoken words without quotation marks, ending in sentence punctuation. */
  text: string;
  /** Offsets of the quotation including its marks (from its first part to its last when a tag interrupts it). */
  start: number;
  end: number;
  paragraph: number;
  speaker?: Character;
  /** How the words are said, from the speech verb or its adverb ("whispering", "quietly"). */
  parenthetical?: string;
  attribution: Attribution;
  /** Each contiguous quoted span of the line (two when a tag interrupts it). */
  parts?: { start: number; end: number }[];
  /** Which pass of the attribution sieve decided the speaker. */
  method?: AttributionMethod;
}

/**
 * The quotations of a text with their speakers, and the narrator when the text is told by a named
 * "I". With `describedSpeakers` (scripts), someone known only by a description that speaks ("the
 * captain") is a speaker of their own and joins `cast`, as `npm run engine -- quotes` reads it. Names only ever spoken to someone ("Miss Harrow," Crane said to Nell) are folded into that
 * someone first (`foldAddressedNames`), so `cast` may lose such characters.
 */
export function dialogueWithNarrator(
  text: string,
  cast: Cast,
  options: { describedSpeakers?: boolean } = {},
): { quotes: Quote[]; narrator?: Character; tellers: Character[] } {
  const described = options.describedSpeakers ?? false;
  let first = attributedDialogue(text, cast, undefined, described);
  if (foldAddressedNames(text, cast, first.quotes))
    first = attributedDialogue(text, cast, undefined, described);
  castNarrator(cast, first.narrator);
  if (described) joinDescribed(cast, first);
  return first;
}

/**
 * Those a passage knows only by a description that speaks ("the captain", "the blind man") join the
 * cast after the named, as in `readStory`: a script's lines are theirs, not a named bystander's.
 */
function joinDescribed(cast: Cast, dialogue: { quotes: Quote[]; narrator?: Character }) {
  const described = new Set(
    dialogue.quotes.flatMap((q) => (q.speaker && !cast.characters.includes(q.speaker) ? [q.speaker] : [])),
  );
  if (dialogue.narrator) described.delete(dialogue.narrator);
  cast.characters.push(...[...described].sort((a, b) => b.mentions - a.mentions));
}

/**
 * "Miss Harrow" said only inside quotations, to or about the young woman the narration calls
 * "Nell", is Nell's surname with a title: a titled name that never appears in the narration is
 * folded into the character of that gender, known by a given name only, whom the narration names
 * in the same or a neighbouring paragraph, when the text points to one such character. Changes
 * `cast` in place; answers whether anything was folded.
 */
export function foldAddressedNames(text: string, cast: Cast, quotes: readonly Quote[]): boolean {
  const paragraphs = paragraphSpans(text);
  const paragraphAt = (offset: number) => paragraphs.findIndex((p) => p.end >= offset);
  const quoteAt = (offset: number) => quotes.find((q) => q.start <= offset && offset < q.end);
  const narration = mentionsOutside(cast.mentions, quotes);
  let folded = false;
  for (const character of [...cast.characters]) {
    const cls = nameTitleClass(character.name);
    if (!cls || cls === 'man' || character.aliases.some((a) => a.includes(' ') && !nameTitleClass(a)))
      continue;
    const own = cast.mentions.filter((m) => m.character === character);
    if (own.length < 2 || own.some((m) => !quoteAt(m.start))) continue;
    const votes = new Map<Character, number>();
    for (const mention of own) {
      const quote = quoteAt(mention.start)!;
      const at = paragraphAt(quote.start);
      const around = mentionsIn(
        narration,
        paragraphs[Math.max(0, at - 1)]!.start,
        paragraphs[Math.min(paragraphs.length - 1, at + 1)]!.end,
      )
        .map((m) => m.character)
        .filter(
          (c) =>
            c !== character &&
            c !== quote.speaker &&
            c.gender === 'female' &&
            !c.title &&
            c.aliases.every((a) => !a.includes(' ')),
        );
      for (const c of new Set(around)) votes.set(c, (votes.get(c) ?? 0) + 1);
    }
    const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
    const [best, second] = ranked;
    if (!best || best[1] < Math.ceil((own.length * 2) / 3) || (second && second[1] === best[1])) continue;
    const target = best[0];
    target.aliases = [...new Set([...target.aliases, ...character.aliases])].sort(
      (a, b) => b.length - a.length,
    );
    for (const mention of own) mention.character = target;
    target.mentions += own.length;
    cast.characters.splice(cast.characters.indexOf(character), 1);
    folded = true;
  }
  return folded;
}

const ATTRIBUTIONS: Record<AttributionMethod, Attribution> = {
  tag: 'tag',
  pronoun: 'pronoun',
  description: 'pronoun',
  utterance: 'paragraph',
  paragraph: 'paragraph',
  action: 'action',
  vocative: 'turn',
  turn: 'turn',
  scene: 'turn',
  none: 'none',
};

/** The lines of dialogue of a text with their speakers, all of them characters of `cast`. */
export function extractDialogue(raw: string, cast: Cast, options: { narrator?: Character } = {}): Quote[] {
  return attributedDialogue(raw, cast, options.narrator).quotes;
}

function attributedDialogue(
  raw: string,
  cast: Cast,
  narrator?: Character,
  describedSpeakers = false,
): { quotes: Quote[]; narrator?: Character; tellers: Character[] } {
  const text = readingText(raw);
  const scan = scanQuotations(text);
  // Without `describedSpeakers`, a line said by "the surgeon" is left to the turns around it.
  const attribution = attributeQuotations(text, scan, cast, { narrator, describedSpeakers });
  const lines: AttributedPart[][] = [];
  for (const part of attribution.parts) {
    const line = lines.at(-1);
    const last = line?.at(-1);
    if (line && last && interrupts(text, last, part)) line.push(part);
    else lines.push([part]);
  }
  const quotes = lines.map((line): Quote => {
    const first = line[0]!;
    // The words as the book writes them (the reading text has plain apostrophes).
    const words = line.map((p) => innerText(raw, p).trim()).join(' ');
    return {
      text: cleanLine(words),
      start: first.start,
      end: line.at(-1)!.end,
      paragraph: first.paragraph,
      speaker: first.speaker,
      parenthetical: howSaid(text, line, scan.paragraphs[first.paragraph]!.end),
      attribution: ATTRIBUTIONS[first.method],
      parts: line.map((p) => ({ start: p.start, end: p.end })),
      method: first.method,
    };
  });
  return {
    quotes: quotes.filter((q) => /\p{L}/u.test(q.text)),
    narrator: attribution.narrator,
    tellers: attribution.tellers,
  };
}

/** `"Then look carefully," Crane whispered, "because…"`: one line around its tag. */
function interrupts(text: string, a: AttributedPart, b: AttributedPart): boolean {
  if (a.paragraph !== b.paragraph || a.speaker !== b.speaker) return false;
  const gap = text.slice(a.end, b.start);
  // `‘and what is the use of a book,’ thought Alice ‘without pictures?’`: the sentence goes on after the tag.
  return (
    gap.length < 100 &&
    /\p{L}/u.test(gap) &&
    /[,;—–-]\s*["”’']?$/.test(text.slice(a.start, a.end)) &&
    /^["“‘']?\s*\p{Ll}/u.test(text.slice(b.start, b.end))
  );
}

const TAG_WORDS = new RegExp(
  `^[\\s,;:—–-]*(?:(?:\\p{L}+\\s+){0,4}?)(${[...SPEECH_VERBS.keys()].join('|')})\\b([^.!?"“”]{0,60})`,
  'u',
);

/** How a line is said: the adverb of its tag ("said Crane pleasantly") or what its verb implies ("whispered"). */
function howSaid(text: string, line: readonly AttributedPart[], paragraphEnd: number): string | undefined {
  for (const part of line) {
    const after = text.slice(part.end, Math.min(part.end + 120, paragraphEnd));
    const tag = TAG_WORDS.exec(after);
    if (!tag) continue;
    const adverb = /\b(\p{L}{3,}ly)\b/u.exec(after.slice(0, (tag.index ?? 0) + tag[0].length))?.[1];
    if (adverb && !/^(?:only|early|family|reply|ally)$/i.test(adverb)) return adverb.toLowerCase();
    return SPEECH_VERBS.get(tag[1]!.toLowerCase());
  }
  return undefined;
}

function cleanLine(inner: string): string {
  const line = inner.replace(/\s+/g, ' ').trim();
  if (/[,;:—–-]$/.test(line)) return `${line.slice(0, -1).trimEnd()}.`;
  if (!/[.!?…]$/.test(line)) return `${line}.`;
  return line;
}

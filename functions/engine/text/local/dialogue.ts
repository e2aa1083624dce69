/**
 * Quotations of a text and who speaks them. Attribution follows how prose marks speakers, in order
 * of reliability: a tag next to the quote ("said Nell", "Nell replied", "he asked"), the one speaker
 * of a paragraph, a character acting in the same paragraph (`Morrow laughed. "With what crew?"`),
 * then turn-taking in a two-person conversation.
 */
import { NAME_TITLES, SPEECH_VERBS } from './lexicon';
import { nameTitleClass, type Cast, type Character, type Mention } from './names';
import { paragraphSpans, type TextSpan } from '../sentences';
import { escapeRegExp } from '../strings';

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
}

interface RawQuote {
  inner: string;
  start: number;
  end: number;
  paragraph: number;
  /** The speech tag between the parts of an interrupted quotation. */
  interruption?: string;
}

interface Tag {
  character?: Character;
  pronoun?: string;
  parenthetical?: string;
}

const TITLE_ROLES: Record<string, string> = {
  dr: 'doctor',
  capt: 'captain',
  prof: 'professor',
  sgt: 'sergeant',
};
const PRONOUNS = new Set(['he', 'she', 'i', 'they', 'we']);
/** How far before a pronoun tag to look for the character it stands for (paragraphs). */
const PRONOUN_WINDOW = 3;

/** First-person pronouns per word of narration above which a text is told by an "I". */
const FIRST_PERSON_RATE = 0.015;

/**
 * The narrator of a first-person text, when the others call them by name: "I" in the narration,
 * and a character named almost only inside quotations, where others speak to them ("I think,
 * Watson, that…"). Undefined for a text told in the third person or by a nameless "I".
 */
export function findNarrator(
  text: string,
  cast: Cast,
  quotes: readonly { start: number; end: number }[],
): Character | undefined {
  let narration = '';
  let at = 0;
  for (const q of quotes) {
    narration += text.slice(at, q.start);
    at = Math.max(at, q.end);
  }
  narration += text.slice(at);
  const words = narration.split(/\s+/).length;
  const firstPerson = narration.match(/\b(?:I|my|me|myself)\b/g)?.length ?? 0;
  if (words < 200 || firstPerson / words < FIRST_PERSON_RATE) return undefined;
  const inside = (m: Mention) => {
    const q = quotes.find((quote) => quote.end > m.start);
    return q !== undefined && q.start <= m.start;
  };
  let best: { character: Character; vocatives: number } | undefined;
  for (const character of cast.characters) {
    const own = cast.mentions.filter((m) => m.character === character);
    const quoted = own.filter(inside);
    if (own.length === 0 || quoted.length < own.length * 0.75) continue;
    // Spoken to: "Watson," "…, Watson." "my dear Watson".
    const vocatives = quoted.filter((m) => {
      const before = text.slice(Math.max(0, m.start - 6), m.start);
      const after = text.slice(m.end, m.end + 2);
      return /^[,.!?]/.test(after) || /(?:,|dear)\s*$/.test(before);
    }).length;
    if (vocatives >= 2 && (!best || vocatives > best.vocatives)) best = { character, vocatives };
  }
  return best?.character;
}

/**
 * The quotations of a text with their speakers, and the narrator when the text is told by a named
 * "I". Names only ever spoken to someone ("Miss Harrow," Crane said to Nell) are folded into that
 * someone first (`foldAddressedNames`), so `cast` may lose such characters.
 */
export function dialogueWithNarrator(text: string, cast: Cast): { quotes: Quote[]; narrator?: Character } {
  let first = extractDialogue(text, cast);
  if (foldAddressedNames(text, cast, first)) first = extractDialogue(text, cast);
  const narrator = findNarrator(text, cast, first);
  return narrator ? { quotes: extractDialogue(text, cast, { narrator }), narrator } : { quotes: first };
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
      const around = mentionsBetween(
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

export function extractDialogue(text: string, cast: Cast, options: { narrator?: Character } = {}): Quote[] {
  const paragraphs = paragraphSpans(text);
  const tags = tagMatcher(cast.characters);
  const quotes: (Quote & { interruption?: string })[] = mergeInterrupted(
    findQuotations(paragraphs),
    text,
  ).map((q) => ({
    text: cleanLine(q.inner),
    start: q.start,
    end: q.end,
    paragraph: q.paragraph,
    interruption: q.interruption,
    attribution: 'none' as Attribution,
  }));
  const narration = mentionsOutside(cast.mentions, quotes);

  quotes.forEach((quote, index) => {
    const paragraph = paragraphs[quote.paragraph]!;
    const next = quotes[index + 1];
    const previous = quotes[index - 1];
    const afterEnd = Math.min(next?.start ?? paragraph.end, paragraph.end, quote.end + 90);
    const beforeStart = Math.max(previous?.end ?? paragraph.start, paragraph.start, quote.start - 90);
    const tag =
      (quote.interruption ? tags.after(quote.interruption) : undefined) ??
      tags.after(text.slice(quote.end, afterEnd)) ??
      tags.before(text.slice(beforeStart, quote.start));
    if (!tag) return;
    quote.parenthetical = tag.parenthetical;
    if (tag.character) {
      quote.speaker = tag.character;
      quote.attribution = 'tag';
    } else if (tag.pronoun === 'i' && options.narrator) {
      // "said I": the narrator of a first-person book.
      quote.speaker = options.narrator;
      quote.attribution = 'pronoun';
    } else if (tag.pronoun === 'he' || tag.pronoun === 'she') {
      const windowStart = paragraphs[Math.max(0, quote.paragraph - PRONOUN_WINDOW)]!.start;
      const recent = mentionsBetween(narration, windowStart, quote.start).map((m) => m.character);
      const lastSpeaker = previous && previous.paragraph !== quote.paragraph ? previous.speaker : undefined;
      const speaker = resolvePronoun(tag.pronoun, recent, lastSpeaker);
      if (speaker) {
        quote.speaker = speaker;
        quote.attribution = 'pronoun';
      }
    }
  });

  shareWithinParagraph(quotes);
  attributeByAction(quotes, narration, paragraphs);
  attributeByTurns(quotes);
  return quotes.map(({ interruption: _interruption, ...quote }) => quote);
}

/** Quotation spans per paragraph; straight quotes pair up in order, an unclosed one runs to the end. */
function findQuotations(paragraphs: readonly TextSpan[]): RawQuote[] {
  const quotes: RawQuote[] = [];
  // British books quote with single marks; only then is ‘ an opening quotation mark.
  const singleMarks =
    !paragraphs.some((p) => /["“]/.test(p.text)) && paragraphs.some((p) => /(^|[\s(—])‘/.test(p.text));
  paragraphs.forEach((paragraph, index) => {
    const body = paragraph.text;
    let open = -1;
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      if (open < 0) {
        const opens =
          c === '"' || c === '“' || (singleMarks && c === '‘' && (i === 0 || /[\s(—–-]/.test(body[i - 1]!)));
        if (opens) open = i;
        continue;
      }
      const closes =
        c === '"' || c === '”' || (singleMarks && c === '’' && !/\p{L}/u.test(body[i + 1] ?? ''));
      if (closes) {
        quotes.push(rawQuote(body, open, i + 1, paragraph.start, index));
        open = -1;
      }
    }
    if (open >= 0) quotes.push(rawQuote(body, open, body.length, paragraph.start, index));
  });
  return quotes.filter((q) => /\p{L}/u.test(q.inner));
}

function rawQuote(body: string, from: number, to: number, offset: number, paragraph: number): RawQuote {
  const inner = body.slice(from + 1, to).replace(/["”’]$/, '');
  return { inner, start: offset + from, end: offset + to, paragraph };
}

/** `"Then look carefully," Crane whispered, "because…"` is one line of dialogue. */
function mergeInterrupted(quotes: RawQuote[], text: string): RawQuote[] {
  const merged: RawQuote[] = [];
  for (const quote of quotes) {
    const last = merged.at(-1);
    const gap = last ? text.slice(last.end, quote.start) : '';
    const continues =
      last &&
      last.paragraph === quote.paragraph &&
      /,\s*$/.test(last.inner) &&
      /^\s*\p{Ll}/u.test(quote.inner) &&
      /,\s*$/.test(gap) &&
      gap.length < 80;
    if (continues) {
      merged[merged.length - 1] = {
        ...last,
        inner: `${last.inner.trim()} ${quote.inner.trim()}`,
        end: quote.end,
        interruption: gap,
      };
    } else merged.push(quote);
  }
  return merged;
}

function cleanLine(inner: string): string {
  const line = inner.replace(/\s+/g, ' ').trim();
  if (/[,;:—–-]$/.test(line)) return `${line.slice(0, -1).trimEnd()}.`;
  if (!/[.!?…]$/.test(line)) return `${line}.`;
  return line;
}

interface TagMatcher {
  /** `, said Nell`, `Nell replied`, `he agreed`, `Crane said pleasantly`, `said the doctor`. */
  after(text: string): Tag | undefined;
  /** `Brannigan asked, "…"` and `Julian said: "…"`. */
  before(text: string): Tag | undefined;
}

/** Speech tags naming a character (with an optional title, or by role: "the doctor"), or a pronoun. */
function tagMatcher(characters: readonly Character[]): TagMatcher {
  const byAlias = new Map<string, Character>();
  const byRole = new Map<string, Character[]>();
  for (const c of characters) {
    for (const alias of c.aliases) if (!byAlias.has(alias)) byAlias.set(alias, c);
    const role = TITLE_ROLES[c.title] ?? c.title;
    if (role) byRole.set(role, [...(byRole.get(role) ?? []), c]);
  }
  const titles = [...NAME_TITLES.keys()].map(
    (t) => `${escapeRegExp(t.charAt(0).toUpperCase() + t.slice(1))}\\.?`,
  );
  const aliases = [...byAlias.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const roles = [...byRole.keys()].map(escapeRegExp);
  const nameAlternatives = [
    aliases.length ? `(?:(?:${titles.join('|')})\\s+)?(?:${aliases.join('|')})` : '',
    roles.length ? `the\\s+(?:${roles.join('|')})` : '',
  ].filter(Boolean);
  const name = nameAlternatives.length ? nameAlternatives.join('|') : '(?!)';
  const verbs = [...SPEECH_VERBS.keys()].join('|');
  const adverb = '(\\p{L}+ly)';
  const inverted = new RegExp(`^[\\s,]*(${verbs})\\s+(${name})(?![\\p{L}])(?:[\\s,]+${adverb}\\b)?`, 'u');
  const direct = new RegExp(
    `^[\\s,]*(${name}|he|she|I|they|we)\\s+(?:${adverb}\\s+)?(${verbs})\\b(?:\\s+${adverb}\\b)?`,
    'u',
  );
  const leading = new RegExp(
    `(?:^|[\\s.!?])(${name}|He|he|She|she|I)\\s+(?:${adverb}\\s+)?(${verbs})(?:\\s+${adverb})?\\s*[,:]?\\s*$`,
    'u',
  );

  const find = (phrase: string): Character | undefined => {
    const role = /^the\s+(\p{L}+)$/iu.exec(phrase)?.[1]?.toLowerCase();
    if (role) {
      const holders = byRole.get(role) ?? [];
      return holders.length === 1 ? holders[0] : undefined;
    }
    const words = phrase.split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      const found = byAlias.get(words.slice(i).join(' '));
      if (found) return found;
    }
    return undefined;
  };
  const tag = (verb: string, who: string, how: string | undefined): Tag => {
    const parenthetical = how && how.length > 4 ? how.toLowerCase() : SPEECH_VERBS.get(verb.toLowerCase());
    const lower = who.toLowerCase();
    return PRONOUNS.has(lower) ? { pronoun: lower, parenthetical } : { character: find(who), parenthetical };
  };

  return {
    after(text) {
      const a = inverted.exec(text);
      if (a) return tag(a[1]!, a[2]!, a[3]);
      const d = direct.exec(text);
      return d ? tag(d[3]!, d[1]!, d[2] ?? d[4]) : undefined;
    },
    before(text) {
      const m = leading.exec(text);
      return m ? tag(m[3]!, m[1]!, m[2] ?? m[4]) : undefined;
    },
  };
}

/** The most recently named character of that gender, skipping the last speaker (turns alternate). */
function resolvePronoun(
  pronoun: 'he' | 'she',
  recent: Character[],
  lastSpeaker?: Character,
): Character | undefined {
  const gender = pronoun === 'he' ? 'male' : 'female';
  const candidates = [...recent].reverse().filter((c) => c.gender === gender || c.gender === 'unknown');
  const preferred = candidates.filter((c) => c.gender === gender);
  return (
    preferred.find((c) => c !== lastSpeaker) ??
    candidates.find((c) => c !== lastSpeaker) ??
    preferred[0] ??
    candidates[0]
  );
}

/** Mentions in narration only: a name inside a quotation is being talked about, not acting. */
function mentionsOutside(mentions: readonly Mention[], quotes: readonly Quote[]): Mention[] {
  const outside: Mention[] = [];
  let q = 0;
  for (const mention of mentions) {
    while (q < quotes.length && quotes[q]!.end <= mention.start) q++;
    const quote = quotes[q];
    if (!quote || mention.end <= quote.start) outside.push(mention);
  }
  return outside;
}

/** Mentions with `from <= start < to`, by binary search over mentions in text order. */
export function mentionsBetween(mentions: readonly Mention[], from: number, to: number): Mention[] {
  let low = 0;
  let high = mentions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (mentions[mid]!.start < from) low = mid + 1;
    else high = mid;
  }
  const found: Mention[] = [];
  for (let i = low; i < mentions.length && mentions[i]!.start < to; i++) found.push(mentions[i]!);
  return found;
}

/** A paragraph usually holds one speaker: untagged quotes take the nearest tagged one's speaker. */
function shareWithinParagraph(quotes: Quote[]) {
  const byParagraph = new Map<number, Quote[]>();
  for (const q of quotes) byParagraph.set(q.paragraph, [...(byParagraph.get(q.paragraph) ?? []), q]);
  for (const group of byParagraph.values()) {
    for (const quote of group) {
      if (quote.speaker) continue;
      const nearest = group
        .filter((q) => q.speaker && (q.attribution === 'tag' || q.attribution === 'pronoun'))
        .sort((a, b) => Math.abs(a.start - quote.start) - Math.abs(b.start - quote.start))[0];
      if (nearest?.speaker) {
        quote.speaker = nearest.speaker;
        quote.attribution = 'paragraph';
      }
    }
  }
}

/** `Brannigan stared at her. "That is a dangerous trick."`: the character acting in the paragraph speaks. */
function attributeByAction(quotes: Quote[], narration: readonly Mention[], paragraphs: readonly TextSpan[]) {
  for (const quote of quotes) {
    if (quote.speaker) continue;
    const paragraph = paragraphs[quote.paragraph]!;
    const actor = mentionsBetween(narration, paragraph.start, paragraph.end)[0]?.character;
    if (actor) {
      quote.speaker = actor;
      quote.attribution = 'action';
    }
  }
}

/** In a conversation A, B, ?, the third line is A's again. */
function attributeByTurns(quotes: Quote[]) {
  quotes.forEach((quote, index) => {
    if (quote.speaker) return;
    const previous = quotes[index - 1];
    const beforeThat = quotes[index - 2];
    if (!previous?.speaker || !beforeThat?.speaker || previous.speaker === beforeThat.speaker) return;
    const conversation =
      previous.paragraph !== quote.paragraph &&
      quote.paragraph - previous.paragraph <= 1 &&
      previous.paragraph - beforeThat.paragraph <= 1;
    if (conversation) {
      quote.speaker = beforeThat.speaker;
      quote.attribution = 'turn';
    }
  });
}

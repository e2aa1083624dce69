/**
 * Who says each quotation: a sieve of ordered passes, the surest first, each deciding only the
 * quotations the earlier ones left open (after Muzny et al., "A Two-stage Sieve Approach for Quote
 * Attribution", EACL 2017):
 *
 * 1. a speech tag naming a character ("said Alice", "Mr. Bennet replied");
 * 2. a speech tag with a pronoun or a description ("she cried", "said the old gentleman"), resolved
 *    to the nearest fitting character by sex and recency, never to the one the line speaks to;
 * 3. the other parts of the same utterance and paragraph (one paragraph, one speaker);
 * 4. the character the paragraph's narration is about (`Anne looked up. "…"`);
 * 5. turn-taking in a conversation: the one just addressed answers ("Oh, Anne, …" is not Anne's),
 *    and untagged lines alternate between the two who talk;
 * 6. what is left goes to the previous speaker's partner in the scene.
 */
import type { Cast, Character, Mention } from '../names';
import {
  descriptionBook,
  learnChild,
  learnDescription,
  learnScenes,
  resolveDescription,
  type DescriptionBook,
  rankAsName,
} from './descriptions';
import { solveTurns, type TurnEvidence } from './conversation';
import { PERSON_NOUNS } from './lexicon';
import { ownWords, type QuotationScan } from './quotations';
import {
  assign,
  nearest,
  recentCharacters,
  type AttributedPart,
  type AttributionMethod,
  type SceneContext,
} from './scene';
import {
  firstActor,
  invertedTag,
  mentionsIn,
  mentionsOutside,
  echoedTag,
  endsWithSpeechVerb,
  tagAfter,
  tagBefore,
  tokenize,
  type Referent,
  type Token,
} from './tags';

export type { AttributedPart, AttributionMethod } from './scene';

export interface AttributionOptions {
  /** The named "I" of a first-person book: the speaker of lines tagged "I said". */
  narrator?: Character;
  /**
   * Whether a description that stands for no named character ("said the surgeon") becomes a
   * speaker of its own ("The Surgeon"); otherwise the line is left to the turns around it.
   */
  describedSpeakers?: boolean;
}

export interface Attribution {
  parts: AttributedPart[];
  /** The speech tag found next to each part, if any. */
  tags: (Referent | undefined)[];
  /** Characters the book knows only by a description that speaks ("The Surgeon"). */
  described: Character[];
  /**
   * The "I" of a first-person book, given, or found by whom the lines around "said I" address, or
   * one made for a narrator nobody names ("The Narrator", not in the cast: see `castNarrator`).
   */
  narrator?: Character;
  /** Of a book told in several people's journals, those of the cast who write, in order (see `tellersOf`). */
  tellers: Character[];
}

/**
 * How many paragraphs a conversation may skip between turns: none. A paragraph of narration between two
 * lines ends the exchange; the turns after it start again (the one it is about often speaks next).
 */
const CONVERSATION_GAP = 0;
/**
 * Characters of narration after a paragraph's last line beyond which the story has moved on, when
 * the next paragraph opens on narration too: its line begins a conversation of its own ("…she bade
 * her friend adieu and went on. / Catherine found Mrs. Allen…, and was greeted with, “…”"). A bare
 * reply after a long reflection is still the same talk.
 */
const MOVED_ON = 400;

interface Context extends SceneContext {
  descriptions: DescriptionBook;
  /** Every cast mention, inside quotations too. */
  mentions: readonly Mention[];
  /** The speech tag of each part, if any. */
  tags: (Referent | undefined)[];
  /** Where each part is in `parts`. */
  index: Map<AttributedPart, number>;
  /** Characters a tag names as the speaker of some line of the book. */
  speakers: Set<Character>;
  /** Figures known only by their tag's words, as sure as names (see `sureFigures`). */
  sureFigures: Set<Character>;
  /** Of a book told in several people's journals, who tells from where (see `tellersOf`). */
  tellers: { start: number; character: Character | undefined }[];
}

export function attributeQuotations(
  text: string,
  scan: QuotationScan,
  cast: Cast,
  options: AttributionOptions = {},
): Attribution {
  const parts: AttributedPart[] = scan.parts.map((p) => ({ ...p, method: 'none' }));
  const context: Context = {
    text,
    scan,
    parts,
    narration: mentionsOutside(cast.mentions, parts),
    narrator: options.narrator,
    descriptions: descriptionBook(cast.characters, options.describedSpeakers ?? true),
    mentions: cast.mentions,
    tags: [],
    index: new Map(parts.map((p, i) => [p, i])),
    speakers: new Set(),
    sureFigures: new Set(),
    tellers: tellersOf(text, cast.characters),
  };
  findAddressees(context, cast.mentions);
  const tags = parts.map((part, index) => explicitTag(context, index));
  context.tags = tags;
  context.narrator ??= narratorByAddress(context, tags);
  // Names first: their speakers anchor the pronouns, descriptions and turns that follow.
  tags.forEach((tag, index) => {
    if (tag?.kind === 'name') assign(parts[index]!, tag.character, 'tag');
  });
  // Descriptions are learnt over the whole book before any is resolved.
  learnScenes(context, context.descriptions);
  tags.forEach((tag, index) => {
    if (tag?.kind !== 'description') return;
    const others = neighbours(context, index);
    learnDescription(context, context.descriptions, tag, index, others);
    learnChild(context, context.descriptions, tag, index, others);
  });
  tags.forEach((tag, index) => {
    const part = parts[index]!;
    if (!tag || tag.kind === 'name') return;
    const rank = tag.kind === 'description' ? rankAsName(text, context.descriptions, tag) : undefined;
    if (rank) return assign(part, rank, 'tag');
    const speaker = resolve(context, tag, index);
    if (speaker) assign(part, speaker, tag.kind === 'pronoun' ? 'pronoun' : 'description');
  });
  shareUtterances(context);
  context.speakers = new Set(parts.flatMap((p) => (p.speaker ? [p.speaker] : [])));
  context.sureFigures = sureFigures(context);
  for (const run of conversations(context)) attributeConversation(context, run);
  for (const part of parts)
    if (part.speaker?.role && !cast.characters.includes(part.speaker)) part.speaker.mentions++;

  return {
    parts,
    tags,
    described: [...context.descriptions.made.values()].filter((c) => c.mentions > 0),
    narrator: context.narrator,
    tellers: majorTellers(text, context.tellers),
  };
}

/**
 * The "I" of a first-person book, when others call them by name: the one the lines around "said I"
 * speak to ("You see, Watson, …" next to "“Seven!” I answered.").
 */
function narratorByAddress(context: Context, tags: readonly (Referent | undefined)[]): Character | undefined {
  const told = tags.flatMap((tag, index) => (tag?.kind === 'pronoun' && tag.pronoun === 'i' ? [index] : []));
  if (told.length < 2) return addressedNeverNarrated(context);
  const byNarrator = new Set(told.map((index) => context.parts[index]!.paragraph));
  const votes = new Map<Character, number>();
  for (const index of told) {
    const part = context.parts[index]!;
    // Whom the narrator speaks to is someone else; whom the lines around address may be the narrator.
    if (part.addressee) votes.set(part.addressee, (votes.get(part.addressee) ?? 0) - 1);
    const around = new Set<Character>();
    for (let i = index - 1; i >= 0 && part.paragraph - context.parts[i]!.paragraph <= 3; i--) {
      const p = context.parts[i]!;
      if (p.addressee && !byNarrator.has(p.paragraph)) around.add(p.addressee);
    }
    for (
      let i = index + 1;
      i < context.parts.length && context.parts[i]!.paragraph - part.paragraph <= 3;
      i++
    ) {
      const p = context.parts[i]!;
      if (p.addressee && !byNarrator.has(p.paragraph)) around.add(p.addressee);
    }
    for (const c of around) votes.set(c, (votes.get(c) ?? 0) + 1);
  }
  const [best, second] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (best && best[1] >= 2 && (!second || best[1] >= second[1] * 2)) return best[0];
  const addressed = addressedNeverNarrated(context);
  if (addressed) return addressed;
  return told.length >= 3 && toldInFirstPerson(context) && context.tellers.length === 0
    ? unnamedNarrator(context.parts[told[0]!]!.start)
    : undefined;
}

/**
 * The "I" of a first-person text in which nobody tags "said I": the one the others' lines address
 * at least twice whom the narration never names (Watson, spoken to by Holmes, is "I" outside the
 * quotations). A single such character is needed; two leave the narrator unknown.
 */
function addressedNeverNarrated(context: Context): Character | undefined {
  if (!toldInFirstPerson(context)) return undefined;
  const narrated = new Set(context.narration.map((m) => m.character));
  const counts = new Map<Character, number>();
  for (const part of context.parts)
    if (part.addressee && !narrated.has(part.addressee))
      counts.set(part.addressee, (counts.get(part.addressee) ?? 0) + 1);
  const [best, second] = [...counts.entries()].filter(([, n]) => n >= 2);
  return best && !second ? best[0] : undefined;
}

/** First-person pronouns per word of narration above which a text is told by an "I". */
const FIRST_PERSON_RATE = 0.015;

/** A heading that names whose writing follows: "Jonathan Harker's Journal", "Dr. Seward's Diary". */
const TELLER_HEADING =
  /(?:^|\n)[ \t]*(?:\([^()\n]{0,20}?\s)?((?:\p{Lu}[\p{L}.]*\s){0,3}\p{Lu}\p{L}*)['’]s\s+(?:Journal|Diary|Narrative|Statement|Memorandum|Log)\b/gu;

/**
 * A book told in the journals and diaries of several people: from each heading on, its "I" is the one
 * who wrote it. Empty unless two or more people write; an owner the cast does not hold tells unknown.
 */
function tellersOf(text: string, characters: readonly Character[]): Context['tellers'] {
  const headings = [...text.matchAll(TELLER_HEADING)].map((m) => ({ start: m.index, owner: m[1]! }));
  // The book is told so from its start, by two or more who each write a good part of it: not a
  // narrator's story with a statement or two set in, nor one diarist copying a page of an aunt's.
  const shares = sharesOf(text, headings, (h) => h.owner);
  const major = [...shares.values()].filter((share) => share >= TELLER_SHARE).length;
  if (major < 2 || headings[0]!.start > text.length * TELLER_SHARE) return [];
  const named = (owner: string) =>
    characters.find((c) => c.name === owner || c.aliases.includes(owner)) ??
    characters.find((c) => !c.role && c.aliases.includes(owner.split(/\s+/)[0]!));
  return headings.map((h) => ({ start: h.start, character: named(h.owner) }));
}

/** The share of the book each writes: from their heading to the next one (none when `writer` is unknown). */
function sharesOf<T extends { start: number }, K>(
  text: string,
  headings: readonly T[],
  writer: (heading: T) => K | undefined,
): Map<K, number> {
  const shares = new Map<K, number>();
  headings.forEach((h, k) => {
    const who = writer(h);
    if (who === undefined) return;
    const end = headings[k + 1]?.start ?? text.length;
    shares.set(who, (shares.get(who) ?? 0) + (end - h.start) / Math.max(1, text.length));
  });
  return shares;
}

/** The share of a book someone must write to be one of its tellers, and the most before the first heading. */
const TELLER_SHARE = 0.1;

/** Those of the cast who write a good part of a book told in several journals, in order. */
function majorTellers(text: string, tellers: Context['tellers']): Character[] {
  return [...sharesOf(text, tellers, (t) => t.character).entries()]
    .filter(([, share]) => share >= TELLER_SHARE)
    .map(([c]) => c);
}

/** Who writes at an offset of a book told in several journals, if known. */
function tellerAt(context: Context, at: number): Character | undefined {
  let teller: Character | undefined;
  for (const t of context.tellers) {
    if (t.start > at) break;
    teller = t.character;
  }
  return teller;
}

function toldInFirstPerson(context: Context): boolean {
  let words = 0;
  let own = 0;
  let at = 0;
  for (const part of [...context.parts, { start: context.text.length, end: context.text.length }]) {
    const narration = context.text.slice(at, part.start);
    words += narration.split(/\s+/).length;
    own += narration.match(/\b(?:I|my|me|myself)\b/g)?.length ?? 0;
    at = Math.max(at, part.end);
  }
  return words >= 200 && own / words >= FIRST_PERSON_RATE;
}

/** The "I" of a book told by a narrator nobody names (the frame narrator of "The Time Machine"). */
function unnamedNarrator(firstOffset: number): Character {
  return {
    name: 'The Narrator',
    aliases: [],
    title: '',
    gender: 'unknown',
    mentions: 0,
    firstOffset,
    surfaces: new Map(),
    role: true,
  };
}

/** Who speaks in the paragraphs next to a part, by name, and whom the part speaks to: not the part's speaker. */
function neighbours(context: Context, index: number): Set<Character> {
  const part = context.parts[index]!;
  const others = new Set<Character>();
  if (part.addressee) others.add(part.addressee);
  // Parts are in text order: look only as far as the paragraphs on either side.
  for (let i = index - 1; i >= 0 && context.parts[i]!.paragraph >= part.paragraph - 1; i--) {
    const p = context.parts[i]!;
    if (p.paragraph === part.paragraph - 1 && p.method === 'tag' && p.speaker) others.add(p.speaker);
  }
  for (
    let i = index + 1;
    i < context.parts.length && context.parts[i]!.paragraph <= part.paragraph + 1;
    i++
  ) {
    const p = context.parts[i]!;
    if (p.paragraph === part.paragraph + 1 && p.method === 'tag' && p.speaker) others.add(p.speaker);
  }
  return others;
}

/** The narration between a part and its neighbours in the paragraph. */
function windows(context: Context, index: number): { before: [number, number]; after: [number, number] } {
  const { parts, scan } = context;
  const part = parts[index]!;
  const paragraph = scan.paragraphs[part.paragraph]!;
  const previous = parts[index - 1];
  const next = parts[index + 1];
  const beforeStart = previous && previous.paragraph === part.paragraph ? previous.end : paragraph.start;
  const afterEnd = next && next.paragraph === part.paragraph ? next.start : paragraph.end;
  return { before: [beforeStart, part.start], after: [part.end, afterEnd] };
}

function explicitTag(context: Context, index: number): Referent | undefined {
  const { text, narration } = context;
  const { before, after } = windows(context, index);
  const afterTokens = tokenize(text, after[0], Math.min(after[1], after[0] + 200), narration);
  const tag = tagAfter(afterTokens);
  const part = context.parts[index]!;
  const previous = context.parts[index - 1];
  const resumed = previous && previous.paragraph === part.paragraph && previous.end === before[0];
  // The narration between two parts of one paragraph, read once and only when asked for.
  let betweenRead: { tokens: Token[]; tag: Referent | undefined } | undefined;
  const between = () => {
    if (!betweenRead) {
      const tokens = tokenize(text, before[0], Math.min(before[1], before[0] + 200), narration);
      betweenRead = { tokens, tag: invertedTag(tokens) };
    }
    return betweenRead;
  };
  const words = text.slice(part.start, part.end);
  // A new sentence begins right after the line.
  const sentenceAfter = /^\s*\p{Lu}/u.test(text.slice(after[0], after[0] + 3));
  // `"Three-and-twenty!" cried Thorpe, "five-and-twenty if it is an inch." Morland remonstrated`: a
  // finished line resumed after its tag keeps it; the next sentence is someone's answer.
  const answered = resumed && /\.\s*["”’']?$/.test(words) && sentenceAfter && between().tag !== undefined;
  const beforeTokens = tokenize(text, Math.max(before[0], before[1] - 300), before[1], narration);
  // `Oliver, more dead than alive, gasped out, "Yes." Sikes, pointing to the door, briefly advised him`:
  // a finished line that opens its paragraph after a tag keeps it; the next sentence is another's.
  const introduced =
    tag && !resumed && /[.!?]\s*["”’']?$/.test(words) && sentenceAfter && endsWithSpeechVerb(beforeTokens)
      ? tagBefore(beforeTokens)
      : undefined;
  // (Never the one the line calls by name: "Emma was going on, but was interrupted, “Stop, Emma.”")
  if (introduced && !(introduced.kind === 'name' && introduced.character === part.addressee))
    return introduced;
  if (tag && !answered && !answersOwnCall(context, index, tag)) return tag;
  // `"No,"--replied Emma--quite confirmed by the manner in which he spoke--"I should like…"`: the tag
  // between two parts of a paragraph is both parts' tag, whatever the narration adds after it.
  if (resumed) {
    const { tokens: betweenTokens, tag: inverted } = between();
    // Unless the narration names a new speaker for this part (`, cried Hall, …, and Fearenside howled,`).
    const own = tagBefore(beforeTokens);
    if (inverted) return own?.kind === 'name' ? own : inverted;
    // `"…," Brannigan said. "…"`: the sentence tags the part before; the paragraph pass shares it.
    if (beforeTokens.at(-1)?.lower === '.' && tagAfter(betweenTokens)) return undefined;
  }
  if (beforeTokens.length > 0) return tagBefore(beforeTokens);
  const echo = echoTag(context, index, after);
  if (echo) return echo;
  // `Emma continued:` ending the paragraph before: the tag introduces the quotation that opens the next one.
  const tail = narrationTail(context, index);
  if (!tail) return undefined;
  const tailTokens = tokenize(text, Math.max(tail[0], tail[1] - 300), tail[1], narration);
  // `"…," said the gallant Mr. Elton--` closing the paragraph before is that line's tag, not this one's.
  if (previous && previous.end === tail[0] && tagAfter(tailTokens)) return undefined;
  return tagBefore(tailTokens);
}

/**
 * `"…Pray come in." ¶ So began Miss Bates;`: a paragraph of narration that opens by looking back at the
 * words before it ("so began", "thus spoke") tags the line that ended the paragraph before.
 */
function echoTag(context: Context, index: number, after: [number, number]): Referent | undefined {
  const { text, scan, parts } = context;
  const part = parts[index]!;
  if (/\S/.test(text.slice(after[0], after[1]))) return undefined;
  const paragraph = scan.paragraphs[part.paragraph + 1];
  const next = parts[index + 1];
  if (!paragraph || (next && next.start < paragraph.start + 80)) return undefined;
  if (!/^\s*(?:So|Thus)\s+\p{Ll}/u.test(text.slice(paragraph.start, paragraph.start + 20))) return undefined;
  return echoedTag(
    tokenize(text, paragraph.start, Math.min(paragraph.end, paragraph.start + 80), context.narration),
  );
}

/**
 * `"Pray stop, Mr. Thorpe. I cannot go on." But Mr. Thorpe only laughed`: a sentence after a finished
 * line whose subject is the one the line calls by name is their answer to it, not the line's tag.
 */
function answersOwnCall(context: Context, index: number, tag: Referent): boolean {
  const part = context.parts[index]!;
  if (tag.kind !== 'name' || tag.character !== part.addressee) return false;
  const words = context.text.slice(part.start, part.end);
  return /[.!?]\s*["”’']?$/.test(words) && /^\s*\p{Lu}/u.test(context.text.slice(part.end, tag.end));
}

/**
 * The narration that ends the paragraph before a part's, when the part opens its paragraph (and is
 * no continuation of a quotation carried over).
 */
function narrationTail(context: Context, index: number): [number, number] | undefined {
  const { parts, scan } = context;
  const part = parts[index]!;
  const previous = parts[index - 1];
  if (part.paragraph === 0 || (previous && previous.utterance === part.utterance)) return undefined;
  if (previous && previous.paragraph === part.paragraph) return undefined;
  const paragraph = scan.paragraphs[part.paragraph - 1]!;
  const start = previous && previous.paragraph === part.paragraph - 1 ? previous.end : paragraph.start;
  return start < paragraph.end ? [start, paragraph.end] : undefined;
}

/** Vocatives inside each part ("Oh, Anne, …", "…, Mr. Bennet?"): whom the line is spoken to. */
function findAddressees(context: Context, mentions: readonly Mention[]) {
  const { text } = context;
  for (const part of context.parts) {
    for (const mention of mentionsIn(mentions, part.start, part.end)) {
      const before = text.slice(Math.max(part.start, mention.start - 12), mention.start);
      const after = text.slice(mention.end, mention.end + 2);
      const opens =
        /(?:^|[,!?]\s*|\b(?:[Oo]h?|[Dd]ear|[Mm]y dear|[Yy]es|[Nn]o|[Ww]ell),?\s+)(?:(?:Mr|Mrs|Miss|Ms|Dr)\.?\s+)?$/.test(
          before.replace(/^["“‘']/, ''),
        );
      const atStart =
        mention.start - part.start <= 1 + (before.match(/(?:Mr|Mrs|Miss|Ms|Dr)\.?\s+$/)?.[0].length ?? 0);
      // A name quoted alone and closed by a full stop, or by nothing, is the name said, not someone
      // spoken to: "she could safely suggest the name of “Louisa.”"
      const rest = text.slice(mention.end, part.end).replace(/["”’'\s]/g, '');
      if (atStart && (rest === '.' || rest === '')) continue;
      if ((opens || atStart) && /^[,!?.;—]|^["”’]/.test(after)) {
        part.addressee = mention.character;
        break;
      }
    }
  }
}

/** The character a pronoun or description tag stands for. */
function resolve(context: Context, ref: Referent, index: number): Character | undefined {
  if (ref.kind === 'name') return ref.character;
  const part = context.parts[index]!;
  if (ref.kind === 'pronoun') {
    if (ref.pronoun === 'i') return tellerAt(context, part.start) ?? context.narrator;
    if (ref.pronoun !== 'he' && ref.pronoun !== 'she') return undefined;
    const gender = ref.pronoun === 'he' ? 'male' : 'female';
    return nearest(context, index, gender, part.addressee) ?? describedAntecedent(context, index, gender);
  }
  return resolveDescription(context, context.descriptions, ref, index, part.addressee);
}

/**
 * The one a "he" or "she" stands for when no named character fits: the person the narration just
 * before described ("I stopped at the captain's door. He was lying … / 'Jim,' he said").
 */
function describedAntecedent(
  context: Context,
  index: number,
  gender: 'male' | 'female',
): Character | undefined {
  const part = context.parts[index]!;
  const paragraph = context.scan.paragraphs[Math.max(0, part.paragraph - 1)]!;
  const tokens = tokenize(
    context.text,
    Math.max(paragraph.start, part.start - 1500),
    part.start,
    context.narration,
  );
  for (let k = tokens.length - 1; k >= 0; k--) {
    const token = tokens[k]!;
    // "the captain's door" names the captain too.
    const owner = /^(\p{Ll}+)'s$/u.exec(token.lower)?.[1];
    const ref: Referent | undefined =
      owner && tokens[k - 1]?.lower === 'the' && /^\p{Ll}/u.test(context.text[token.start]!)
        ? {
            kind: 'description',
            phrase: `the ${owner}`,
            head: owner,
            open: false,
            start: token.start,
            end: token.end,
          }
        : token.ref;
    if (ref?.kind !== 'description' || ref.open || !ref.phrase.startsWith('the ')) continue;
    // A common noun, not the start of a proper name ("the Admiral Benbow").
    if (PERSON_NOUNS.get(ref.head) !== gender || /\p{Lu}/u.test(context.text.slice(ref.start + 4, ref.end)))
      continue;
    return resolveDescription(context, context.descriptions, ref, index, part.addressee);
  }
  return undefined;
}

/** Every part of an utterance, and every untagged part of a paragraph, has the speaker of its tagged parts. */
function shareUtterances(context: Context) {
  const { parts, scan, text } = context;
  for (const members of scan.utterances) {
    const speaker = members.map((i) => parts[i]!).find((p) => p.speaker)?.speaker;
    if (speaker) for (const i of members) assign(parts[i]!, speaker, 'utterance');
  }
  // Two quotations side by side with nothing between them are two voices (`"…front--" "You must have it," said she`).
  const joined = parts.map(
    (part, i) =>
      i > 0 &&
      parts[i - 1]!.paragraph === part.paragraph &&
      text.slice(parts[i - 1]!.end, part.start).trim() !== '',
  );
  // The nearest decided part before and after each one in the same stretch of joined parts.
  const before: (AttributedPart | undefined)[] = [];
  parts.forEach((part, i) => (before[i] = part.speaker ? part : joined[i] ? before[i - 1] : undefined));
  const after: (AttributedPart | undefined)[] = [];
  for (let i = parts.length - 1; i >= 0; i--)
    after[i] = parts[i]!.speaker ? parts[i] : joined[i + 1] ? after[i + 1] : undefined;
  parts.forEach((part, i) => {
    if (part.speaker) return;
    const best = (joined[i] ? before[i - 1] : undefined) ?? (joined[i + 1] ? after[i + 1] : undefined);
    if (best?.speaker && best.speaker !== part.addressee) assign(part, best.speaker, 'paragraph');
  });
}

/** Where the last sentence of a stretch of narration begins. */
function lastSentenceStart(text: string, [from, to]: [number, number]): number {
  const body = text.slice(from, to).trimEnd();
  const ends = [...body.matchAll(/[.!?]["'”’)]*\s+(?=\S)/g)];
  const last = ends.at(-1);
  return last ? from + last.index + last[0].length : from;
}

/** A conversation's paragraphs that hold lines, each with its speaker so far. */
interface Turn {
  paragraph: number;
  parts: AttributedPart[];
}

function conversations(context: Context): Turn[][] {
  const runs: Turn[][] = [];
  let run: Turn[] = [];
  for (const part of context.parts) {
    const last = run.at(-1);
    // One turn per paragraph, and one for a quotation carried over several paragraphs.
    if (last && (last.paragraph === part.paragraph || last.parts.at(-1)?.utterance === part.utterance)) {
      last.parts.push(part);
      last.paragraph = part.paragraph;
      continue;
    }
    // A long stretch of narration after the last line, and the next paragraph opening on narration too.
    const after = last ? context.scan.paragraphs[last.paragraph]!.end - last.parts.at(-1)!.end : 0;
    const movedOn =
      after > MOVED_ON &&
      /\p{L}/u.test(context.text.slice(context.scan.paragraphs[part.paragraph]!.start, part.start));
    if (last && (part.paragraph - last.paragraph > 1 + CONVERSATION_GAP || movedOn)) {
      runs.push(run);
      run = [];
    }
    run.push({ paragraph: part.paragraph, parts: [part] });
  }
  if (run.length) runs.push(run);
  return runs;
}

const FIXED: readonly AttributionMethod[] = ['tag', 'utterance', 'paragraph'];

/**
 * A figure known only by the words of its tag ("said the barman", "said the man with the black
 * beard") is as sure as a name; an epithet ("the inflexible beadle") may be a named one's, and so may
 * a rank some named character bears ("the captain" of a book with Captain Hook).
 */
function sureFigures(context: Context): Set<Character> {
  return new Set(
    [...context.descriptions.made].flatMap(([key, c]) =>
      /^\p{L}+(?:\s(?:in|with|of|at)\sthe\s.+)?$/u.test(key) &&
      !context.descriptions.byTitle.has(key.split(' ')[0]!)
        ? [c]
        : [],
    ),
  );
}

/** The evidence of one turn for `solveTurns`. */
function evidenceOf(
  context: Context,
  turn: Turn,
  first: boolean,
  made: ReadonlySet<Character>,
): TurnEvidence {
  const { scan, text, narration, tags } = context;
  const sure = (p: AttributedPart) =>
    FIXED.includes(p.method) || (p.method === 'description' && made.has(p.speaker!));
  const fixed = turn.parts.filter((p) => p.speaker && sure(p)).at(-1)?.speaker;
  const hinted = turn.parts.find(
    (p) => p.speaker && !sure(p) && (p.method === 'pronoun' || p.method === 'description'),
  );
  const index = context.index.get(turn.parts[0]!)!;
  // A "he"/"she" tag tells the sex of the speaker even when it found no one to stand for.
  const tag =
    (hinted ? tags[context.index.get(hinted)!] : undefined) ??
    turn.parts.map((p) => tags[context.index.get(p)!]).find((t) => t?.kind === 'pronoun');
  const paragraph = scan.paragraphs[turn.parts[0]!.paragraph]!;
  const last = turn.parts.at(-1)!;
  const lastParagraph = scan.paragraphs[last.paragraph]!;
  const before = tokenize(text, paragraph.start, turn.parts[0]!.start, narration);
  const after = tokenize(text, last.end, lastParagraph.end, narration);
  const actors: Character[] = [];
  for (const tokens of [before, after]) {
    const actor = firstActor(tokens);
    const character = actor ? resolve(context, actor, index) : undefined;
    if (character) actors.push(character);
  }
  let opener: Character | undefined;
  const tail = first && before.length === 0 ? narrationTail(context, index) : undefined;
  if (tail) {
    const actor = firstActor(tokenize(text, lastSentenceStart(text, tail), tail[1], narration));
    opener = actor ? resolve(context, actor, index) : undefined;
  }
  return {
    fixed,
    hint: hinted?.speaker,
    hintWeight: hinted?.method === 'description' ? 5 : 3,
    gender:
      tag?.kind === 'pronoun' && (tag.pronoun === 'he' || tag.pronoun === 'she')
        ? tag.pronoun === 'he'
          ? 'male'
          : 'female'
        : undefined,
    addressee: turn.parts.find((p) => p.addressee)?.addressee,
    addresseeGender: addressedSex(turn.parts.map((p) => text.slice(p.start, p.end)).join(' ')),
    // "He said" and "she said" are never the "I" who tells the story.
    notNarrator:
      tag?.kind === 'pronoun' && (tag.pronoun === 'he' || tag.pronoun === 'she')
        ? context.narrator
        : undefined,
    named: [
      ...new Set(
        turn.parts.flatMap((p) => mentionsIn(context.mentions, p.start, p.end).map((m) => m.character)),
      ),
    ],
    actors,
    opener,
  };
}

/** Words a speaker calls a listener by ("Not at all, sir."), standing alone between stops. */
const calledBy = (words: string) =>
  new RegExp(
    `(?:^|[,;!?—-]\\s*|["“‘']\\s*)(?:my\\s+(?:dear|good)\\s+)?(?:${words})\\s*(?=[,.!?;:—]|--|["”]|[’'](?!\\p{L})|$)`,
    'iu',
  );
const MAN_WORDS = calledBy(
  'sir|my lord|papa|uncle|monsieur|signor|my boy|my lad|my good man|old fellow|old chap|old man',
);
const WOMAN_WORDS = calledBy(
  "madam|ma'am|ma’am|mum|miss|my lady|mamma|mama|aunt|aunty|auntie|madame|mademoiselle|signora|my girl|my dear girl",
);

/**
 * The sex of the one a line speaks to, when it calls them "sir" or "ma'am" (and not both), in its own
 * words (not "Papa’s horse", nor a "Madam" it quotes someone else as saying).
 */
function addressedSex(line: string): 'male' | 'female' | undefined {
  const own = ownWords(line);
  const man = MAN_WORDS.test(own);
  const woman = WOMAN_WORDS.test(own);
  return man === woman ? undefined : man ? 'male' : 'female';
}

/** The characters a conversation can be between, the most evident first. */
function candidatesOf(
  context: Context,
  run: readonly Turn[],
  evidence: readonly TurnEvidence[],
): Character[] {
  const weight = new Map<Character, number>();
  const add = (c: Character | undefined, w: number) => {
    if (c) weight.set(c, (weight.get(c) ?? 0) + w);
  };
  for (const e of evidence) {
    add(e.fixed, 3);
    add(e.hint, 2);
    add(e.addressee, 2);
    for (const a of e.actors) add(a, 1);
    add(e.opener, 1);
  }
  // Only someone the book has speak somewhere, by name, makes up a conversation by being about.
  const recent = recentCharacters(context, context.index.get(run[0]!.parts[0]!)!).filter(
    (c) => context.speakers.has(c) || c === context.narrator,
  );
  recent.slice(0, 4).forEach((c, k) => add(c, 0.5 - k * 0.1));
  const fixed = new Set(evidence.flatMap((e) => (e.fixed ? [e.fixed] : [])));
  const ranked = [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  return [
    ...fixed,
    ...ranked.filter((c) => !fixed.has(c)).slice(0, Math.max(0, MAX_CANDIDATES - fixed.size)),
  ];
}

const MAX_CANDIDATES = 8;

/** Speakers for a conversation's untagged lines, from all its evidence at once (see `conversation.ts`). */
function attributeConversation(context: Context, run: readonly Turn[]) {
  const evidence = run.map((turn, i) => evidenceOf(context, turn, i === 0, context.sureFigures));
  const candidates = candidatesOf(context, run, evidence);
  const speakers = solveTurns(evidence, candidates);
  run.forEach((turn, i) => {
    // No one of the scene can say a "he said" line when the only one left is the narrator.
    const speaker = speakers[i] === evidence[i]!.notNarrator ? undefined : speakers[i];
    if (!speaker || evidence[i]!.fixed) {
      // A line set beside a tagged one with nothing between is the other voice of the turn before.
      const other = speakers[i - 1];
      for (const part of turn.parts)
        if (!part.speaker && other && other !== speaker && other !== evidence[i]!.notNarrator)
          assign(part, other, 'turn');
      return;
    }
    const e = evidence[i]!;
    const previousAddressee = i > 0 ? evidence[i - 1]!.addressee : undefined;
    const method: AttributionMethod =
      e.hint === speaker
        ? turn.parts[0]!.method
        : e.actors[0] === speaker
          ? 'action'
          : previousAddressee === speaker
            ? 'vocative'
            : 'turn';
    // `"The yard door was open!" he said. "He may be in the house now!" said the first cabman.`: a later
    // line of the paragraph with a tag of its own keeps its speaker.
    const tagOf = (part: AttributedPart) => context.tags[context.index.get(part)!];
    const first = turn.parts.map(tagOf).find(Boolean);
    for (const part of turn.parts) {
      const own = tagOf(part);
      if (own?.kind === 'description' && first && own.start !== first.start && part.speaker) continue;
      if (!part.speaker || part.method === 'pronoun' || part.method === 'description')
        assign(part, speaker, method === 'none' ? 'turn' : method, true);
    }
  });
}

/** The unnamed "I" is a character of the book: its lines are what the cast counts of it. */
export function castNarrator(cast: Cast, narrator: Character | undefined) {
  if (!narrator || cast.characters.includes(narrator) || narrator.mentions === 0) return;
  narrator.acts = narrator.mentions;
  cast.characters.push(narrator);
}

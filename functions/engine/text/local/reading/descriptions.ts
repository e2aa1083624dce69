/**
 * Speakers tagged by a description: "said the Jew", "the beadle replied", "said the old gentleman",
 * "said the surgeon". A description stands either for a named character present in the scene (the
 * beadle is Mr. Bumble wherever Mr. Bumble is about) or for someone the book never names (the
 * surgeon of chapter one). Which one is learnt from the book itself: a description that speaks,
 * over and over, in scenes where one particular character is present — and is not the one it
 * talks to — is that character; otherwise it becomes a minor character of its own, named by it.
 */
import { escapeRegExp } from '../../strings';
import type { Character } from '../names';
import { PERSON_ADJECTIVES, PERSON_NOUNS } from './lexicon';
import { normaliseTitle, RANKS_OF_NOTE, ranksOf } from './people';
import { nearest, partner, recentCharacters, SCENE_CHARS, type SceneContext } from './scene';
import type { Referent } from './tags';

type Description = Extract<Referent, { kind: 'description' }>;

/** Descriptions that stand for whoever fits nearby, like a pronoun ("the girl", "her father"). */
const GENERIC_HEADS = new Set(
  `man woman gentleman lady girl boy fellow child person youth lad lass
   mother father wife husband sister brother aunt uncle son daughter cousin niece nephew mamma mama papa`.split(
    /\s+/,
  ),
);
const ORDINALS = /^the (?:first|second|third|fourth|fifth) /;
const KIN = new Set(
  'mother father wife husband sister brother aunt uncle son daughter cousin niece nephew'.split(' '),
);
/** Share of a description's lines spoken where one character is present, for them to be one. */
const PRESENCE = 0.6;
/** Share of a description's lines beside a character's own (or spoken to them) above which the two are two people. */
const BESIDE = 0.1;
/** How many times more often than around lines in general that character must be present. */
const LIFT = 1.8;

interface Presence {
  occurrences: number;
  present: Map<Character, number>;
  /** How often each character spoke beside the description (the line before or after) or was spoken to by it. */
  beside: Map<Character, number>;
}

export interface DescriptionBook {
  presence: Map<string, Presence>;
  /** Characters known only by a description ("The Surgeon"), made when first heard. */
  made: Map<string, Character>;
  /** Characters by title ("doctor" → Dr. Livesey), for descriptions that name a rank. */
  byTitle: Map<string, Character[]>;
  /** Whether to make characters of descriptions that stand for no named one. */
  makes: boolean;
  /** Lines sampled by `learnScenes`, and how many of them each character was present around. */
  lines: number;
  everywhere: Map<Character, number>;
  /** Whether a description and a character act side by side in the narration (see `actsBeside`). */
  beside: Map<string, boolean>;
  /** How often each character was the one nearby that "said the boy" or "said the child" stood for. */
  young: Map<Character, number>;
}

export function descriptionBook(characters: readonly Character[], makes = true): DescriptionBook {
  const byTitle = new Map<string, Character[]>();
  for (const c of characters) {
    // Their usual title, and every rank of note they are written with ("Professor Van Helsing", though
    // mostly "Dr. Van Helsing").
    const usual = { dr: 'doctor', capt: 'captain', prof: 'professor', sgt: 'sergeant' }[c.title] ?? c.title;
    for (const title of new Set([usual, ...ranksOf(c).map((r) => r.toLowerCase())])) {
      // Titles of address are no office: "the master" of a workhouse is not Master Bates.
      if (title && !['mr', 'mrs', 'miss', 'ms', 'sir', 'lady', 'mister', 'master', 'madam'].includes(title))
        byTitle.set(title, [...(byTitle.get(title) ?? []), c]);
    }
  }
  return {
    presence: new Map(),
    made: new Map(),
    byTitle,
    makes,
    lines: 0,
    everywhere: new Map(),
    beside: new Map(),
    young: new Map(),
  };
}

/**
 * How a description is known: "old woman" keeps its adjectives (PDNC's "The Old Woman"), a trade
 * does not ("the burly barman" and "the barman" are one), a telling phrase stays ("gentleman in the
 * white waistcoat").
 */
function keyOf(ref: Description): string {
  const phrase = ref.phrase.replace(/^the\s+/, '');
  const qualifier = /\s(?:in|with|of|at)\s.+$/.exec(phrase)?.[0] ?? '';
  const before = phrase
    .slice(0, phrase.length - qualifier.length)
    .split(' ')
    .slice(0, -1);
  // Adjectives of age and kind stay ("old pauper"); others go ("burly barman" is "barman").
  const kept = before.filter((w) => GENERIC_HEADS.has(ref.head) || PERSON_ADJECTIVES.has(w) || !ref.open);
  return [...kept, ref.head].join(' ') + qualifier;
}
const genderOf = (ref: Description) => PERSON_NOUNS.get(ref.head) ?? 'unknown';
const fits = (c: Character, gender: string) =>
  gender === 'unknown' || c.gender === gender || c.gender === 'unknown';

/** Notes who was present when the description spoke, leaving out those it spoke with. */
export function learnDescription(
  context: SceneContext,
  book: DescriptionBook,
  ref: Description,
  index: number,
  others: ReadonlySet<Character>,
) {
  if (ref.newcomer) return;
  const key = keyOf(ref);
  const stats = book.presence.get(key) ?? { occurrences: 0, present: new Map(), beside: new Map() };
  stats.occurrences++;
  for (const c of others) stats.beside.set(c, (stats.beside.get(c) ?? 0) + 1);
  const gender = genderOf(ref);
  for (const c of recentCharacters(context, index, SCENE_CHARS))
    if (!others.has(c) && fits(c, gender)) stats.present.set(c, (stats.present.get(c) ?? 0) + 1);
  book.presence.set(key, stats);
}

/**
 * How often each character is present around any line of the book: a description that speaks
 * wherever the hero is about is not thereby the hero.
 */
export function learnScenes(context: SceneContext, book: DescriptionBook) {
  const step = Math.max(1, Math.floor(context.parts.length / 400));
  for (let index = 0; index < context.parts.length; index += step) {
    book.lines++;
    for (const c of recentCharacters(context, index, SCENE_CHARS))
      book.everywhere.set(c, (book.everywhere.get(c) ?? 0) + 1);
  }
}

/** Words for a child: "the boy", "the child", "the little girl". */
const CHILD_HEADS = new Set(['boy', 'child', 'lad']);
const isChildWord = (ref: Description) =>
  !ref.newcomer && (CHILD_HEADS.has(ref.head) || /^the little (?:girl|boy|one)$/.test(ref.phrase));
/** Words for a grown man or woman, which no child answers to ("the man", "the old gentleman"). */
const GROWN_HEADS = new Set(['man', 'gentleman', 'woman', 'lady']);
const isGrownWord = (ref: Description) =>
  GROWN_HEADS.has(ref.head) && !/\b(?:young|little)\b/.test(ref.phrase);
/** Times "said the boy" must have stood for a character before "said the man" never does. */
const CHILD_TIMES = 3;

/**
 * Notes whom a word for a child stands for, before any description is resolved: Oliver, "the boy"
 * of half his lines, is not "the gentleman" who speaks beside him.
 */
export function learnChild(
  context: SceneContext,
  book: DescriptionBook,
  ref: Description,
  index: number,
  others: ReadonlySet<Character>,
) {
  if (!isChildWord(ref)) return;
  // Not one who talks with the child ("“Home, sir,” said the boy" answering Mr. Brown).
  const child = nearest(context, index, genderOf(ref), undefined, (c) => others.has(c));
  if (child) book.young.set(child, (book.young.get(child) ?? 0) + 1);
}

/** The character a description stands for across the book, when one is present nearly every time it speaks. */
function associated(book: DescriptionBook, key: string): Character | undefined {
  const stats = book.presence.get(key);
  if (!stats || stats.occurrences < 2) return undefined;
  // Present nearly every time the description speaks, and far more often than around lines in general.
  const lift = (c: Character, n: number) =>
    n / stats.occurrences / Math.max(0.05, (book.everywhere.get(c) ?? 0) / Math.max(1, book.lines));
  // One who talks with the description is someone else: "'What's that, sir?' inquired Oliver. / 'The boy
  // is a fool,' said the gentleman in the white waistcoat."
  const apart = (c: Character) => (stats.beside.get(c) ?? 0) > stats.occurrences * BESIDE;
  const ranked = [...stats.present.entries()]
    .filter(([c, n]) => n >= stats.occurrences * PRESENCE && lift(c, n) >= LIFT)
    .sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || apart(best[0])) return undefined;
  return second && second[1] > best[1] - stats.occurrences * 0.2 ? undefined : best[0];
}

/** Sentences a description and a character share, above which the two are two people. */
const SHARED_SENTENCES = 2;

/**
 * Whether the narration has the description and the character act side by side as two people: both in
 * one sentence, not set in apposition ("Mr. Hall just grasped the knife … Off came the stranger's left
 * glove"; not "Mr. Hall, the landlord,"). The stranger of an inn is not its landlord, however often the
 * landlord is about when the stranger speaks.
 */
function actsBeside(context: SceneContext, book: DescriptionBook, ref: Description, c: Character): boolean {
  const key = `${keyOf(ref)}|${c.name}`;
  const known = book.beside.get(key);
  if (known !== undefined) return known;
  const { text, narration } = context;
  const pattern = new RegExp(`\\bthe\\s+(?:[\\p{L}-]+\\s+){0,2}?${escapeRegExp(ref.head)}\\b`, 'giu');
  const mentions = narration.filter((m) => m.character === c);
  let shared = 0;
  let seen = 0;
  for (const match of text.matchAll(pattern)) {
    if (++seen > 400) break;
    const at = match.index;
    const start = sentenceStart(text, at);
    const end = sentenceEnd(text, at + match[0].length);
    for (const m of mentions) {
      if (m.start < start || m.start >= end) continue;
      const [first, second] = m.start < at ? [m.end, at] : [at + match[0].length, m.start];
      // "Mr. Hall, the landlord," names one man twice.
      if (/^\s*,?\s*$/.test(text.slice(first, second))) continue;
      shared++;
      break;
    }
  }
  const apart = shared >= SHARED_SENTENCES;
  book.beside.set(key, apart);
  return apart;
}

/** A sentence's end and the space after it; a title's stop ("Mr.") ends none. */
const SENTENCE_BREAK = /(?<!\b(?:Mr|Mrs|Ms|Dr|St))[.!?]["”’']?\s+|\n\s*\n/g;
function sentenceStart(text: string, at: number): number {
  const from = Math.max(0, at - 300);
  const head = text.slice(from, at);
  let start = from;
  for (const m of head.matchAll(SENTENCE_BREAK)) start = from + m.index + m[0].length;
  return start;
}
function sentenceEnd(text: string, at: number): number {
  const tail = text.slice(at, at + 300);
  const m = new RegExp(SENTENCE_BREAK.source).exec(tail);
  return m ? at + m.index + 1 : at + tail.length;
}

export function resolveDescription(
  context: SceneContext,
  book: DescriptionBook,
  ref: Description,
  index: number,
  addressee: Character | undefined,
): Character | undefined {
  if (['other', 'latter', 'former'].includes(ref.head)) return partner(context, index);
  // "cried a sleepy-faced carpenter" is someone new; "said a man" too little to know them again by, and
  // "said a voice" anyone's, unless the book writes it as a name ("said a Voice", the unseen man's).
  if (ref.newcomer) {
    const key = keyOf(ref);
    const telling =
      (!GENERIC_HEADS.has(ref.head) || /\s(?:in|with|of|at)\s/.test(key)) &&
      (ref.head !== 'voice' || writtenAsName(context.text, ref));
    return book.makes && telling
      ? madeCharacter(book, key, genderOf(ref), context.parts[index]!.start)
      : undefined;
  }
  // "the first cabman", "the second policeman": one of several of a kind, none of them named.
  // ("said the second daughter" is one of the family the scene is about.)
  if (ORDINALS.test(ref.phrase) && !KIN.has(ref.head) && book.makes)
    return madeCharacter(book, keyOf(ref), genderOf(ref), context.parts[index]!.start);
  const scene = recentCharacters(context, index, SCENE_CHARS);
  const ranked = book.byTitle.get(ref.head);
  if (ranked?.length === 1 && scene.includes(ranked[0]!)) return ranked[0];
  const bearer = rankAsName(context.text, book, ref);
  if (bearer) return bearer;
  // "the general" of a book with one General of note is General Tilney, wherever he was last named. A
  // captain or a doctor of a ship or a village may be anyone (the old seaman Treasure Island calls "the
  // captain" at the inn is not Captain Smollett): he must have been named in the pages before.
  const only = ranked && ref.phrase === `the ${ref.head}` ? mostNamed(ranked) : undefined;
  const anyones = ['captain', 'doctor', 'lieutenant', 'sergeant', 'inspector', 'commander'].includes(
    ref.head,
  );
  if (
    only &&
    only !== addressee &&
    RANKS_OF_NOTE.has(normaliseTitle(ref.head)) &&
    (!anyones || recentCharacters(context, index).includes(only))
  )
    return only;
  const key = keyOf(ref);
  // "the worthy matron" is the matron of the book when it has one: an epithet of a trade adds no one.
  const known =
    associated(book, key) ??
    (!GENERIC_HEADS.has(ref.head) && key !== ref.head && !/\s(?:in|with|of|at)\s/.test(key)
      ? associated(book, ref.head)
      : undefined);
  if (
    known &&
    known !== addressee &&
    scene.includes(known) &&
    // A word for anyone ("the old gentleman") may name a man again in the sentence that names him; a word
    // for one figure ("the stranger") beside a named one is someone else.
    (GENERIC_HEADS.has(ref.head) || !actsBeside(context, book, ref, known))
  )
    return known;
  const gender = genderOf(ref);
  const child = (c: Character) => isGrownWord(ref) && (book.young.get(c) ?? 0) >= CHILD_TIMES;
  // "my companion", "her father", "our visitor": someone of the scene, never a character of its own.
  if (!ref.phrase.startsWith('the ')) return nearest(context, index, gender, addressee);
  // "the girl", "her father" stand for whoever fits nearby; "the old woman", "the gentleman in the white waistcoat" for someone.
  if (GENERIC_HEADS.has(ref.head) && !/\s(?:in|with|of|at)\s/.test(key)) {
    const near = nearest(context, index, gender, addressee, child);
    if (near) return near;
  }
  // "said the girl" where no one of the scene fits is still the one the book has that description stand
  // for, unless the narration just brought in someone new so described ("a girl came out to hold his horse").
  if (known && known !== addressee && GENERIC_HEADS.has(ref.head) && !introducedJustBefore(context, ref))
    return known;
  return book.makes ? madeCharacter(book, key, gender, context.parts[index]!.start) : undefined;
}

/** How far back the narration may have brought in "a girl" whom "the girl" then stands for. */
const INTRODUCED_CHARS = 2000;

/** Whether the narration just before a description brought someone in by it with "a" ("a slatternly girl"). */
function introducedJustBefore(context: SceneContext, ref: Description): boolean {
  const before = context.text.slice(Math.max(0, ref.start - INTRODUCED_CHARS), ref.start);
  return new RegExp(`\\ban?\\s+(?:[\\p{L}-]+\\s+){0,2}${escapeRegExp(ref.head)}\\b`, 'iu').test(before);
}

/**
 * A rank the text writes as a name ("said the Admiral") stands for its one bearer of note, wherever he
 * was last named: Admiral Croft, not the Admiral Baldwin of one anecdote. As sure as his name.
 */
export function rankAsName(text: string, book: DescriptionBook, ref: Description): Character | undefined {
  const ranked = book.byTitle.get(ref.head);
  return ranked && ref.phrase === `the ${ref.head}` && writtenAsName(text, ref)
    ? mostNamed(ranked)
    : undefined;
}

/** The one of several characters named three times as often as any other. */
function mostNamed(characters: readonly Character[]): Character | undefined {
  const [first, second] = [...characters].sort((a, b) => b.mentions - a.mentions);
  return first && first.mentions >= 3 * Math.max(1, second?.mentions ?? 0) ? first : undefined;
}

/** Whether a description's head is capitalised, as a rank used for a name is ("the Admiral"). */
function writtenAsName(text: string, ref: Description): boolean {
  const head = text.slice(ref.start, ref.end).split(/\s+/).at(-1) ?? '';
  return /^\p{Lu}/u.test(head) && head.toLowerCase() === ref.head;
}

/** "The Surgeon", "The Gentleman In The White Waistcoat": someone the book knows only by a description. */
function madeCharacter(
  book: DescriptionBook,
  key: string,
  gender: 'male' | 'female' | 'unknown',
  at: number,
): Character {
  const existing = book.made.get(key);
  if (existing) return existing;
  const character: Character = {
    name: `The ${key.replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())}`,
    aliases: [`the ${key}`],
    title: '',
    gender,
    mentions: 0,
    firstOffset: at,
    surfaces: new Map([[`the ${key}`, 1]]),
    role: true,
  };
  book.made.set(key, character);
  return character;
}

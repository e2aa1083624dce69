/**
 * The cast of a text: person names found by `entities.ts`, merged into characters ("Mr. Darcy" and
 * "Darcy"; "Elizabeth Bennet" and "Elizabeth") and located wherever they are mentioned.
 */
import { classifyPhrase, scanEntities, type EntityScan, type PhraseStats } from './entities';
import { NAME_TITLES, NICKNAMES, NOT_NAMES } from './lexicon';
import { firstNameGender } from './nlp';
import { escapeRegExp } from '../strings';

export type Gender = 'female' | 'male' | 'unknown';

export interface Character {
  /** How the text usually calls the character, e.g. "Nell" or "Mrs. Pell". */
  name: string;
  /** Title-less forms that refer to the character, longest first. */
  aliases: string[];
  /** Most common title in lower case ("captain"), or ''. */
  title: string;
  gender: Gender;
  mentions: number;
  firstOffset: number;
  /** How the text writes the name, with titles, and how often ("Mrs. Bennet" → 30). */
  surfaces: ReadonlyMap<string, number>;
}

export interface Mention {
  character: Character;
  start: number;
  end: number;
}

export interface Cast {
  /** Most mentioned first. */
  characters: Character[];
  /** Every mention, in text order. */
  mentions: Mention[];
}

export interface CastOptions {
  /** Names already known for the book (from its plot overview): kept as they are written. */
  knownNames?: readonly string[];
  scan?: EntityScan;
}

const FEMALE_ONLY_TITLES = new Set(['mrs', 'miss', 'ms', 'lady', 'madam', 'madame', 'mademoiselle', 'dame']);

interface Group {
  keys: string[];
  stats: PhraseStats[];
  /** Names already known for the book that this group stands for ("Mr. Bennet", "Mrs. Bennet"). */
  known: string[];
}

export function findCast(text: string, options: CastOptions = {}): Cast {
  const scan = options.scan ?? scanEntities(text);
  // A name only ever written in capitals ("IRENE NORTON" signing a letter) is no character of its own.
  const personStats = [...scan.phrases.values()].filter(
    (s) => s.inCapitals < s.count && classifyPhrase(s, scan.lowercase) === 'person',
  );
  const knownNames = options.knownNames ?? [];
  const groups = groupNames(personStats, knownNames);
  const characters = groups.flatMap((group) => splitFamily(toCharacter(group, groups), knownNames));
  const mentions = locateMentions(text, characters);
  for (const mention of mentions) mention.character.mentions++;
  for (const character of characters) {
    const first = mentions.find((m) => m.character === character);
    if (first) character.firstOffset = first.start;
    character.gender = genderOf(character, text, mentions);
  }
  const present = characters.filter((c) => c.mentions > 0);
  present.sort((a, b) => b.mentions - a.mentions || a.firstOffset - b.firstOffset);
  return { characters: present, mentions: mentions.filter((m) => m.character.mentions > 0) };
}

/**
 * Who a title marks out within a family: "Mr. Bennet", "Mrs. Bennet" and "Miss Bennet" are three
 * people. Other titles ("Captain", "Dr.", "Old") say nothing about which family member is meant.
 */
export type TitleClass = 'man' | 'wife' | 'daughter';

const TITLE_CLASSES: Record<string, TitleClass> = {
  mr: 'man',
  mister: 'man',
  sir: 'man',
  lord: 'man',
  monsieur: 'man',
  herr: 'man',
  señor: 'man',
  mrs: 'wife',
  lady: 'wife',
  madam: 'wife',
  madame: 'wife',
  dame: 'wife',
  frau: 'wife',
  mistress: 'wife',
  miss: 'daughter',
  ms: 'daughter',
  mademoiselle: 'daughter',
};

/** The family position a title gives ("Mrs." → wife), if any. */
export function titleClass(title: string): TitleClass | undefined {
  return TITLE_CLASSES[title.toLowerCase().replace(/\.$/, '')];
}

/** The title class of a written name: "Mrs. Bennet" → wife; "Elizabeth" → undefined. */
export function nameTitleClass(name: string): TitleClass | undefined {
  const first = name.trim().split(/\s+/);
  return first.length > 1 ? titleClass(first[0]!) : undefined;
}

/** Whether two written names can be the same character: same name without titles, and no family titles that differ. */
export function sameCharacterName(a: string, b: string): boolean {
  if (nameKey(a) !== nameKey(b)) return false;
  const [ca, cb] = [nameTitleClass(a), nameTitleClass(b)];
  return ca === undefined || cb === undefined || ca === cb;
}

/**
 * "Mr. Bennet", "Mrs. Bennet" and "Miss Bennet" share the surname but are different people: a
 * surname-only character whose mentions carry titles of different family positions becomes one
 * character per position. Untitled mentions ("Bennet") go to the man when there is one. "Miss
 * Bennet" beside a Mr. or Mrs. Bennet is one of their daughters, who are named by their first names
 * elsewhere: that form alone is too ambiguous to be a character and is dropped.
 */
function splitFamily(character: Character, knownNames: readonly string[]): Character[] {
  if (character.aliases.some((a) => a.includes(' '))) return [character];
  const classes = new Map<TitleClass, Map<string, number>>();
  for (const [surface, n] of character.surfaces) {
    const cls = nameTitleClass(surface);
    if (!cls) continue;
    const forms = classes.get(cls) ?? new Map<string, number>();
    forms.set(surface, (forms.get(surface) ?? 0) + n);
    classes.set(cls, forms);
  }
  if (classes.size < 2) return [character];
  const split: Character[] = [];
  for (const [cls, forms] of classes) {
    if (cls === 'daughter') continue;
    const surfaces = [...forms.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length);
    const aliases = new Set<string>();
    for (const [surface] of surfaces) {
      aliases.add(surface);
      // "Mr. Bennet" is also written "Mr Bennet".
      const [title, ...rest] = surface.split(' ');
      if (/^(Mrs?|Ms)\.?$/.test(title!))
        aliases.add(`${title!.endsWith('.') ? title!.slice(0, -1) : `${title}.`} ${rest.join(' ')}`);
    }
    const takesBare = cls === 'man' || (!classes.has('man') && cls === 'wife');
    if (takesBare) for (const alias of character.aliases) aliases.add(alias);
    const known = knownNames.find((k) => nameTitleClass(k) === cls && nameKey(k) === character.aliases[0]);
    split.push({
      ...character,
      name: known ?? surfaces[0]![0],
      aliases: [...aliases].sort((a, b) => b.length - a.length),
      title: surfaces[0]![0].split(/\s+/)[0]!.toLowerCase().replace(/\.$/, ''),
      surfaces: new Map(surfaces),
    });
  }
  return split;
}

/** Strips titles: "Captain Elias Morrow" → "Elias Morrow". */
export function nameKey(name: string): string {
  const words = name.trim().split(/\s+/);
  while (words.length > 1 && NAME_TITLES.has(words[0]!.toLowerCase().replace(/\.$/, ''))) words.shift();
  return words.join(' ');
}

function groupNames(stats: PhraseStats[], knownNames: readonly string[]): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  for (const known of knownNames) {
    const key = nameKey(known);
    if (!key) continue;
    const same = byKey.get(key);
    if (same) {
      same.known.push(known);
      continue;
    }
    const group: Group = { keys: [key], stats: [], known: [known] };
    groups.push(group);
    byKey.set(key, group);
  }
  const multi = stats.filter((s) => s.key.includes(' '));
  const single = stats.filter((s) => !s.key.includes(' '));
  for (const s of multi) {
    const existing = byKey.get(s.key) ?? knownShortName(s, groups);
    if (existing) existing.stats.push(s);
    else {
      const group: Group = { keys: [s.key], stats: [s], known: [] };
      groups.push(group);
      byKey.set(s.key, group);
    }
  }
  for (const s of single) {
    const existing = byKey.get(s.key) ?? findFullName(s, groups);
    if (existing) {
      if (!existing.keys.includes(s.key)) existing.keys.push(s.key);
      existing.stats.push(s);
      byKey.set(s.key, existing);
    } else {
      const group: Group = { keys: [s.key], stats: [s], known: [] };
      groups.push(group);
      byKey.set(s.key, group);
    }
  }
  return mergeNicknames(groups);
}

/**
 * A full name written in a chapter whose short form the book already knows: "Elizabeth Bennet"
 * when the plot calls her "Elizabeth", "Ben Rogers" when it calls him "Ben".
 */
function knownShortName(full: PhraseStats, groups: Group[]): Group | undefined {
  const words = full.key.split(' ');
  const known = groups.filter((g) => g.known.length > 0 && !g.keys.some((k) => k.includes(' ')));
  const byFirst = known.filter((g) => g.keys.includes(words[0]!));
  if (byFirst.length === 1) return byFirst[0];
  if (byFirst.length > 1) return undefined;
  const bySurname = known.filter((g) => g.keys.includes(words.at(-1)!));
  return bySurname.length === 1 && bySurname[0]!.known.every((k) => nameTitleClass(k) !== 'wife')
    ? bySurname[0]
    : undefined;
}

/** Whether `short` is a pet form of `formal`: from the list ("Lizzy", "Elizabeth") or by ending ("Siddy", "Sid"). */
export function isNicknameOf(short: string, formal: string): boolean {
  if (short === formal) return false;
  if (NICKNAMES.get(short)?.includes(formal)) return true;
  // "Siddy" for "Sid", "Tommy" for "Tom", "Johnny" for "John".
  return (
    formal.length >= 3 &&
    short.startsWith(formal) &&
    /^(?:y|ie|ey|\p{L}y|\p{L}ie|ny|kins)$/u.test(short.slice(formal.length)) &&
    (short.length - formal.length === 1 ||
      short[formal.length] === formal.at(-1) ||
      short.endsWith('ny') ||
      short.endsWith('kins'))
  );
}

/**
 * A pet name and the given name it stands for are one character when the book uses both for one
 * person only: "Lizzy" and "Elizabeth", "Kitty" and "Catherine", "Siddy" and "Sid".
 */
function mergeNicknames(groups: Group[]): Group[] {
  const given = (g: Group) => g.keys.map((k) => k.split(' ')[0]!);
  const merged = new Set<Group>();
  for (const group of groups) {
    if (group.keys.some((k) => k.includes(' '))) continue;
    const short = group.keys[0]!;
    const targets = groups.filter(
      (g) =>
        g !== group &&
        !merged.has(g) &&
        (group.known.length === 0 || g.known.length === 0) &&
        given(g).some((name) => isNicknameOf(short, name)),
    );
    if (targets.length !== 1) continue;
    const target = targets[0]!;
    const [a, b] = [firstNameGender(short), firstNameGender(given(target)[0]!)];
    if (a !== 'unknown' && b !== 'unknown' && a !== b) continue;
    for (const key of group.keys) if (!target.keys.includes(key)) target.keys.push(key);
    target.stats.push(...group.stats);
    target.known.push(...group.known);
    merged.add(group);
  }
  return groups.filter((g) => !merged.has(g));
}

/** The one full name a single word belongs to: a unique given name, else a unique surname. */
function findFullName(single: PhraseStats, groups: Group[]): Group | undefined {
  const fullNames = groups.filter((g) => g.keys.some((k) => k.includes(' ')));
  const byFirst = fullNames.filter((g) => g.keys.some((k) => k.split(' ')[0] === single.key));
  if (byFirst.length === 1) return byFirst[0];
  if (byFirst.length > 1) return undefined;
  const bySurname = fullNames.filter((g) =>
    g.keys.some((k) => k.includes(' ') && k.split(' ').at(-1) === single.key),
  );
  if (bySurname.length !== 1) return undefined;
  const title = mostCommon(single.titles);
  // "Mrs. Bennet" is rarely "Elizabeth Bennet": a married title names another member of the family.
  if (title && FEMALE_ONLY_TITLES.has(title)) return undefined;
  const titleGender = title ? NAME_TITLES.get(title) : undefined;
  const fullName = bySurname[0]!.keys.find((k) => k.includes(' '))!;
  const nameGender = firstNameGender(fullName);
  if (titleGender && titleGender !== 'unknown' && nameGender !== 'unknown' && titleGender !== nameGender)
    return undefined;
  return bySurname[0];
}

function toCharacter(group: Group, groups: Group[]): Character {
  const surfaces = new Map<string, number>();
  const titles = new Map<string, number>();
  for (const s of group.stats) {
    for (const [surface, n] of s.surfaces) surfaces.set(surface, (surfaces.get(surface) ?? 0) + n);
    for (const [title, n] of s.titles) titles.set(title, (titles.get(title) ?? 0) + n);
  }
  const aliases = new Set(group.keys);
  // "Silas" and "Crane" also mean "Silas Crane" when no other character shares them.
  for (const key of group.keys) {
    const parts = key.split(' ');
    if (parts.length < 2) continue;
    for (const part of [parts[0]!, parts.at(-1)!]) {
      if (part.length < 3 || NOT_NAMES.has(part) || NAME_TITLES.has(part.toLowerCase())) continue;
      const shared = groups.some((g) => g !== group && g.keys.some((k) => k.split(' ').includes(part)));
      if (!shared) aliases.add(part);
    }
  }
  const written = [...surfaces.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0]?.[0];
  // Of the known names, the one of the family position the text mostly writes ("Mrs. Bennet").
  const writtenClass = written ? nameTitleClass(written) : undefined;
  const known =
    group.known.find((k) => writtenClass !== undefined && nameTitleClass(k) === writtenClass) ??
    group.known.find((k) => nameTitleClass(k) === undefined) ??
    group.known[0];
  const name = known ?? written ?? group.keys[0]!;
  return {
    name,
    aliases: [...aliases].sort((a, b) => b.length - a.length),
    title: mostCommon(titles) ?? '',
    gender: 'unknown',
    surfaces,
    mentions: 0,
    firstOffset: Math.min(...group.stats.map((s) => s.firstOffset), Number.MAX_SAFE_INTEGER),
  };
}

/** All mentions of all characters, longest alias first so "Elias Morrow" is not also "Morrow". */
function locateMentions(text: string, characters: Character[]): Mention[] {
  const owner = new Map<string, Character>();
  for (const c of characters) for (const alias of c.aliases) if (!owner.has(alias)) owner.set(alias, c);
  if (owner.size === 0) return [];
  const alternatives = [...owner.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}])`, 'gu');
  const mentions: Mention[] = [];
  for (const match of text.matchAll(pattern)) {
    const character = owner.get(match[0]);
    if (!character) continue;
    // "Bennet" in "Miss Bennet" is not Mr. Bennet: a family title before a bare name must be the character's.
    const before = /(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, match.index - 14), match.index))?.[1];
    const cls = before ? titleClass(before) : undefined;
    if (cls && !match[0].includes(' ') && cls !== titleClass(character.title) && titleClass(character.title))
      continue;
    mentions.push({ character, start: match.index, end: match.index + match[0].length });
  }
  return mentions;
}

/** Titles first, then the first name, then the pronouns that follow the character's mentions. */
function genderOf(character: Character, text: string, mentions: Mention[]): Gender {
  const titleGender = character.title ? NAME_TITLES.get(character.title) : undefined;
  if (titleGender === 'female' || titleGender === 'male') return titleGender;
  let female = 0;
  let male = 0;
  const own = mentions.filter((m) => m.character === character).slice(0, 40);
  for (const mention of own) {
    const next = mentions.find((m) => m.start > mention.end && m.character !== character);
    const window = text
      .slice(mention.end, Math.min(mention.end + 160, next?.start ?? text.length))
      .replace(/["“][^"”]*["”]?/g, ' ');
    // "him" and "her" are usually someone else (the object), so only subject and "his" forms count.
    const pronoun = /\b(he|his|himself|she|herself)\b/i.exec(window)?.[1]?.toLowerCase();
    if (!pronoun) continue;
    if (pronoun.startsWith('s') || pronoun === 'herself') female++;
    else male++;
  }
  const fromName = firstNameGender(
    character.aliases.find((a) => a.includes(' ')) ?? character.aliases[0] ?? '',
  );
  if (fromName === 'female') female += 1.5;
  if (fromName === 'male') male += 1.5;
  if (female > male * 1.5 && female >= 1) return 'female';
  if (male > female * 1.5 && male >= 1) return 'male';
  return 'unknown';
}

function mostCommon(counts: ReadonlyMap<string, number>): string | undefined {
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The cast of a text: person names found by `entities.ts`, merged into characters ("Mr. Darcy" and
 * "Darcy"; "Elizabeth Bennet" and "Elizabeth") and located wherever they are mentioned.
 */
import { classifyPhrase, scanEntities, type EntityScan, type PhraseStats } from './entities';
import { NAME_TITLES, NOT_NAMES } from './lexicon';
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
  known?: string;
}

export function findCast(text: string, options: CastOptions = {}): Cast {
  const scan = options.scan ?? scanEntities(text);
  const personStats = [...scan.phrases.values()].filter(
    (s) => classifyPhrase(s, scan.lowercase) === 'person',
  );
  const groups = groupNames(personStats, options.knownNames ?? []);
  const characters = groups.map((group) => toCharacter(group, groups));
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
    if (!key || byKey.has(key)) continue;
    const group: Group = { keys: [key], stats: [], known };
    groups.push(group);
    byKey.set(key, group);
  }
  const multi = stats.filter((s) => s.key.includes(' '));
  const single = stats.filter((s) => !s.key.includes(' '));
  for (const s of multi) {
    const existing = byKey.get(s.key);
    if (existing) existing.stats.push(s);
    else {
      const group: Group = { keys: [s.key], stats: [s] };
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
      const group: Group = { keys: [s.key], stats: [s] };
      groups.push(group);
      byKey.set(s.key, group);
    }
  }
  return groups;
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
  const name =
    group.known ??
    [...surfaces.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0]?.[0] ??
    group.keys[0]!;
  return {
    name,
    aliases: [...aliases].sort((a, b) => b.length - a.length),
    title: mostCommon(titles) ?? '',
    gender: 'unknown',
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
    if (character) mentions.push({ character, start: match.index, end: match.index + match[0].length });
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

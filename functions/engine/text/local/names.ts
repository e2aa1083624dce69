/**
 * The cast of a text: person names found by `entities.ts`, joined into characters ("Mr. Darcy" and
 * "Darcy"; "Elizabeth Bennet", "Elizabeth", "Lizzy") by `reading/people.ts`, characters known by a
 * role ("the White Rabbit") by `reading/roles.ts`, and located wherever they are mentioned.
 */
import { classifyPhrase, scanEntities, type EntityScan, type PhraseStats } from './entities';
import { NAME_TITLES, NOT_NAMES, PERSON_VERBS } from './lexicon';
import { firstNameGender } from './nlp';
import {
  DESCRIBING_TITLES,
  groupForms,
  isNicknameOf,
  normaliseTitle,
  ranksOf,
  titleClass,
  type NameForm,
  type Together as GroupTogether,
  type Person,
  type TitleClass,
} from './reading/people';
import { PERSON_NOUNS, TAG_VERBS } from './reading/lexicon';
import { demonym, findRoles, NATIONS, roleName } from './reading/roles';
import { currentRoleMentions } from './reading/current-role';
import { namesApart } from './reading/apart';
import { joinSelves, selfNamings } from './reading/selves';
import { bookOrAuthor } from './reading/works';
import { findBeing } from './reading/beings';
import { attributeQuotations } from './reading/attribution';
import { scanQuotations } from './reading/quotations';
import { readingText } from './reading/text';
import { escapeRegExp } from '../strings';

export { isNicknameOf, titleClass, type TitleClass };

export type Gender = 'female' | 'male' | 'unknown';

export interface Character {
  /** How the text usually calls the character, e.g. "Nell", "Mrs. Pell" or "The White Rabbit". */
  name: string;
  /** Every name the text uses for the character, as written ("Mr. Darcy", "Darcy"), longest first. */
  aliases: string[];
  /** Most common title in lower case ("captain"), or ''. */
  title: string;
  gender: Gender;
  mentions: number;
  firstOffset: number;
  /** How the text writes the name, with titles, and how often ("Mrs. Bennet" → 30). */
  surfaces: ReadonlyMap<string, number>;
  /** Known by a role ("the Scarecrow", "the Time Traveller") rather than by a name. */
  role?: boolean;
  /** A people of the story acting together ("the Eloi", "the Morlocks") rather than one person. */
  people?: boolean;
  /** Mentions that address the character in a tagged line ("“Belle,” said the husband"). */
  addressed?: number;
  /** Mentions where the character speaks or acts ("said Alice", "Alice laughed"): what a person does. */
  acts?: number;
  /** Mentions in the narration, outside quotations: none for a name only talked of ("Captain Kidd"). */
  narrated?: number;
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
  /**
   * Titled surnames ("Mr. Emerson") the dialogue shows to be someone other than the full name with
   * that surname ("George Emerson"), because the two talk to each other (see `reading/apart.ts`).
   */
  apart?: ReadonlySet<string>;
}

export function findCast(raw: string, options: CastOptions = {}): Cast {
  const text = readingText(raw);
  const scan = options.scan ?? scanEntities(text);
  const together = inOneSentence(text);
  const nearestSurname = familyBefore(text);
  const cast = castOf(text, scan, options, together, nearestSurname);
  if (options.apart) return cast;
  // Names the dialogue shows to be two people (a father and son who answer each other) are cast again apart.
  const read = (c: Cast) => attributeQuotations(text, scanQuotations(text), c, { describedSpeakers: false });
  const first = read(cast);
  const apart = namesApart(text, first, together);
  const final = apart.size > 0 ? castOf(text, scan, { ...options, apart }, together, nearestSurname) : cast;
  // A figure known by a role who says who they are is one with that name (see `reading/selves.ts`).
  const lines = final === cast ? first.parts : read(final).parts;
  joinSelves(final, selfNamings(text, lines, final.mentions));
  return final;
}

function castOf(
  text: string,
  scan: EntityScan,
  options: CastOptions,
  together: Together,
  nearestSurname: (given: string, surnames: readonly string[]) => string | undefined,
): Cast {
  // Titles people bear in this text ("Dr. Kemp"): "the Doctor" is then one of them, not a role of its own.
  const titlesInUse = new Set(
    [...scan.phrases.values()].flatMap((s) => [...s.titles.keys()].map(normaliseTitle)),
  );
  const roles = findRoles(scan.phrases.values(), titlesInUse, scan.lowercase, together);
  const claimed = new Set(roles.flatMap((r) => r.forms.map((f) => f.surface)));
  const people: PhraseStats[] = [];
  const addressed = addressedNames(text, scan.lowercase);
  for (const stats of scan.phrases.values()) {
    // A name only ever written in capitals ("IRENE NORTON" signing a letter) is no character of its own.
    if (
      !claimed.has(stats.key) &&
      stats.inCapitals < stats.count &&
      !placeOrSaint(stats) &&
      !NATIONS.test(stats.key) &&
      !demonym(stats) &&
      !ownedThing(text, stats) &&
      (classifyPhrase(stats, scan.lowercase) === 'person' || addressed.has(stats.key)) &&
      !bookOrAuthor(text, stats)
    )
      people.push(stats);
  }
  people.push(...surnamesOfWords(text, scan, people));
  const knownNames = options.knownNames ?? [];
  const persons = withoutFamilies(
    groupForms([...knownForms(knownNames), ...people.flatMap(formsOf)], {
      apart: options.apart,
      together,
      nearestSurname,
      marriedAs: marriedAs(text, together.at),
      sexOf: bareSex(text),
    }),
  );
  const words = new Set(persons.flatMap((p) => p.forms.map((f) => f.words.at(-1)!)));
  const epithets = roles.filter((r) => joinEpithet(r, persons, scan.lowercase));
  const characters = [
    ...persons.map((p) => toCharacter(p, persons, scan.lowercase)),
    // "the Crofts", "the Emersons": a family, written as a role.
    ...roles
      .filter((r) => !epithets.includes(r) && !r.forms.every((f) => isPlural(f.surface, words)))
      .map(roleCharacter),
  ];
  // "the monster", "the fiend", "the daemon": a being the book never names.
  const being = findBeing(text);
  if (being) characters.push(being);
  const mentions = locateMentions(text, characters);
  // "the Spirit" of a chapter about "the Ghost of Christmas Present" is that ghost.
  const current = currentRoleMentions(text, scan.phrases.values(), characters, mentions);
  if (current.length > 0) mentions.push(...current);
  const quoted = scanQuotations(text).parts;
  mentions.push(...rankMentions(text, characters, mentions, quoted));
  mentions.sort((a, b) => a.start - b.start);
  for (const character of characters) character.narrated = 0;
  let q = 0;
  for (const mention of mentions) {
    mention.character.mentions++;
    while (q < quoted.length && quoted[q]!.end <= mention.start) q++;
    if (!(quoted[q] && quoted[q]!.start <= mention.start))
      mention.character.narrated = (mention.character.narrated ?? 0) + 1;
    if (acts(text, mention)) mention.character.acts = (mention.character.acts ?? 0) + 1;
    if (
      VOCATIVE_BEFORE.test(text.slice(Math.max(0, mention.start - 2), mention.start)) &&
      addressesOne(text, mention.end)
    )
      mention.character.addressed = (mention.character.addressed ?? 0) + 1;
  }
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
 * "the Great Oz" is Oz: a role written as words of praise or blame before a name the book gives one
 * person alone joins that person. Not a role "of" something ("the Wizard of Oz" may be of a land).
 */
function joinEpithet(role: Person, persons: Person[], lowercase: ReadonlyMap<string, number>): boolean {
  const names = role.forms.map((f) => f.words);
  if (names.some((w) => w.length < 2 || w.includes('of'))) return false;
  const last = new Set(names.map((w) => w.at(-1)!));
  if (last.size !== 1) return false;
  const name = [...last][0]!;
  // Not a word for someone ("the Black Knight" beside Mr. Knight, "the Old Bishop" beside Mr. Bishop).
  const lower = name.toLowerCase();
  if (PERSON_NOUNS.has(lower) || NAME_TITLES.has(lower) || (lowercase.get(lower) ?? 0) > 0) return false;
  const owners = persons.filter((p) =>
    p.forms.some((f) => f.words.length === 1 && f.words[0] === name && !f.title),
  );
  if (owners.length !== 1) return false;
  owners[0]!.forms.push(...role.forms);
  return true;
}

/** Share of a word's occurrences after a possessive above which it is a thing someone owns. */
const OWNED_SHARE = 0.8;

/**
 * "Mina Murray’s Journal", "Dr. Seward’s Diary": a capitalised word nearly always written after a
 * possessive is the title of something owned, not a person.
 */
function ownedThing(text: string, stats: PhraseStats): boolean {
  if (stats.key.includes(' ') || stats.count < 3) return false;
  const owned = text.match(new RegExp(`\\p{L}['’]s\\s+${escapeRegExp(stats.key)}(?![\\p{L}])`, 'gu'));
  return (owned?.length ?? 0) >= stats.count * OWNED_SHARE;
}

/** How often a surname that is also a word of the language must stand alone in mid-sentence. */
const SURNAME_ALONE = 3;

/**
 * `"This is a very serious matter, Small," said the detective`: the surname of a full name the cast
 * holds ("Jonathan Small"), written alone with its capital in mid-sentence, is that person's though the
 * text writes the word in lower case too ("a small boat").
 */
function surnamesOfWords(text: string, scan: EntityScan, people: readonly PhraseStats[]): PhraseStats[] {
  const taken = new Set(people.map((p) => p.key));
  const surnames = new Set(
    people.flatMap((p) => {
      const words = p.key.split(' ');
      return words.length === 2 && firstNameGender(words[0]!) !== 'unknown' ? [words[1]!] : [];
    }),
  );
  // Alone: after a small word or a comma, and before no other capitalised word ("Baker" of Henry Baker is
  // no one's in "Baker Street", nor "Small" in "Small Heath").
  const alone = (surname: string) =>
    [
      ...text.matchAll(
        new RegExp(
          `(?:\\b\\p{Ll}+|,)\\s+${escapeRegExp(surname)}\\b(?!\\s+\\p{Lu})(?!['’]s\\s+\\p{Lu})`,
          'gu',
        ),
      ),
    ].length;
  return [...surnames].flatMap((surname) => {
    const stats = scan.phrases.get(surname);
    const word = (scan.lowercase.get(surname.toLowerCase()) ?? 0) > 0;
    return stats &&
      word &&
      !taken.has(surname) &&
      stats.afterThe === 0 &&
      !placeOrSaint(stats) &&
      alone(surname) >= SURNAME_ALONE
      ? [stats]
      : [];
  });
}

/** Titles of address a book writes alone for the one person who bears them ("said Mademoiselle"). */
const BARE_TITLES: Readonly<Record<string, string>> = {
  mademoiselle: 'Mademoiselle',
  madame: 'Madame',
  monsieur: 'Monsieur',
  signor: 'Signor',
  signora: 'Signora',
  signorina: 'Signorina',
  herr: 'Herr',
  frau: 'Frau',
  fräulein: 'Fräulein',
};

/**
 * "the Admiral", "the Squire", "the Doctor" written as a name, and "Mademoiselle" alone: mentions of the one bearer of that rank
 * the book names three times as often as any other (Admiral Croft, not the Admiral Baldwin of one
 * anecdote). A rank before another name ("the Admiral Benbow") is not one.
 */
function rankMentions(
  text: string,
  characters: readonly Character[],
  mentions: readonly Mention[],
  quoted: readonly { start: number; end: number }[],
): Mention[] {
  const byRank = new Map<string, Character[]>();
  for (const c of characters) {
    // Every rank they are written with: "the Professor" is the Dr. Van Helsing of "Professor Van Helsing".
    for (const rank of c.role ? [] : ranksOf(c)) byRank.set(rank, [...(byRank.get(rank) ?? []), c]);
  }
  for (const c of characters) {
    const title = c.role ? undefined : BARE_TITLES[c.title];
    if (title) byRank.set(title, [...(byRank.get(title) ?? []), c]);
  }
  const taken = new Set(mentions.map((m) => m.start));
  const named = (c: Character) => [...(c.surfaces?.values() ?? [])].reduce((sum, n) => sum + n, 0);
  const found: Mention[] = [];
  for (const [rank, bearers] of byRank) {
    const [first, second] = [...bearers].sort((a, b) => named(b) - named(a));
    if (!first || named(first) < 3 * Math.max(1, second ? named(second) : 0)) continue;
    const bare = Object.values(BARE_TITLES).includes(rank);
    const article = bare ? '(?<![Tt]he\\s+)' : '[Tt]he\\s+';
    const pattern = new RegExp(`(?<![\\p{L}])${article}(${rank})(?![\\p{L}\\p{M}]|\\s+\\p{Lu})`, 'gu');
    for (const m of text.matchAll(pattern)) {
      const start = m.index + m[0].length - rank.length;
      // "Good evening, Monsieur," said to anyone: a title alone in the dialogue is a form of address.
      if (bare && quoted.some((q) => q.start <= start && start < q.end)) continue;
      if (!taken.has(start)) found.push({ character: first, start, end: start + rank.length });
    }
  }
  return found;
}

/**
 * Names that are no one of the story though a title stands before them: an inn or a ship named after
 * someone ("the Admiral Benbow", written after "the" as no person is) and a saint of oaths, churches
 * and places ("St. Mary's"), written only with the saint's title.
 */
function placeOrSaint(stats: PhraseStats): boolean {
  const titled = [...stats.titles.values()].reduce((sum, n) => sum + n, 0);
  if (titled > 0 && stats.afterThe >= stats.count * 0.5) return true;
  const saintly = (stats.titles.get('st') ?? 0) + (stats.titles.get('saint') ?? 0);
  return saintly > 0 && saintly >= stats.count;
}

/** A sentence ends between two names (the second's capital included): a stop that is no title's ("Mr."), or a blank line. */
const SENTENCE_END = /(?<!\b(?:Mr|Mrs|Ms|Dr|St|Mt))[.!?][”"’']?\s+[“"‘']?\p{Lu}|\n\s*\n/u;
/** `Together` with its share always counted, and where each name stands (see `inOneSentence`). */
type Together = Required<Pick<GroupTogether, 'share'>> &
  GroupTogether & { at: (name: string) => readonly { start: number; end: number }[] };

/** How far apart two names of one sentence may stand, in characters. */
const SENTENCE_REACH = 300;

/** Whether the text writes two names in one sentence, each as a whole word (wrapped lines too). */
function inOneSentence(text: string): Together {
  const places = new Map<string, { start: number; end: number }[]>();
  const at = (name: string) => {
    let found = places.get(name);
    if (found) return found;
    const words = escapeRegExp(name).replace(/ /g, '\\s+');
    const pattern = new RegExp(`(?<![\\p{L}])${words}(?![\\p{L}])`, 'gu');
    found = [...text.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    places.set(name, found);
    return found;
  };
  const beside = (x: { start: number; end: number }, y: { start: number; end: number }) => {
    const [first, second] = x.start < y.start ? [x, y] : [y, x];
    return (
      second.start - first.start <= SENTENCE_REACH &&
      !SENTENCE_END.test(text.slice(first.end, second.start + 1))
    );
  };
  const together = (a: string, b: string) => at(a).some((x) => at(b).some((y) => beside(x, y)));
  // Never the one written inside the other ("Kate" of "Miss Kate").
  const overlap = (x: { start: number; end: number }, y: { start: number; end: number }) =>
    x.start < y.end && y.start < x.end;
  together.apart = (a: string, b: string) =>
    at(a).some((x) => at(b).some((y) => !overlap(x, y) && beside(x, y)));
  together.at = at;
  // How many of `a`'s mentions have `b` in their sentence, with how many mentions `a` has.
  together.share = (a: string, b: string) => {
    const [pa, pb] = [at(a), at(b)];
    return [pa.filter((x) => pb.some((y) => beside(x, y))).length, pa.length] as const;
  };
  return together;
}

/**
 * Of several surnames, the one the text wrote last before most bare mentions of a given name (a
 * given name followed by a capitalised word is part of a full name and does not count). Undefined
 * unless one surname has at least twice the votes of any other, over three mentions or more.
 */
function familyBefore(
  text: string,
): (given: string, surnames: readonly string[], menOnly?: boolean) => string | undefined {
  // Where each surname stands, found once for both readings of the cast: all of them, and those that
  // are a man's own (not "Mrs. Arnold" nor "Dr. Arnold", no sign of the Tom Arnold named once).
  const places = new Map<string, number[]>();
  const wordAt = (word: string, menOnly: boolean) => {
    const key = `${menOnly ? 'men:' : ''}${word}`;
    let found = places.get(key);
    if (!found) {
      const pattern = new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, 'gu');
      found = [...text.matchAll(pattern)]
        .filter((m) => !menOnly || !OTHER_TITLE_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index)))
        .map((m) => m.index);
      places.set(key, found);
    }
    return found;
  };
  return (given, surnames, menOnly = false) => {
    const before = surnames.map((s) => wordAt(s, menOnly));
    const votes = surnames.map(() => 0);
    const bare = new RegExp(`(?<![\\p{L}])${escapeRegExp(given)}(?![\\p{L}]|\\s+\\p{Lu})`, 'gu');
    for (const m of text.matchAll(bare)) {
      let best = -1;
      let bestAt = -1;
      before.forEach((at, k) => {
        const before = lastBefore(at, m.index);
        if (before > bestAt) [best, bestAt] = [k, before];
      });
      if (best >= 0) votes[best]! += 1;
    }
    const ranked = votes.map((v, k) => [v, k] as const).sort((a, b) => b[0] - a[0]);
    const [first, second] = [ranked[0]!, ranked[1]];
    return first[0] >= 3 && first[0] >= 2 * (second?.[0] ?? 0) ? surnames[first[1]] : undefined;
  };
}

/**
 * The sex of a bare name by the pronouns in the words after it, up to the sentence's end: "his" and "he"
 * against "her" and "she", one kind at least twice as often as the other and three times in all.
 */
function bareSex(text: string): (word: string) => 'male' | 'female' | 'unknown' {
  return (word) => {
    let [male, female] = [0, 0];
    const pattern = new RegExp(
      `(?<!(?:Mrs|Miss|Ms|Madam|Madame|Lady)\\.?\\s)(?<!\\p{L})${escapeRegExp(word)}(?![\\p{L}'’])([^.!?"“”]{0,60})`,
      'gu',
    );
    for (const m of text.matchAll(pattern)) {
      const after = m[1]!;
      if (/\b(?:he|his|him|himself)\b/i.test(after)) male++;
      if (/\b(?:she|her|hers|herself)\b/i.test(after)) female++;
    }
    if (male >= 3 && male >= 2 * female) return 'male';
    if (female >= 3 && female >= 2 * male) return 'female';
    return 'unknown';
  };
}

/** Words that tell of a marriage. */
const MARRIAGE = /\b(?:marry|marries|married|marrying|marriage|wedding|wedded|bride|bridegroom|husband)\b/i;
/** Share of a maiden name's mentions that must come before the married name is first written. */
const MAIDEN_BEFORE = 0.6;

/** See `GroupOptions.marriedAs`: "Mina Murray" of the letters, a wedding, then "Mina Harker". */
function marriedAs(text: string, places: Together['at']): (maiden: string, married: string) => boolean {
  const at = (name: string) => places(name).map((p) => p.start);
  return (maiden, married) => {
    const [before, after] = [at(maiden), at(married)];
    const first = after[0];
    if (first === undefined || before.length === 0 || before[0]! > first) return false;
    if (before.filter((i) => i < first).length < before.length * MAIDEN_BEFORE) return false;
    return MARRIAGE.test(text.slice(before[0]!, first));
  };
}

/** A title before a surname that is not a man's own ("Mrs. Arnold", "Dr. Arnold", "Aunt March"). */
const OTHER_TITLE_BEFORE =
  /\b(?:Mrs|Miss|Ms|Lady|Madam|Madame|Dr|Doctor|Aunt|Uncle|Mother|Father|Sister|Brother|Professor|Captain|Colonel|Major|General|Sir)\.?\s+$/;

/** The last of the sorted positions before `at`, or -1. */
function lastBefore(sorted: readonly number[], at: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < at) low = mid + 1;
    else high = mid;
  }
  return low > 0 ? sorted[low - 1]! : -1;
}

/** The written forms of a phrase: "Captain Morrow" (2), "Morrow" (5). */
function formsOf(stats: PhraseStats): NameForm[] {
  return [...stats.surfaces.entries()].map(([surface, count]) => {
    const titles = surface
      .slice(0, surface.length - stats.key.length)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return {
      surface,
      words: stats.key.split(' '),
      title: titles.length ? normaliseTitle(titles.at(-1)!) : '',
      count,
      firstOffset: stats.firstOffset,
    };
  });
}

function knownForms(knownNames: readonly string[]): NameForm[] {
  return knownNames.flatMap((known) => {
    const words = known.trim().split(/\s+/);
    let title = '';
    while (words.length > 1 && NAME_TITLES.has(words[0]!.toLowerCase().replace(/\.$/, '')))
      title = normaliseTitle(words.shift()!);
    return words.length && words[0]
      ? [{ surface: known, words, title, count: 0, firstOffset: 0, known }]
      : [];
  });
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

/** Strips titles: "Captain Elias Morrow" → "Elias Morrow". */
export function nameKey(name: string): string {
  const words = name.trim().split(/\s+/);
  while (words.length > 1 && NAME_TITLES.has(words[0]!.toLowerCase().replace(/\.$/, ''))) words.shift();
  return words.join(' ');
}

/** "Mr. Bennet" is also written "Mr Bennet". */
function withTitleVariants(surface: string): string[] {
  const m = /^(Mrs?|Ms|Dr|St)(\.?) (.+)$/.exec(surface);
  return m ? [surface, `${m[1]}${m[2] ? '' : '.'} ${m[3]}`] : [surface];
}

/** Whether a word is the plural of a name ("Cratchits" of "Cratchit"). */
function isPlural(word: string, names: ReadonlySet<string>): boolean {
  return (
    (word.endsWith('es') && names.has(word.slice(0, -2))) ||
    (word.endsWith('s') && names.has(word.slice(0, -1)))
  );
}

/** "the Cratchits", "the Musgroves": a family named in the plural is no one character. */
function withoutFamilies(persons: Person[]): Person[] {
  const words = new Set(persons.flatMap((p) => p.forms.map((f) => f.words.at(-1)!)));
  return persons.filter((p) => p.known.length > 0 || !p.forms.every((f) => isPlural(f.words.at(-1)!, words)));
}

function toCharacter(
  person: Person,
  persons: readonly Person[],
  lowercase: ReadonlyMap<string, number>,
): Character {
  const surfaces = new Map<string, number>();
  const titles = new Map<string, number>();
  for (const form of person.forms) {
    if (form.count > 0) surfaces.set(form.surface, (surfaces.get(form.surface) ?? 0) + form.count);
    if (form.title && !DESCRIBING_TITLES.has(form.title))
      titles.set(form.title, (titles.get(form.title) ?? 0) + form.count + 0.5);
  }
  const owned = (words: string) =>
    !persons.some((other) => other !== person && other.forms.some((f) => f.words.join(' ') === words));
  const aliases = new Set<string>();
  for (const form of person.forms) {
    for (const variant of withTitleVariants(form.surface)) aliases.add(variant);
    const key = form.words.join(' ');
    if (owned(key)) aliases.add(key);
    // "Silas" and "Crane" also mean "Silas Crane" when no other character shares them.
    if (form.words.length < 2 || (form.title && titleClass(form.title) === 'wife')) continue;
    for (const part of [form.words[0]!, form.words.at(-1)!]) {
      // Nor when the word is a common one ("Time" of a "Time Machines" seen once).
      if (part.length < 3 || NOT_NAMES.has(part) || NAME_TITLES.has(part.toLowerCase())) continue;
      if ((lowercase.get(part.toLowerCase()) ?? 0) > 0) continue;
      const shared = persons.some((p) => p !== person && p.forms.some((f) => f.words.includes(part)));
      if (!shared) aliases.add(part);
    }
  }
  const ranked = [...surfaces.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length);
  // A woman written "Mrs. Ford" goes by that name, though the bare "Ford" (of "Ford's") is more frequent.
  // A given name ("Louisa" of "Louisa Musgrove") is her name as it is, though "Miss Louisa" is written too.
  // So is a word only ever written alone that is a given name ("Lucy", though "Miss Lucy" is written
  // too), unless she is a married woman ("Mrs. Russell" is not "Russell").
  const married = person.forms.some((f) => f.title && titleClass(f.title) === 'wife');
  const givenName = (word: string) =>
    person.forms.some((f) => f.words.length > 1 && f.words[0] === word) ||
    (firstNameGender(word) !== 'unknown' &&
      !married &&
      !person.forms.some((f) => f.words.length > 1 && f.words.at(-1) === word));
  const bare =
    ranked[0] && !ranked[0][0].includes(' ') && !givenName(ranked[0][0]) ? ranked[0][0] : undefined;
  const titledWoman = ranked.find(([surface]) => {
    const cls = nameTitleClass(surface);
    return (cls === 'wife' || cls === 'daughter') && surface.split(/\s+/).at(-1) === bare;
  });
  let written = (titledWoman && titledWoman[1] >= 2 ? titledWoman : ranked[0])?.[0];
  // A given name another character is written with three times or more ("Charles" beside "Charles
  // Hayter") is written whole.
  const sharedGiven = (word: string) =>
    persons.some(
      (other) =>
        other !== person &&
        other.forms
          .filter((f) => f.words.length > 1 && f.words[0] === word)
          .reduce((n, f) => n + f.count, 0) >= 3,
    );
  if (written && !written.includes(' ') && sharedGiven(written))
    written =
      ranked.find(([surface]) => surface.split(/\s+/)[0] === written && surface.includes(' '))?.[0] ??
      written;
  // A bare surname that is mostly a word of the language ("Small" of "a small boat") is written whole:
  // "Jonathan Small".
  const fullNames = person.forms
    .filter((f) => f.words.length > 1 && f.words.at(-1) === written)
    .sort((a, b) => b.count - a.count);
  if (
    written &&
    fullNames[0] &&
    !givenName(written) &&
    (lowercase.get(written.toLowerCase()) ?? 0) > (surfaces.get(written) ?? 0)
  )
    written = fullNames[0].surface;
  // Of the known names, the one of the family position the text mostly writes ("Mrs. Bennet").
  const writtenClass = written ? nameTitleClass(written) : undefined;
  const known =
    person.known.find((k) => writtenClass !== undefined && nameTitleClass(k) === writtenClass) ??
    person.known.find((k) => nameTitleClass(k) === undefined) ??
    person.known[0];
  for (const k of person.known) aliases.add(k);
  return {
    name: known ?? written ?? person.forms[0]!.surface,
    aliases: [...aliases].sort((a, b) => b.length - a.length),
    title: mostCommon(titles) ?? '',
    gender: 'unknown',
    surfaces,
    mentions: 0,
    firstOffset: Math.min(...person.forms.map((f) => f.firstOffset)),
  };
}

function roleCharacter(person: Person): Character {
  const surfaces = new Map(person.forms.map((f) => [`the ${f.surface}`, f.count]));
  return {
    name: roleName(person),
    aliases: person.forms.map((f) => f.surface).sort((a, b) => b.length - a.length),
    title: '',
    gender: 'unknown',
    surfaces,
    mentions: 0,
    firstOffset: Math.min(...person.forms.map((f) => f.firstOffset)),
    role: true,
    ...(person.people ? { people: true } : {}),
  };
}

const ACTION_AFTER = new RegExp(
  `^(?:'s\\s+\\p{L}+|,)?\\s+(?:\\p{L}+ly\\s+)?(?:${[...PERSON_VERBS, ...TAG_VERBS].join('|')})\\b`,
  'u',
);
const SPEECH_BEFORE = new RegExp(`\\b(?:${[...TAG_VERBS].join('|')})\\s+(?:the\\s+)?$`, 'u');

/**
 * A name that is a whole opening quotation, the line tagged and resumed speaking to someone: "“Belle,”
 * said the husband, turning to his wife, “I saw an old friend of yours”". The name is the one spoken
 * to; an interjection ("“Hullo,” cried the policeman, “who's there?”") addresses no one.
 */
const VOCATIVE_BEFORE = /["“]\s*$/u;
const VOCATIVE_AFTER = new RegExp(
  `^,\\s*["”]\\s+(?:[^"“”.!?]{0,40}\\s)?(?:${[...TAG_VERBS].join('|')})\\b[^"“”.!?]{0,80}["“]([^"“”]{0,160})`,
  'u',
);
const SECOND_PERSON = /\b(?:you|your|yours|yourself|thee|thou|thy|thine)\b/i;

function addressesOne(text: string, end: number): boolean {
  const resumed = VOCATIVE_AFTER.exec(text.slice(end, end + 300))?.[1];
  return resumed !== undefined && SECOND_PERSON.test(resumed);
}

const OPENING_NAME = /["“](\p{Lu}[\p{L}\p{M}]+),/gu;

/**
 * Names spoken to in a tagged line (see `addressesOne`): people of the scene, even when the book
 * names them only there. A word the text also writes in lower case ("Well," "Come,") is none.
 */
function addressedNames(text: string, lowercase: ReadonlyMap<string, number>): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(OPENING_NAME)) {
    const name = match[1]!;
    if ((lowercase.get(name.toLowerCase()) ?? 0) > 0 || NOT_NAMES.has(name)) continue;
    if (addressesOne(text, match.index + match[0].length - 1)) names.add(name);
  }
  return names;
}

/** Whether a mention is a person doing something: "Alice laughed", "said Alice", "cried the Queen". */
function acts(text: string, mention: Mention): boolean {
  return (
    ACTION_AFTER.test(text.slice(mention.end, mention.end + 40)) ||
    SPEECH_BEFORE.test(text.slice(Math.max(0, mention.start - 20), mention.start))
  );
}

/** All mentions of all characters, longest alias first so "Elias Morrow" is not also "Morrow". */
function locateMentions(text: string, characters: Character[]): Mention[] {
  const owner = new Map<string, Character>();
  for (const c of characters) for (const alias of c.aliases) if (!owner.has(alias)) owner.set(alias, c);
  if (owner.size === 0) return [];
  // Books wrap their lines: "Mrs.\nWeston" is "Mrs. Weston", not a bare "Weston".
  const alternatives = [...owner.keys()]
    .sort((a, b) => b.length - a.length)
    .map((alias) => escapeRegExp(alias).replace(/ /g, '\\s+'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}])`, 'gu');
  const mentions: Mention[] = [];
  for (const match of text.matchAll(pattern)) {
    const character = owner.get(match[0].replace(/\s+/g, ' '));
    if (!character) continue;
    // "Bennet" in "Miss Bennet" is not Mr. Bennet: a family title before a bare name must be the character's.
    const before = /(\p{L}+)\.?\s+$/u.exec(text.slice(Math.max(0, match.index - 14), match.index))?.[1];
    const cls = before ? titleClass(before) : undefined;
    const own = titleClass(character.title);
    // Nor is "Morstan" in "Miss Morstan" Captain Morstan: the title must be one the character bears.
    if (
      cls &&
      !match[0].includes(' ') &&
      cls !== own &&
      !character.aliases.some((a) => a.includes(' ') && titleClass(a.split(' ')[0]!) === cls)
    )
      continue;
    mentions.push({ character, start: match.index, end: match.index + match[0].length });
  }
  return mentions;
}

/** Titles first, then the first name, then the pronouns that follow the character's mentions. */
function genderOf(character: Character, text: string, mentions: Mention[]): Gender {
  // A people is "they".
  if (character.people) return 'unknown';
  const titleGender = character.title ? NAME_TITLES.get(character.title) : undefined;
  if (titleGender === 'female' || titleGender === 'male') return titleGender;
  let female = 0;
  let male = 0;
  const own = mentions.filter((m) => m.character === character).slice(0, 60);
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
  const fromName = character.role
    ? 'unknown'
    : firstNameGender(
        character.aliases.find((a) => a.includes(' ') && !nameTitleClass(a)) ?? nameKey(character.name),
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

/** Mentions a character needs, as a share of all the cast's mentions, to be among the book's characters. */
const MAIN_SHARE = 0.002;

/**
 * The characters a book's overview lists: those the text mentions often enough to matter (a name
 * seen once or twice is a passing reference, "Dante", "Ali Baba"), most mentioned first.
 */
export function mainCharacters(cast: Cast): Character[] {
  const total = cast.characters.reduce((sum, c) => sum + c.mentions, 0);
  const least = Math.max(3, Math.ceil(total * MAIN_SHARE));
  // A person is titled ("Mrs. Goddard"), or speaks and acts ("said Perry"): "Journal" and "Hampstead Heath" do neither.
  const person = (c: Character) =>
    (c.acts ?? 0) > 0 ||
    c.people === true ||
    (!c.role && titleClass(c.title) !== undefined) ||
    PERSONAL_TITLES.has(c.title);
  // One addressed in a scene ("“Belle,” said the husband") is there, though the book names her once.
  // A name only talked of, a few times, is a person of the talk (a pirate of old, a writer), not of the story.
  const talkedOf = (c: Character) => c.narrated === 0 && c.mentions < 2 * least;
  return cast.characters.filter(
    (c) =>
      !saint(c) &&
      ((c.mentions >= least && person(c) && !talkedOf(c)) || (!c.role && (c.addressed ?? 0) > 0)),
  );
}

/** A name mostly written with a saint's title ("St. Mary's Church"): a church or an oath, not one of the story. */
function saint(c: Character): boolean {
  let saintly = 0;
  let all = 0;
  for (const [surface, count] of c.surfaces) {
    all += count;
    if (/^(?:St\.?|Saint)\s/.test(surface)) saintly += count;
  }
  return saintly > 0 && saintly * 2 >= all;
}

/** Titles only people bear (not "Saint", "Old", "Little"). */
const PERSONAL_TITLES = new Set(
  [...NAME_TITLES.keys()].filter((t) => !['saint', 'st', 'old', 'young', 'little', 'big'].includes(t)),
);

/**
 * Which written names are one person. Novels call a character by a full name ("Jane Fairfax"), a
 * given name ("Jane"), a title and surname ("Miss Fairfax"), a pet name ("Lizzy") or a bare
 * surname ("Fairfax"); families share surnames ("Mr. Bennet", "Mrs. Bennet") and brothers are told
 * apart by a given name after the title ("Mr. John Knightley" beside "Mr. Knightley"). The forms are
 * joined in order of reliability: full names first, then titled surnames, then single words.
 */
import { NAME_TITLES, NICKNAMES } from '../lexicon';
import { firstNameGender } from '../nlp';

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

/** Titles written two ways ("Dr." and "Doctor"). */
const SAME_TITLE: Record<string, string> = {
  doctor: 'dr',
  capt: 'captain',
  "cap'n": 'captain',
  prof: 'professor',
  sgt: 'sergeant',
  mister: 'mr',
  lt: 'lieutenant',
  col: 'colonel',
  rev: 'reverend',
};

/** Titles of kinship name a relation, not a person's place in the family: "Aunt March" is not "Mrs. March". */
const KINSHIP_TITLES = new Set([
  'aunt',
  'uncle',
  'mother',
  'father',
  'brother',
  'sister',
  'cousin',
  'granny',
  'grandma',
  'grandpa',
]);
/** Titles of rank in the army, the navy or the police. */
const SERVICE_RANKS = new Set([
  'captain',
  'colonel',
  'major',
  'general',
  'admiral',
  'lieutenant',
  'sergeant',
  'commander',
  'inspector',
  'constable',
]);
/**
 * Titles of rank or office (normalised: "dr") that one character of a book may bear alone, so that the
 * rank written for the name ("the Admiral", "the general") is theirs. A constable may be anyone.
 */
export const RANKS_OF_NOTE = new Set([
  ...[...SERVICE_RANKS].filter((rank) => rank !== 'constable'),
  'dr',
  'professor',
  'squire',
  'judge',
  // Titles of nobility: "the Count" of a book with one Count of note is Count Dracula.
  'count',
  'countess',
  'baron',
  'baroness',
  'duke',
  'duchess',
  'earl',
  'marquis',
]);
/** A title of rank as the text writes it when the rank stands for the name ("the Admiral", "the Doctor"). */
function rankWord(title: string): string | undefined {
  if (!RANKS_OF_NOTE.has(title)) return undefined;
  return title === 'dr' ? 'Doctor' : title[0]!.toUpperCase() + title.slice(1);
}

/**
 * The ranks of note a character is written with, their usual title's first: "Doctor" and "Professor"
 * of the Van Helsing written mostly "Dr. Van Helsing", sometimes "Professor Van Helsing".
 */
export function ranksOf(character: { title: string; surfaces?: ReadonlyMap<string, number> }): string[] {
  const titles = [
    character.title,
    ...[...(character.surfaces?.keys() ?? [])].flatMap((s) =>
      s.includes(' ') ? [normaliseTitle(s.split(/\s+/)[0]!)] : [],
    ),
  ];
  return [...new Set(titles.flatMap((t) => rankWord(t) ?? []))];
}

/** A man's titles of courtesy, and titles of rank or office one of them may also be written with. */
const COURTESY_TITLES = new Set(['mr', 'monsieur', 'herr', 'señor', 'signor']);
const RANK_TITLES = new Set([...SERVICE_RANKS, 'professor', 'dr', 'reverend', 'judge']);

/** Words in front of a name that describe rather than title ("Old Brannigan", "Poor Isabella"). */
export const DESCRIBING_TITLES = new Set(['old', 'young', 'little', 'big', 'poor', 'dear', 'saint', 'st']);

export function titleClass(title: string): TitleClass | undefined {
  return TITLE_CLASSES[title.toLowerCase().replace(/\.$/, '')];
}

export function normaliseTitle(title: string): string {
  const t = title.toLowerCase().replace(/\.$/, '');
  return SAME_TITLE[t] ?? t;
}

/** One way the text writes a name, with how often. */
export interface NameForm {
  /** As written, with titles: "Mr. John Knightley". */
  surface: string;
  /** Without titles: ["John", "Knightley"]. */
  words: string[];
  /** The title nearest the name, normalised ("mr", "captain"), or ''. */
  title: string;
  count: number;
  firstOffset: number;
  /** The name the book already knows this form by (from its plot overview). */
  known?: string;
}

export interface Person {
  forms: NameForm[];
  known: string[];
  /** A people of the story acting together ("the Morlocks"), not one person. */
  people?: boolean;
}

const gender = (title: string) => NAME_TITLES.get(title) ?? (title === 'dr' ? 'unknown' : undefined);
const classOf = (form: NameForm) => (form.title ? titleClass(form.title) : undefined);
const isWifeOf = (form: NameForm) =>
  classOf(form) === 'wife' && form.words.length > 1 && firstNameGender(form.words[0]!) === 'male';

function personGender(person: Person): 'male' | 'female' | 'unknown' {
  let male = 0;
  let female = 0;
  for (const form of person.forms) {
    const g = gender(form.title);
    if (g === 'male') male += form.count + 1;
    if (g === 'female') female += form.count + 1;
    if (form.words.length > 1 || !form.title) {
      const byName = firstNameGender(form.words[0]!);
      if (byName === 'male') male += 1;
      if (byName === 'female') female += 1;
    }
  }
  return male > female ? 'male' : female > male ? 'female' : 'unknown';
}

const countOf = (person: Person) => person.forms.reduce((sum, f) => sum + f.count, 0);

/** One person's names become another's: `source` is left empty, for `dropEmpty`. */
function absorb(target: Person, source: Person) {
  target.forms.push(...source.forms);
  target.known.push(...source.known);
  source.forms = [];
  source.known = [];
}

/** Persons whose names all went to others. */
function dropEmpty(persons: Person[]) {
  for (let i = persons.length - 1; i >= 0; i--) if (persons[i]!.forms.length === 0) persons.splice(i, 1);
}
const givenNames = (person: Person) =>
  new Set(person.forms.filter((f) => f.words.length > 1 && !isWifeOf(f)).map((f) => f.words[0]!));
const surnames = (person: Person) =>
  new Set(person.forms.filter((f) => f.words.length > 1).map((f) => f.words.at(-1)!));

/** Whether `short` is a pet form of `formal`: from the list ("Lizzy", "Elizabeth") or by ending ("Siddy", "Sid"). */
export function isNicknameOf(short: string, formal: string): boolean {
  if (short === formal) return false;
  if (NICKNAMES.get(short)?.includes(formal)) return true;
  // "Art" for "Arthur", "Fred" for "Frederick": a given name cut short, itself no other given name.
  if (
    short.length >= 3 &&
    formal.length >= short.length + 2 &&
    formal.startsWith(short) &&
    firstNameGender(formal) !== 'unknown' &&
    firstNameGender(short) === 'unknown'
  )
    return true;
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

const sameGiven = (a: string, b: string) => a === b || isNicknameOf(a, b) || isNicknameOf(b, a);

/**
 * The one candidate, or the one named at least three times as often as any other — by the full
 * names that carry `given` when a given name is being placed ("Jane" is the "Jane Fairfax" of a
 * hundred mentions, not the "Jane Bates" of one).
 */
function dominant(candidates: readonly Person[], given?: string): Person | undefined {
  if (candidates.length <= 1) return candidates[0];
  const weight = (p: Person) =>
    given === undefined
      ? countOf(p)
      : p.forms
          .filter((f) => f.words.length > 1 && sameGiven(f.words[0]!, given))
          .reduce((s, f) => s + f.count, 0);
  const ranked = [...candidates].sort((a, b) => weight(b) - weight(a));
  return weight(ranked[0]!) >= 3 * Math.max(1, weight(ranked[1]!)) ? ranked[0] : undefined;
}

function compatible(person: Person, wanted: 'male' | 'female' | 'unknown' | undefined): boolean {
  if (!wanted || wanted === 'unknown') return true;
  const g = personGender(person);
  return g === 'unknown' || g === wanted;
}

/** Whether the text writes two names in one sentence, and how often. */
export type Together = ((a: string, b: string) => boolean) & {
  /** Whether the two are written in one sentence, each in its own place (not "Kate" of "Miss Kate"). */
  apart?: (a: string, b: string) => boolean;
  /** Of `a`'s mentions, how many have `b` in their sentence, and how many there are. */
  share?: (a: string, b: string) => readonly [number, number];
};

export interface GroupOptions {
  /** Titled surnames ("Mr. Emerson") that name someone other than the full names with that surname. */
  apart?: ReadonlySet<string>;
  /**
   * Whether the text writes two names in one sentence: "Mr. Knightley and Mr. John Knightley" are two
   * people, while a "Dr. Mortimer" never beside "Dr. James Mortimer" is that doctor.
   */
  together?: Together;
  /**
   * Of several surnames, the one written last before most of the text's bare mentions of a given
   * name: "Charles" among the Musgroves is Charles Musgrove, though "Charles Hayter" is written in
   * full more often.
   */
  nearestSurname?: (given: string, surnames: readonly string[], menOnly?: boolean) => string | undefined;
  /**
   * Whether a woman's full name is her maiden name and the other her married one: most mentions of the
   * first come before the other is first written, with a word of marriage between.
   */
  marriedAs?: (maiden: string, married: string) => boolean;
  /** The sex the text gives a bare name by the pronouns right after it ("Fezziwig laid down his pen"). */
  sexOf?: (word: string) => 'male' | 'female' | 'unknown';
}

/**
 * Groups name forms into persons. Forms that belong to no one with certainty ("Miss Bennet" in a
 * family of several daughters) are left out.
 */
export function groupForms(forms: readonly NameForm[], options: GroupOptions = {}): Person[] {
  const persons: Person[] = [];
  const add = (person: Person, form: NameForm) => {
    person.forms.push(form);
    if (form.known) person.known.push(form.known);
  };
  const create = (form: NameForm) => {
    const person: Person = { forms: [], known: [] };
    add(person, form);
    persons.push(person);
    return person;
  };

  // 1. Full names: one person per name, the wife of "Mrs. John Knightley" apart from John.
  const byKey = new Map<string, Person>();
  for (const form of forms.filter((f) => f.words.length > 1)) {
    const key = `${isWifeOf(form) ? 'wife:' : ''}${form.words.join(' ')}`;
    const existing = byKey.get(key);
    if (existing) add(existing, form);
    else byKey.set(key, create(form));
  }
  mergeFullNames(persons);
  mergeMarriedNames(persons, forms, options);
  const full = [...persons];

  // 2. A title and one word: a given name ("Miss Anne", "Sir Walter") or a surname ("Mr. Knightley").
  const titledByWord = new Map<string, Person[]>();
  const titledGroups = new Map<string, NameForm[]>();
  for (const form of forms.filter(
    (f) => f.words.length === 1 && f.title && !DESCRIBING_TITLES.has(f.title),
  )) {
    const key = `${form.title}|${form.words[0]}`;
    titledGroups.set(key, [...(titledGroups.get(key) ?? []), form]);
  }
  const dropped = new Set<string>();
  for (const [key, group] of titledGroups) {
    const [title, word] = key.split('|') as [string, string];
    // "Mr. Emerson" whom the text has talk with "George Emerson" is his father, not George.
    const apart = group.some((f) => options.apart?.has(f.surface));
    const target = apart ? undefined : titledTarget(title, word, full, titledGroups, options.together);
    if (target === 'drop') {
      dropped.add(key);
      continue;
    }
    const person = target ?? create(group[0]!);
    for (const form of group) if (!person.forms.includes(form)) add(person, form);
    titledByWord.set(word, [...new Set([...(titledByWord.get(word) ?? []), person])]);
  }

  // "Mr. Krempe" and "Professor Krempe", with no full name of the surname: one man under a courtesy
  // title and his rank.
  for (const [word, titled] of titledByWord) {
    if (titled.length !== 2 || full.some((p) => surnames(p).has(word))) continue;
    const courtesy = titled.find((p) => p.forms.every((f) => COURTESY_TITLES.has(f.title)));
    const ranked = titled.find((p) => p !== courtesy && p.forms.every((f) => RANK_TITLES.has(f.title)));
    // Never two names the text writes side by side ("Mr. Wentworth" the curate beside his brother the
    // Captain).
    const beside = courtesy?.forms.some((c) =>
      ranked?.forms.some((r) => options.together?.(c.surface, r.surface)),
    );
    if (!courtesy || !ranked || beside) continue;
    absorb(ranked, courtesy);
    titledByWord.set(word, [ranked]);
  }

  // 3. One word alone: a given name, else a surname, else a pet name of another single name.
  const singles = forms.filter((f) => f.words.length === 1 && (!f.title || DESCRIBING_TITLES.has(f.title)));
  const singlePersons = new Map<string, Person>();
  for (const form of singles.sort((a, b) => b.count - a.count)) {
    const word = form.words[0]!;
    const existing = singlePersons.get(word);
    if (existing) {
      add(existing, form);
      continue;
    }
    const target = singleTarget(
      word,
      full,
      titledByWord,
      options.nearestSurname,
      options.together,
      options.sexOf,
    );
    const person = target ?? create(form);
    if (target) add(target, form);
    singlePersons.set(word, person);
  }
  mergePetNames(persons, singlePersons);
  mergeFormalNames(persons);
  mergeKinship(persons, singlePersons, titledGroups);
  const found = persons.filter((p) => p.forms.length > 0);
  mergeMisprints(found);
  return found;
}

/** How many times more often a name must be written than its misprint, and at least how often. */
const MISPRINT_RATIO = 10;
const MISPRINT_MIN = 10;

/**
 * `said Charly` once in a book of "Charley", "Mr. Browlow" once among "Mr. Brownlow": a one-word name
 * written once or twice, spelt like a name the book writes ten times as often but for one letter left out
 * or put in, is that name misprinted. Only when one name fits, under the same title or none, and when the
 * rare one is no given name of its own.
 */
function mergeMisprints(persons: Person[]) {
  const total = (p: Person) => p.forms.reduce((n, f) => n + f.count, 0);
  for (let i = 0; i < persons.length; i++) {
    const rare = persons[i]!;
    const count = total(rare);
    if (count > 2 || rare.people || rare.known.length > 0 || rare.forms.some((f) => f.words.length !== 1))
      continue;
    const word = rare.forms[0]!.words[0]!;
    // "Frances" beside "Francis", "Louise" beside "Louisa": two given names are two people.
    if (rare.forms.some((f) => f.words[0] !== word) || firstNameGender(word) !== 'unknown') continue;
    const titles = new Set(rare.forms.map((f) => f.title));
    const fits = persons.filter(
      (p) =>
        p !== rare &&
        total(p) >= Math.max(MISPRINT_MIN, MISPRINT_RATIO * count) &&
        p.forms.some(
          (f) =>
            // A letter left out or put in ("Charly", "Browlow"), not one vowel for another ("Marion").
            f.words.some((w) => w.length !== word.length && spelledAlike(w, word)) &&
            [...titles].every((t) => !t || t === f.title),
        ),
    );
    if (fits.length !== 1) continue;
    const [into] = fits as [Person];
    into.forms.push(...rare.forms);
    persons.splice(i--, 1);
  }
}

/** Whether `short` ends `long`: "John Silver" in "Long John Silver", "Van Helsing" in "Abraham Van Helsing". */
const contains = (long: readonly string[], short: readonly string[]) =>
  long.length > short.length && short.every((w, k) => long[long.length - short.length + k] === w);
/** Whether `short` begins `long`: "Long John" in "Long John Silver". */
const startsWith = (long: readonly string[], short: readonly string[]) =>
  long.length > short.length && short.length > 1 && short.every((w, k) => long[k] === w);

/**
 * "Bill Sikes" and "William Sikes", "Charley Bates" and "Charles Bates", "John Silver" and "Long
 * John Silver": one person.
 */
function mergeFullNames(persons: Person[]) {
  for (let i = 0; i < persons.length; i++) {
    for (let j = i + 1; j < persons.length; j++) {
      const [a, b] = [persons[i]!, persons[j]!];
      if (a.known.length > 0 && b.known.length > 0) continue;
      if (!sameFullName(a.forms[0]!, b.forms[0]!)) continue;
      a.forms.push(...b.forms);
      a.known.push(...b.known);
      persons.splice(j--, 1);
    }
  }
}

/** How often each of a woman's two full names must be written for the one to be her name before marriage. */
const MARRIED_MIN = 2;

/**
 * "Mina Murray" of the early letters is the "Mina Harker" of the rest of the book: one given name, not a
 * man's, under two surnames, each written at least twice, never the two in one sentence, the surname
 * written later a married woman's ("Mrs. Harker") and the earlier one none, and the text telling of a
 * marriage before the later name comes (see `GroupOptions.marriedAs`).
 */
function mergeMarriedNames(persons: Person[], forms: readonly NameForm[], options: GroupOptions) {
  const { together, marriedAs } = options;
  if (!together || !marriedAs) return;
  const wives = new Set(
    forms.filter((f) => f.words.length === 1 && classOf(f) === 'wife').map((f) => f.words[0]!),
  );
  const full = (p: Person) => p.forms.filter((f) => f.words.length === 2 && classOf(f) !== 'wife');
  const byGiven = new Map<string, Person[]>();
  for (const person of persons) {
    const names = new Set(full(person).map((f) => f.words[0]!));
    if (names.size !== 1 || new Set(full(person).map((f) => f.words[1]!)).size !== 1) continue;
    const given = [...names][0]!;
    byGiven.set(given, [...(byGiven.get(given) ?? []), person]);
  }
  for (const [given, pair] of byGiven) {
    if (pair.length !== 2 || firstNameGender(given) === 'male') continue;
    const [before, after] = [...pair].sort((a, b) => first(a) - first(b)) as [Person, Person];
    const [maiden, married] = [full(before)[0]!, full(after)[0]!];
    const written = (p: Person) => full(p).reduce((n, f) => n + f.count, 0);
    if (
      written(before) < MARRIED_MIN ||
      written(after) < MARRIED_MIN ||
      !wives.has(married.words[1]!) ||
      wives.has(maiden.words[1]!) ||
      together(maiden.words.join(' '), married.words.join(' ')) ||
      !marriedAs(maiden.words.join(' '), married.words.join(' '))
    )
      continue;
    absorb(after, before);
  }
  dropEmpty(persons);
}
const first = (person: Person) => Math.min(...person.forms.map((f) => f.firstOffset));

function sameFullName(fa: NameForm, fb: NameForm): boolean {
  const [a, b] = [fa.words, fb.words];
  if (isWifeOf(fa) !== isWifeOf(fb)) return false;
  // "Harker Jonathan" in a list is "Jonathan Harker".
  if (a.length === 2 && b.length === 2 && a[0] === b[1] && a[1] === b[0]) return true;
  if (a.length !== b.length) {
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    // "John Silver" in "Long John Silver", but "Walter Elliot" is not "William Walter Elliot".
    const extraGiven = long
      .slice(0, long.length - short.length)
      .some((w) => firstNameGender(w) !== 'unknown');
    const suffix = contains(long, short) && !(extraGiven && firstNameGender(short[0]!) !== 'unknown');
    return (a[0] === b[0] && a.at(-1) === b.at(-1)) || startsWith(long, short) || suffix;
  }
  return (
    a.at(-1) === b.at(-1) && a.slice(0, -1).every((w, k) => sameGiven(w, b[k]!) || spelledAlike(w, b[k]!))
  );
}

/**
 * One given name spelt two ways in one book ("Catharine" and "Catherine", a dropped letter in
 * "Atheney"): long names that begin alike and differ by one vowel written for another, or one
 * letter more inside the word.
 */
export function spelledAlike(a: string, b: string): boolean {
  if (a === b || Math.min(a.length, b.length) < 6 || a.slice(0, 2) !== b.slice(0, 2)) return false;
  if (a.length === b.length) {
    const differ = [...a].flatMap((ch, k) => (ch === b[k] ? [] : [k]));
    return differ.length === 1 && /[aeiouy]/.test(a[differ[0]!]!) && /[aeiouy]/.test(b[differ[0]!]!);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  return [...long].some(
    (_, k) => k > 1 && k < long.length - 1 && long.slice(0, k) + long.slice(k + 1) === short,
  );
}

function titledTarget(
  title: string,
  word: string,
  full: readonly Person[],
  titledGroups: ReadonlyMap<string, NameForm[]>,
  together?: (a: string, b: string) => boolean,
): Person | 'drop' | undefined {
  const cls = titleClass(title);
  // Ranks of the services are men's in the books this reads ("Captain Harville" is not his sister Fanny).
  const wanted = cls === 'man' || SERVICE_RANKS.has(title) ? 'male' : cls ? 'female' : gender(title);
  if (KINSHIP_TITLES.has(title)) return undefined;
  // "Miss Anne", "Sir Walter", "Mr. John": the title before a given name.
  // A given name the text never uses as a surname: "Mr. Weston" is not the "Weston Churchill" named once.
  const usedAsSurname = full.some((p) => surnames(p).has(word));
  const byGiven =
    firstNameGender(word) === 'unknown' && usedAsSurname
      ? []
      : full.filter((p) => givenNames(p).has(word) && compatible(p, wanted));
  if (byGiven.length > 0) return dominant(byGiven, word);
  const bySurname = full.filter((p) => surnames(p).has(word) && !p.forms.every(isWifeOf));
  if (cls === 'wife') {
    // "Mrs. Lynde" is "Mrs. Rachel Lynde", never the unmarried "Elizabeth Lynde".
    const married = bySurname.filter((p) => p.forms.some((f) => classOf(f) === 'wife' && !isWifeOf(f)));
    if (married.length > 0) return married.length === 1 ? married[0] : undefined;
    return theOneWoman(title, word, bySurname, titledGroups, together);
  }
  // "Mr. Knightley" is not "Mr. John Knightley": the given name after the title tells brothers apart.
  // Of two Cratchits, "Mr. Cratchit" is not the one the text titles otherwise ("Master Peter Cratchit").
  // Of a family of daughters ("Jo March", "Meg March", "Amy March"), a given name of no known sex
  // ("Daisy March") is likelier one more of them than "Mr. March".
  const daughters = bySurname.filter((p) => personGender(p) === 'female').length >= 2;
  const compatibles = bySurname.filter(
    (p) => compatible(p, wanted) && !(wanted === 'male' && daughters && personGender(p) === 'unknown'),
  );
  const titledOtherwise = (p: Person) =>
    p.forms.some(
      (f) =>
        f.title && f.title !== title && !DESCRIBING_TITLES.has(f.title) && titleClass(f.title) !== 'wife',
    );
  const fitting = compatibles.length > 1 ? compatibles.filter((p) => !titledOtherwise(p)) : compatibles;
  // "Mr. Knightley" is not the one the text calls "Mr. John Knightley" to tell him from his brother:
  // among several, or when "Mr. Knightley" is far more often written than that brother's full name.
  const titledCount = (titledGroups.get(`${title}|${word}`) ?? []).reduce((sum, f) => sum + f.count, 0);
  const fullCount = (p: Person) =>
    p.forms.filter((f) => f.words.length > 1).reduce((sum, f) => sum + f.count, 0);
  const group = titledGroups.get(`${title}|${word}`) ?? [];
  // Without the text to show them side by side, a name far more written than the full one is another's.
  // Nor when his wife goes by his full name ("Mrs. John Knightley"): the full name is the family's way
  // of telling this couple from the house's own "Mr. Knightley".
  const wifeByHisName = (p: Person) =>
    full.some((w) =>
      w.forms.some((f) => isWifeOf(f) && p.forms.some((g) => g.words.join(' ') === f.words.join(' '))),
    );
  const besideEachOther = (p: Person) =>
    !together ||
    wifeByHisName(p) ||
    group.some((g) =>
      p.forms.some((f) => f.words.length > 1 && f.title === title && together(g.surface, f.surface)),
    );
  const candidates =
    fitting.length > 1
      ? fitting.filter((p) => !toldApartByGivenName(p, title))
      : fitting.filter(
          (p) => !(toldApartByGivenName(p, title) && titledCount >= 3 * fullCount(p) && besideEachOther(p)),
        );
  if (cls === 'daughter') {
    const women = candidates.filter(
      (p) => personGender(p) === 'female' || p.forms.some((f) => classOf(f) === 'daughter'),
    );
    if (women.length === 1) return women[0];
    if (women.length === 0 && candidates.length === 1) return candidates[0];
    const family = [...titledGroups.keys()].some(
      (k) => k.endsWith(`|${word}`) && titleClass(k.split('|')[0]!) !== 'daughter',
    );
    // "Miss Bennet" of a family with a mother and sisters is no one for sure; "Miss Morstan", beside
    // only her father, is herself.
    const mother = [...titledGroups.keys()].some(
      (k) => k.endsWith(`|${word}`) && titleClass(k.split('|')[0]!) === 'wife',
    );
    return women.length > 1 || (family && (women.length > 0 || mother)) ? 'drop' : undefined;
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * "Mrs. Pontellier" is the "Edna Pontellier" of the book when she is the one woman written with a
 * given name and that surname, never called "Miss" (no daughter of the house), no other "Mrs." of
 * the name is written with a given name, and the two names never stand in one sentence.
 */
function theOneWoman(
  title: string,
  word: string,
  bySurname: readonly Person[],
  titledGroups: ReadonlyMap<string, NameForm[]>,
  together?: GroupOptions['together'],
): Person | undefined {
  const daughters = [...titledGroups.keys()].some(
    (k) => k.endsWith(`|${word}`) && titleClass(k.split('|')[0]!) === 'daughter',
  );
  // A "Miss" under another surname is her name before she married ("Miss Mina Murray").
  const women = bySurname.filter(
    (p) =>
      personGender(p) === 'female' &&
      p.forms.every((f) => classOf(f) !== 'daughter' || f.words.at(-1) !== word) &&
      p.forms.some((f) => f.words.length > 1 && firstNameGender(f.words[0]!) !== 'male'),
  );
  if (daughters || women.length !== 1 || !together) return undefined;
  const woman = women[0]!;
  const group = titledGroups.get(`${title}|${word}`) ?? [];
  // Beside her full name, or often beside her given name ("Mrs. Darling" and "Wendy", mother and
  // daughter, in one sentence one time in six; "Mrs. Pontellier" and "Edna" twice in a hundred).
  const given = new Set(woman.forms.filter((f) => f.words.length > 1).map((f) => f.words[0]!));
  const often = (a: string, b: string) => {
    const [both, all] = together.share?.(a, b) ?? [0, 0];
    return both >= 3 && both >= all * 0.1;
  };
  const beside = group.some(
    (g) =>
      woman.forms.some((f) => f.words.length > 1 && together(g.surface, f.surface)) ||
      [...given].some((name) => often(g.surface, name)),
  );
  return beside ? undefined : woman;
}

/**
 * Whether the text writes this person's title with the given name as their usual full name ("Mr.
 * John Knightley"), which is how a family tells him from the "Mr. Knightley" of the house (George,
 * whose full name the text also gives).
 */
function toldApartByGivenName(person: Person, title: string): boolean {
  const full = person.forms.filter((f) => f.words.length > 1);
  const titled = full.filter((f) => f.title === title).reduce((sum, f) => sum + f.count, 0);
  const all = full.reduce((sum, f) => sum + f.count, 0);
  return titled >= 2 && titled >= all * 0.35;
}

function singleTarget(
  word: string,
  full: readonly Person[],
  titledByWord: ReadonlyMap<string, Person[]>,
  nearestSurname?: GroupOptions['nearestSurname'],
  together?: GroupOptions['together'],
  sexOf?: GroupOptions['sexOf'],
): Person | undefined {
  const byGiven = full.filter((p) => [...givenNames(p)].some((g) => g === word || isNicknameOf(word, g)));
  if (byGiven.length > 1 && nearestSurname) {
    const byFamily = byFamilyOfGiven(word, byGiven, nearestSurname);
    if (byFamily) return byFamily;
  }
  if (byGiven.length > 0) {
    // Among full names too alike to choose from ("Kate Vaughn" once, "Kate Kearney" twice), "Kate" is
    // still the "Miss Kate" of the book when she is the one so called without a surname, and the two
    // are never written in one sentence.
    const titledGiven = (titledByWord.get(word) ?? []).filter(
      (p) => p.forms.every((f) => f.words.length === 1) && !p.forms.every((f) => KINSHIP_TITLES.has(f.title)),
    );
    // Else "Meg" is "Meg March" before the "Margaret Hale" a "Meg" might be short for.
    const exact = byGiven.filter((p) => givenNames(p).has(word));
    return (
      dominant(byGiven, word) ??
      (exact.length > 0 && exact.length < byGiven.length ? dominant(exact, word) : undefined) ??
      (titledGiven.length === 1 && !titledGiven[0]!.forms.some((f) => together?.apart?.(f.surface, word))
        ? titledGiven[0]
        : undefined)
    );
  }
  // A bare surname is a man's ("Bennet" is Mr. Bennet, "Hawkins" is Jim Hawkins), else the one titled person.
  // "Uncle Scrooge" and "Master Scrooge" do not compete for the bare "Scrooge".
  const titled = (titledByWord.get(word) ?? []).filter(
    (p) => !p.forms.every((f) => KINSHIP_TITLES.has(f.title) || f.title === 'master'),
  );
  const men = titled.filter((p) => personGender(p) !== 'female');
  if (men.length > 0) return dominant(men);
  const named = full.filter((p) => surnames(p).has(word) && !p.forms.every(isWifeOf));
  const namedMen = named.filter((p) => personGender(p) !== 'female');
  if (namedMen.length > 0) return dominant(namedMen);
  // Never a woman known only as "Mrs. Fezziwig" when the bare name is a man's: the "Fezziwig" who "laid
  // down his pen" is her husband, a character of his own ("Ford's", the shop, stays Mrs. Ford's).
  const wifeOnly = (p: Person) => p.forms.every((f) => classOf(f) === 'wife');
  const fitting =
    titled.some(wifeOnly) && sexOf?.(word) === 'male' ? titled.filter((p) => !wifeOnly(p)) : titled;
  return dominant(titled.length > 0 ? fitting : named);
}

/** How often a rival must be written in full for every mention of its surname to place a given name. */
const FAMILY_FULL = 3;

/**
 * A given name two full names share, placed by the family the text was speaking of: the person
 * whose surname was written last before most of its bare mentions: "Tom" among the thieves is Tom
 * Chitling, whose surname is about, not the "Tom White" Oliver gives as his name twice. Only when the
 * families differ, and only for a man's given name (a woman's may be her maiden and married names).
 */
function byFamilyOfGiven(
  word: string,
  candidates: readonly Person[],
  nearestSurname: NonNullable<GroupOptions['nearestSurname']>,
): Person | undefined {
  const fullCount = (p: Person) =>
    p.forms
      .filter((f) => f.words.length > 1 && sameGiven(f.words[0]!, word))
      .reduce((s, f) => s + f.count, 0);
  // A woman's given name under two surnames is as likely her maiden and married names ("Mina Murray",
  // "Mina Harker"): only a man's given name is placed by family.
  if (firstNameGender(word) !== 'male') return undefined;
  // Rivals written in full three times or more, placed by every mention of their surnames ("Charles"
  // among the Musgroves); failing two of those, every rival, placed only by the men of its family
  // ("Mr. Chitling", "Chitling"), as "Mrs. Arnold" of the house is no sign of the Tom Arnold named once.
  const strong = candidates.filter((p) => fullCount(p) >= FAMILY_FULL);
  const rivals = strong.length >= 2 ? strong : candidates.filter((p) => fullCount(p) >= 1);
  if (rivals.length < 2) return undefined;
  const families = rivals.map((p) => [...surnames(p)]);
  const all = families.flat();
  if (new Set(all).size !== all.length) return undefined;
  const surname = nearestSurname(word, all, strong.length < 2);
  return surname ? rivals[families.findIndex((f) => f.includes(surname))] : undefined;
}

/**
 * "Uncle Scrooge" said by his nephew is Scrooge: a kinship title before the name a character is
 * mostly called by alone, when no woman of the family shares that name ("Aunt March" beside
 * "Mrs. March" stays her own person).
 */
function mergeKinship(
  persons: Person[],
  singles: ReadonlyMap<string, Person>,
  titledGroups: ReadonlyMap<string, NameForm[]>,
) {
  for (const person of persons) {
    const form = person.forms[0];
    if (!form || person.forms.length !== 1 || !KINSHIP_TITLES.has(form.title)) continue;
    const word = form.words[0]!;
    const bare = singles.get(word);
    const women = [...titledGroups.keys()].some(
      (k) => k.endsWith(`|${word}`) && ['wife', 'daughter'].includes(titleClass(k.split('|')[0]!) ?? ''),
    );
    if (!bare || bare === person || women || countOf(bare) < 3 * form.count) continue;
    bare.forms.push(form);
    person.forms = [];
  }
  dropEmpty(persons);
}

/**
 * "Margaret" and "Miss Margaret", never written with a surname nor with another title than "Miss",
 * are the "Meg March" of the book when she is the one person called by a pet form of that name and no
 * one else bears it as a given name.
 */
function mergeFormalNames(persons: Person[]) {
  const callsBy = (p: Person) => [
    ...givenNames(p),
    ...p.forms.filter((f) => f.words.length === 1 && !f.title).map((f) => f.words[0]!),
  ];
  for (const person of persons) {
    // One given name throughout, whatever stands before it ("Dearest Margaret").
    const words = new Set(person.forms.map((f) => f.words.at(-1)!));
    const formal = [...words][0];
    if (!formal || words.size !== 1 || firstNameGender(formal) === 'unknown') continue;
    // Called "Miss Margaret" and by no other title: a daughter of the house, not the mother, the aunt or
    // the lady whose name the girl was given ("Aunt Margaret", "Lady Catherine").
    const titles = new Set(
      person.forms.flatMap((f) => (f.title && !DESCRIBING_TITLES.has(f.title) ? [f.title] : [])),
    );
    if (![...titles].every((t) => titleClass(t) === 'daughter') || titles.size === 0) continue;
    const others = persons.filter((p) => p !== person && p.forms.length > 0);
    if (others.some((p) => givenNames(p).has(formal))) continue;
    const targets = others.filter((p) => callsBy(p).some((g) => isNicknameOf(g, formal)));
    if (targets.length !== 1 || person.known.length) continue;
    const target = targets[0]!;
    const [a, b] = [personGender(person), personGender(target)];
    if (a !== 'unknown' && b !== 'unknown' && a !== b) continue;
    absorb(target, person);
  }
  dropEmpty(persons);
}

/**
 * A pet name and the given name it stands for are one character when the book uses both for one
 * person only: "Lizzy" and "Elizabeth", "Kitty" and "Catherine", "Siddy" and "Sid".
 */
function mergePetNames(persons: Person[], singles: ReadonlyMap<string, Person>) {
  for (const [short, person] of singles) {
    if (person.forms.some((f) => f.words.length > 1)) continue;
    const targets = [...singles.entries()].filter(
      ([formal, other]) =>
        other !== person && isNicknameOf(short, formal) && !(person.known.length && other.known.length),
    );
    if (targets.length !== 1) continue;
    const [formal, target] = targets[0]!;
    const [a, b] = [firstNameGender(short), firstNameGender(formal)];
    if (a !== 'unknown' && b !== 'unknown' && a !== b) continue;
    absorb(target, person);
  }
  dropEmpty(persons);
}

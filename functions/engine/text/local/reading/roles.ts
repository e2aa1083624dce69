/**
 * Characters known by a role rather than a name: "the White Rabbit", "the Queen of Hearts", "the
 * Scarecrow", "the Time Traveller", "the Invisible Man". The text writes them with an article and
 * a capital in the middle of a sentence, and makes them talk and act ("said the Hatter", "the
 * Rabbit hurried on"); places and institutions written the same way ("the Thames", "the Admiralty")
 * follow prepositions instead. The forms of one role ("the Rabbit", "the White Rabbit") are judged
 * together. A rank that a named character holds ("the Doctor" beside "Dr. Kemp") and a common noun
 * ("the Jew") are left to the attribution stage, which reads them as descriptions.
 */
import { MONTHS, type PhraseStats } from '../entities';
import { NAME_TITLES, NOT_NAMES, PLACE_SUFFIXES } from '../lexicon';
import { PERSON_NOUNS } from './lexicon';
import { normaliseTitle, type NameForm, type Person } from './people';

/**
 * One of a people, written alone ("the subtle Roman", "a native Roman", "the Frenchman"): a word for
 * someone, never their name. Given names and surnames among them ("Norman", "Christian", "Finn",
 * "Dane") are left out.
 */
const DEMONYMS = [
  'Roman|Italian|American|German|Russian|Prussian|Austrian|Hungarian|Norwegian|Egyptian|Persian',
  'Parisian|Venetian|Florentine|Neapolitan|Spaniard|Portuguese|Chinese|Japanese|Frenchman|Englishman',
  'Englishwoman|Frenchwoman|Scotchman|Scotsman|Irishman|Dutchman|Welshman|Chinaman|Yankee|Briton',
  'Greek|Turk|Arab|Moor|Swede|Hindoo|Hindu|Moslem|Mussulman|Genoese|Milanese|Maltese',
].join('|');
const DEMONYM = new RegExp(`^(?:${DEMONYMS})$`, 'u');

/** Peoples and faiths of the world ("the French", "the Sikhs"): who they are is no character of a story. */
export const NATIONS =
  /^(?:\p{Lu}\p{L}*(?:ians|ese|ish|ans|ards|ians)|French|Dutch|Swiss|Greeks|Turks|Arabs|Jews|Moors|Sikhs|Hindoos|Hindus|Moslems|Muslims|Christians|Catholics|Protestants|Scots|Danes|Swedes|Poles|Finns|Lapps|Gipsies|Gypsies|Saxons|Normans|Britons|Romans|Kaffirs|Zulus|Maoris|Tartars|Cossacks|Yankees)$/u;

/**
 * One of a people written as a word for someone ("the subtle Roman", "a native Roman"): never after a
 * title or a verb of speech, and after "the" at least once. "Mr. Moor", Roman the farmhand and a dog
 * called Turk keep their names.
 */
export function demonym(stats: PhraseStats): boolean {
  return (
    DEMONYM.test(stats.key) && stats.titles.size === 0 && stats.afterSpeechVerb === 0 && stats.afterThe > 0
  );
}

/** Whether a capitalised phrase is written like a role: mostly after "the", never titled, not a place's name. */
function roleShaped(stats: PhraseStats, titlesInUse: ReadonlySet<string>): boolean {
  const words = stats.key.split(' ');
  // What follows "of" may be a word that names no one alone ("the Ghost of Christmas Past").
  const own = words.includes('of') ? words.slice(0, words.indexOf('of')) : words;
  // "the March Hare": a month's word before the head is part of the role.
  if (own.length === 0 || own.some((w, k) => NOT_NAMES.has(w) && !(MONTHS.has(w) && k < own.length - 1)))
    return false;
  if (words.length > 1 && PLACE_SUFFIXES.has(words.at(-1)!.toLowerCase())) return false;
  const single = words.length === 1 ? words[0]!.toLowerCase() : undefined;
  // "the Queen" when nobody is titled Queen; "the Doctor" beside "Dr. Kemp" is Kemp.
  // "the Doctor" beside "Dr. Mandelet": the title is in use whichever way it is written.
  if (
    single &&
    PERSON_NOUNS.has(single) &&
    (!NAME_TITLES.has(single) || titlesInUse.has(single) || titlesInUse.has(normaliseTitle(single)))
  )
    return false;
  return stats.afterThe >= stats.count * 0.5 && stats.titles.size === 0;
}

/** The part of a role that names what the character is: "Queen" of "Queen of Hearts", "Rabbit" of "White Rabbit". */
function head(words: readonly string[]): string {
  const of = words.indexOf('of');
  return (of > 0 ? words.slice(0, of) : words).at(-1)!;
}

/**
 * Whether a role is a people of the story acting together ("the Morlocks had taken", "the Eloi
 * were masters"): a name of its own (never written in lower case), not a nation of the world, the
 * subject of what a people does in a good share of its mentions, seldom after a word of place.
 */
function actsAsPeople(group: readonly PhraseStats[], lowercase: ReadonlyMap<string, number>): boolean {
  const [form] = group;
  if (group.length !== 1 || !form || form.key.includes(' ')) return false;
  if ((lowercase.get(form.key.toLowerCase()) ?? 0) > 0) return false;
  const deeds = form.beforeGroupVerb;
  return form.count >= 5 && deeds >= 3 && deeds >= form.count * 0.1 && form.afterPlaceWord * 2 <= deeds;
}

/**
 * "the Silver Shoes", "the Spirits": a plural role whose last word the text also writes in lower
 * case ("her shoes") names things or a kind, not a character.
 */
function pluralOfThings(group: readonly PhraseStats[], lowercase: ReadonlyMap<string, number>): boolean {
  return group.every((s) => {
    const last = s.key.split(' ').at(-1)!;
    return /[^s]s$/.test(last) && !s.key.includes(' of ') && (lowercase.get(last.toLowerCase()) ?? 0) > 0;
  });
}

/** Whether the forms of one role, together, name a character: it speaks and acts, or a word of kind is "of" something. */
function actsAsCharacter(group: readonly PhraseStats[], lowercase: ReadonlyMap<string, number>): boolean {
  if (pluralOfThings(group, lowercase) || group.some((s) => NATIONS.test(s.key))) return false;
  // "the Arab" who speaks ("said the Arab") is the story's guide; "the subtle Roman" an epithet.
  if (group.some((s) => DEMONYM.test(s.key)) && group.every((s) => s.afterSpeechVerbThe < 2)) return false;
  if (actsAsPeople(group, lowercase)) return true;
  const sum = (pick: (s: PhraseStats) => number) => group.reduce((total, s) => total + pick(s), 0);
  const count = sum((s) => s.count);
  const acts = sum((s) => s.afterSpeechVerbThe * 2 + s.beforePersonVerb);
  const places = sum((s) => s.afterPlaceWord);
  // "the Ghost of Christmas Past": a person's word of rank or kind, then "of", names someone even when seen twice.
  const named = group.some((s) => {
    const words = s.key.split(' ');
    const kind = words[0]!.toLowerCase();
    return words.includes('of') && (PERSON_NOUNS.has(kind) || NAME_TITLES.has(kind)) && s.count >= 2;
  });
  if (named) return places * 2 <= acts + 2;
  return count >= 3 && acts >= 2 && acts >= count * 0.04 && places * 2 <= acts;
}

/**
 * Role characters, one per role; a short role joins the one longer role with the same head ("the
 * Rabbit" is "the White Rabbit", "the Queen" is "the Queen of Hearts"). `titlesInUse` are the
 * titles of named characters.
 */
export function findRoles(
  phrases: Iterable<PhraseStats>,
  titlesInUse: ReadonlySet<string>,
  lowercase: ReadonlyMap<string, number> = new Map(),
  together?: (a: string, b: string) => boolean,
): Person[] {
  const shaped = [...phrases].filter((s) => roleShaped(s, titlesInUse));
  const groups: PhraseStats[][] = [];
  const long = shaped.filter((s) => s.key.includes(' '));
  for (const s of long) {
    // "the Wicked Witch" is "the Wicked Witch of the West" when she is the only one so qualified.
    const qualified = long.filter((q) => q.key.startsWith(`${s.key} of `));
    if (!s.key.includes(' of ') && qualified.length === 1) continue;
    groups.push([s]);
  }
  for (const s of long) {
    const qualified = long.filter((q) => q.key.startsWith(`${s.key} of `));
    if (s.key.includes(' of ') || qualified.length !== 1) continue;
    groups.find((g) => g[0] === qualified[0])?.push(s);
  }
  joinInverted(groups);
  for (const s of shaped.filter((x) => !x.key.includes(' '))) {
    const owners = groups.filter((g) => head(g[0]!.key.split(' ')) === s.key);
    if (owners.length === 1) owners[0]!.push(s);
    else groups.push([s]);
  }
  joinSynonyms(groups, together);
  return groups
    .filter((group) => actsAsCharacter(group, lowercase))
    .map((group) => ({
      ...(actsAsPeople(group, lowercase) ? { people: true } : {}),
      forms: group.map((s): NameForm => ({
        surface: s.key,
        words: s.key.split(' '),
        title: '',
        count: s.count,
        firstOffset: s.firstOffset,
      })),
      known: [],
    }));
}

/** Words a book uses for one calling: its "Medical Man" is also "the Doctor". */
const CALLINGS = [['Doctor', 'Medical Man', 'Physician']];

/**
 * The rarer of two words for one calling joins the commoner, when the book has one role of each and
 * never writes the two in one sentence ("said the Medical Man to the Doctor" are two men).
 */
function joinSynonyms(groups: PhraseStats[][], together?: (a: string, b: string) => boolean) {
  for (const calling of CALLINGS) {
    const holders = groups.filter((g) => g.length === 1 && calling.includes(g[0]!.key));
    if (holders.length < 2 || !together) continue;
    if (holders.some((a) => holders.some((b) => a !== b && together(a[0]!.key, b[0]!.key)))) continue;
    holders.sort((a, b) => b[0]!.count - a[0]!.count);
    for (const other of holders.slice(1)) {
      holders[0]!.push(...other);
      groups.splice(groups.indexOf(other), 1);
    }
  }
}

/** "the Monkey King" is "the King of the Monkeys": a kind before the head, or the head "of the" kinds. */
function joinInverted(groups: PhraseStats[][]) {
  for (let i = groups.length - 1; i >= 0; i--) {
    const words = groups[i]![0]!.key.split(' ');
    if (words.length !== 2) continue;
    const [kind, rank] = words as [string, string];
    const inverted = groups.findIndex(
      (g, k) =>
        k !== i &&
        [`${rank} of the ${kind}s`, `${rank} of the ${kind}es`, `${rank} of the ${kind}`].includes(g[0]!.key),
    );
    if (inverted < 0) continue;
    groups[inverted]!.push(...groups[i]!);
    groups.splice(i, 1);
  }
}

/** "The White Rabbit": the fullest form the text uses more than once, with its article. */
export function roleName(person: Person): string {
  const ranked = [...person.forms].sort((a, b) => b.words.length - a.words.length || b.count - a.count);
  const form = ranked.find((f) => f.count >= 2) ?? ranked[0]!;
  return `The ${form.words.join(' ')}`;
}

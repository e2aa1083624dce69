/**
 * Characters known by a role rather than a name: "the White Rabbit", "the Queen of Hearts", "the
 * Scarecrow", "the Time Traveller", "the Invisible Man". The text writes them with an article and
 * a capital in the middle of a sentence, and makes them talk and act ("said the Hatter", "the
 * Rabbit hurried on"); places and institutions written the same way ("the Thames", "the Admiralty")
 * follow prepositions instead. A single common noun ("the Doctor", "the Jew") is left to the
 * attribution stage, which reads it as a description of a named character.
 */
import type { PhraseStats } from '../entities';
import { NAME_TITLES, NOT_NAMES, PLACE_SUFFIXES } from '../lexicon';
import { PERSON_NOUNS } from './lexicon';
import type { NameForm, Person } from './people';

/** Whether a capitalised phrase names a character by role. */
export function isRoleCharacter(stats: PhraseStats): boolean {
  const words = stats.key.split(' ');
  // What follows "of" may be a word that names no one alone ("the Ghost of Christmas Past").
  const of = words.indexOf('of');
  const own = of > 0 ? words.slice(0, of) : words;
  if (stats.count < 2 || own.some((w) => NOT_NAMES.has(w))) return false;
  if (words.length === 1 && PERSON_NOUNS.has(words[0]!.toLowerCase())) return false;
  if (words.length > 1 && PLACE_SUFFIXES.has(words.at(-1)!.toLowerCase())) return false;
  const acts = stats.afterSpeechVerbThe * 2 + stats.beforePersonVerb;
  // "the Ghost of Christmas Past": a person's word of rank or kind, then "of", names someone even when seen twice.
  const head = words[0]!.toLowerCase();
  const named = words.includes('of') && (PERSON_NOUNS.has(head) || NAME_TITLES.has(head)) && stats.count >= 2;
  return (
    stats.afterThe >= stats.count * 0.5 &&
    stats.titles.size === 0 &&
    (named || (stats.count >= 3 && acts >= 2 && acts >= stats.count * 0.04)) &&
    stats.afterPlaceWord * 2 <= acts + (named ? 2 : 0)
  );
}

/** The part of a role that names what the character is: "Queen" of "Queen of Hearts", "Rabbit" of "White Rabbit". */
function head(words: readonly string[]): string {
  const of = words.indexOf('of');
  return (of > 0 ? words.slice(0, of) : words).at(-1)!;
}

/**
 * Role characters, one per role; a short role joins the one longer role with the same head
 * ("the Rabbit" is "the White Rabbit", "the Queen" is "the Queen of Hearts").
 */
export function groupRoles(roles: readonly PhraseStats[]): Person[] {
  const forms: NameForm[] = roles.map((s) => ({
    surface: s.key,
    words: s.key.split(' '),
    title: '',
    count: s.count,
    firstOffset: s.firstOffset,
  }));
  const persons: Person[] = [];
  const long = forms.filter((f) => f.words.length > 1);
  for (const form of long) persons.push({ forms: [form], known: [] });
  for (const form of forms.filter((f) => f.words.length === 1)) {
    const owners = persons.filter((p) => head(p.forms[0]!.words) === form.words[0]);
    if (owners.length === 1) owners[0]!.forms.push(form);
    else persons.push({ forms: [form], known: [] });
  }
  return persons;
}

/** "The White Rabbit": the fullest form the text uses more than once, with its article. */
export function roleName(person: Person): string {
  const ranked = [...person.forms].sort((a, b) => b.words.length - a.words.length || b.count - a.count);
  const form = ranked.find((f) => f.count >= 2) ?? ranked[0]!;
  return `The ${form.words.join(' ')}`;
}

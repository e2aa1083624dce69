/**
 * The casts the reading finds, judged against the people each book is known to have: the main
 * cast a reader would name (the corpus README, or PDNC's major and intermediate characters) and
 * every character PDNC lists. A listed name is a person of the book when it is one of the names of
 * a known character; the others are printed so a reader can check them.
 */
import { nameTitleClass, sameCharacterName, type Character } from '../../functions/engine/text/local/names';
import { sameName } from './pdnc';

/** A character the book is known to have, by every name the book uses for them. */
export interface KnownCharacter {
  names: string[];
  main: boolean;
}

export interface CastScore {
  main: number;
  mainFound: number;
  missing: string[];
  listed: number;
  real: number;
  /** Listed names that match no known character (to be read by a person). */
  misses: string[];
  /** Known characters listed more than once, with the listed names. */
  duplicates: string[];
}

/**
 * Names compared as a reader would, titles of address aside when they do not contradict each other:
 * "Doctor Watson" is "Watson" and "Mr. Darcy" is "Darcy", but "Mr. Weston" is not "Mrs. Weston".
 */
function same(a: string, b: string): boolean {
  const plain = (s: string) =>
    s
      .replace(/^the\s+/i, '')
      .replace(/[’‘]/g, "'")
      .toLowerCase()
      .replace(/\b([a-z])/g, (l) => l.toUpperCase());
  if (sameName(a, b)) return true;
  const [pa, pb] = [plain(a), plain(b)];
  // "Mrs. Bumble" is not the "Bumble" of her husband: a woman's title must be on both names.
  const female = (s: string) => ['wife', 'daughter'].includes(nameTitleClass(s) ?? '');
  if ((female(pa) || female(pb)) && nameTitleClass(pa) !== nameTitleClass(pb)) return false;
  return sameCharacterName(pa, pb);
}

/** Any of a character's names is one of the known one's; a bare surname only names the one known by it alone. */
function matches(character: Character, known: KnownCharacter): boolean {
  return [character.name, ...character.aliases].some((a) =>
    known.names.some((n) => (a.includes(' ') ? same(a, n) : sameName(a, n))),
  );
}

/** The known character a listed one is: by its main name first, else by any of its names. */
function identify(character: Character, knowns: readonly KnownCharacter[]): KnownCharacter | undefined {
  return (
    knowns.find((k) => k.names.some((n) => sameName(character.name, n))) ??
    knowns.find((k) => k.names.some((n) => same(character.name, n))) ??
    knowns.find((k) => matches(character, k))
  );
}

export function scoreCast(listed: readonly Character[], knowns: readonly KnownCharacter[]): CastScore {
  const owners = new Map<KnownCharacter, Character[]>();
  const misses: string[] = [];
  for (const character of listed) {
    const known = identify(character, knowns);
    if (!known) misses.push(character.name);
    else owners.set(known, [...(owners.get(known) ?? []), character]);
  }
  const main = knowns.filter((k) => k.main);
  const missing = main.filter((k) => !listed.some((c) => matches(c, k))).map((k) => k.names[0]!);
  return {
    main: main.length,
    mainFound: main.length - missing.length,
    missing,
    listed: listed.length,
    real: listed.length - misses.length,
    misses,
    duplicates: [...owners.values()]
      .filter((cs) => cs.length > 1)
      .map((cs) => `${cs.map((c) => c.name).join(' = ')} (${whyTwice(cs)})`),
  };
}

/**
 * Why the reading lists one known character under two names, read from the names alone, for a
 * reader of the benchmark: the kind of link the co-reference rules do not make.
 */
function whyTwice(listed: readonly Character[]): string {
  const names = listed.map((c) => c.name);
  const cls = names.map((n) => nameTitleClass(n));
  const surname = (n: string) => n.split(/\s+/).at(-1)!;
  if (cls.includes('daughter') && cls.includes('wife') && new Set(names.map(surname)).size > 1)
    return 'a maiden and a married name the text links only in passing';
  if (cls.filter((c) => c === 'wife').length > 1 && new Set(names.map(surname)).size > 1)
    return "a widow's names before and after she marries again";
  if (cls.includes('man') && (cls.includes('wife') || cls.includes('daughter')))
    return 'a man and a woman of one family, both under the name the benchmark knows';
  if (listed.some((c) => c.role) && listed.some((c) => !c.role))
    return 'a role and a name never written together';
  if (new Set(names.map(surname)).size === 1)
    return 'one surname the reading keeps apart: another person bears it, or the two are written side by side';
  return 'a given name, a new title or a nickname never written with the other name';
}

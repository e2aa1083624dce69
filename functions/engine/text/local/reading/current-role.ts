/**
 * Roles of one kind told apart by a qualifier ("the Ghost of Christmas Past", "… Present", "… Yet
 * to Come") are mostly called by the bare word of their kind in the chapters they appear in ("the
 * Ghost", "the Spirit"). A bare word is the qualified role that its chapter names most: the one
 * the chapter is about. A bare word that no chapter explains (Marley's "Ghost" in a chapter with no
 * qualified role) stays no one's.
 */
import type { PhraseStats } from '../entities';
import { escapeRegExp } from '../../strings';

/** What a mention needs of a character: the names it goes by and whether it is known by a role. */
interface RoleLike {
  aliases: readonly string[];
  role?: boolean;
}

/** A located mention of a character. */
interface Located<C> {
  character: C;
  start: number;
  end: number;
}

/** Chapters of a book as the reading gets them: parts separated by two blank lines or more. */
const CHAPTER_GAP = /\n[ \t\r]*\n[ \t\r]*\n/g;

function sectionsOf(text: string): [number, number][] {
  const sections: [number, number][] = [];
  let from = 0;
  for (const gap of text.matchAll(CHAPTER_GAP)) {
    sections.push([from, gap.index]);
    from = gap.index + gap[0].length;
  }
  sections.push([from, text.length]);
  return sections;
}

/** "Ghost" of "Ghost of Christmas Past". */
const kindOf = (alias: string) =>
  alias.includes(' of ') ? alias.split(' of ')[0]!.split(' ').at(-1) : undefined;

/** Whether a bare capitalised word is written like a character's kind: after "the", mid-sentence, doing things. */
function bareKind(stats: PhraseStats): boolean {
  return (
    !stats.key.includes(' ') &&
    stats.count >= 3 &&
    stats.afterThe >= stats.count * 0.6 &&
    stats.titles.size === 0 &&
    stats.afterSpeechVerbThe + stats.beforePersonVerb >= 1
  );
}

/**
 * Mentions of qualified roles through the bare word of their kind: for each chapter, "the Ghost"
 * and "the Spirit" are the qualified role of the family the chapter names most (the first named on
 * a tie). `mentions` are the mentions already found (by name), which the new ones never overlap;
 * those of a bare role of the kind ("the Keeper" found as a role of its own) in such a chapter are
 * given to the qualified one in place.
 */
export function currentRoleMentions<C extends RoleLike>(
  text: string,
  phrases: Iterable<PhraseStats>,
  characters: readonly C[],
  mentions: readonly Located<C>[],
): Located<C>[] {
  const families = new Map<string, C[]>();
  for (const c of characters) {
    const kind = c.role ? c.aliases.map(kindOf).find(Boolean) : undefined;
    if (kind) families.set(kind, [...(families.get(kind) ?? []), c]);
  }
  const members = [...families.values()].filter((f) => f.length >= 2).flat();
  if (members.length === 0) return [];
  const chapters = sectionsOf(text);
  // The qualified roles a bare word may be: "the Witch" any Witch, "the Wicked Witch" a Wicked Witch "of" somewhere,
  // "the Spirit" (no kind of its own) any of them.
  const candidatesOf = (word: string) => {
    const kin = members.filter((c) => c.aliases.some((a) => a.split(' of ')[0]!.endsWith(word)));
    return kin.length > 0 ? kin : members;
  };
  const currentIn = (from: number, to: number, candidates: readonly C[]) => {
    const counts = new Map<C, number>();
    for (const m of mentions)
      if (m.start >= from && m.start < to && candidates.includes(m.character))
        counts.set(m.character, (counts.get(m.character) ?? 0) + 1);
    return [...counts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0];
  };
  const aboutOne = chapters.filter(([from, to]) => currentIn(from, to, members) !== undefined);
  const explained = (at: number) => aboutOne.some(([from, to]) => at >= from && at < to);
  // Roles of their own that are such bare words: the kind ("the Keeper"), a kind with a word before it shared by
  // several qualified ones ("the Wicked Witch"), or a word met mostly in chapters about one of them ("the Shade").
  const bareRoles = new Set(
    characters.filter((c) => {
      if (!c.role || c.aliases.length !== 1 || members.includes(c)) return false;
      const alias = c.aliases[0]!;
      if (families.has(alias) || members.some((m) => m.aliases.some((a) => a.startsWith(`${alias} of `))))
        return true;
      const own = mentions.filter((m) => m.character === c);
      return (
        !alias.includes(' ') &&
        own.length > 0 &&
        own.filter((m) => explained(m.start)).length >= own.length * 0.6
      );
    }),
  );
  const owned = new Set(characters.filter((c) => !bareRoles.has(c)).flatMap((c) => c.aliases));
  const words = [
    ...new Set([
      ...[...phrases].filter((s) => bareKind(s) && !owned.has(s.key)).map((s) => s.key),
      ...[...bareRoles].map((c) => c.aliases[0]!),
    ]),
  ].sort((x, y) => y.length - x.length);
  if (words.length === 0) return [];
  const bare = new RegExp(
    `\\b[Tt]he\\s+(${words.map((w) => escapeRegExp(w).replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{M}])(?!\\s+of\\b)`,
    'gu',
  );
  const found: Located<C>[] = [];
  for (const [from, to] of chapters) {
    for (const match of text.slice(from, to).matchAll(bare)) {
      const current = currentIn(from, to, candidatesOf(match[1]!.replace(/\s+/g, ' ')));
      if (!current) continue;
      const start = from + match.index + match[0].length - match[1]!.length;
      const end = start + match[1]!.length;
      const overlapping = mentions.filter((m) => m.start < end && start < m.end);
      if (overlapping.length === 0) found.push({ character: current, start, end });
      // The bare role's own mention, in a chapter about one of its kind, is that one.
      for (const m of overlapping) if (bareRoles.has(m.character)) m.character = current;
    }
  }
  return found;
}

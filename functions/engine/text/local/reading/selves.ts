/**
 * A figure known by a role who says who they are: "I am Griffin, of University College" in the mouth
 * of the one the book has called the Invisible Man. The line joins the role and the name into one
 * character. Only a line whose speaker the reading found, opening a sentence of its own words with "I
 * am", "I'm" or "my name is" and a name of the cast, with nothing more of a name after it ("I am Miss
 * Morstan's friend" names another) nor "too"; never in words the line quotes from someone else, never
 * between two named people (a child playing at Robin Hood, a girl mimicking her governess, a bride "Mrs.
 * Carey, too"), never when the two speak to each other by name, and never a man and a woman.
 */
import type { Cast, Character, Mention } from '../names';
import { INNER_QUOTATION } from './quotations';
import type { AttributedPart } from './scene';

/**
 * "I am", "I'm", "I _am_", "my name is", "my name's" opening a sentence (not "Now I am Miss Pinch"):
 * what a speaker says before their own name.
 */
const OWN_NAME_BEFORE =
  /(?:^["“]?|[.!?]\s+|—\s*)(?:I\s+_?am_?|I['’]m|[Mm]y\s+name\s+is|[Mm]y\s+name['’]s)\s+$/u;
/** Nothing more of a name after it: a stop, a dash, the line's end; and not "…, too". */
const NAME_ENDS = /^\s*(?:[,.!?;:—]|--|["”’]|$)/u;
const ALSO = /^\s*,?\s*(?:too|also|as well)\b/iu;

/** Pairs of characters a line shows to be one: [the speaker, the one they say they are]. */
export function selfNamings(
  text: string,
  parts: readonly AttributedPart[],
  mentions: readonly Mention[],
): [Character, Character][] {
  const spokenTo = new Set<string>();
  const key = (a: Character, b: Character) => `${a.name}\u0000${b.name}`;
  // A line of the name alone ("“Griffin,” answered the Voice") may answer who one is as well as call.
  const nameAlone = (part: AttributedPart) =>
    (text.slice(part.start, part.end).match(/\p{L}+/gu) ?? []).length <= 2;
  for (const part of parts)
    if (part.speaker && part.addressee && part.addressee !== part.speaker && !nameAlone(part))
      spokenTo.add(key(part.speaker, part.addressee));
  const pairs: [Character, Character][] = [];
  let m = 0;
  for (const part of parts) {
    while (m < mentions.length && mentions[m]!.start < part.start) m++;
    const speaker = part.speaker;
    if (!speaker) continue;
    const line = text.slice(part.start, part.end);
    const quoted = [...line.matchAll(INNER_QUOTATION)].map((q) => [
      part.start + q.index,
      part.start + q.index + q[0].length,
    ]);
    for (let k = m; k < mentions.length && mentions[k]!.start < part.end; k++) {
      const mention = mentions[k]!;
      const named = mention.character;
      if (named === speaker || (!named.role && !speaker.role)) continue;
      if (quoted.some(([a, b]) => mention.start >= a! && mention.start < b!)) continue;
      // One person has one sex: a woman's "I am Oz" was given her by a wrong guess.
      if (named.gender !== 'unknown' && speaker.gender !== 'unknown' && named.gender !== speaker.gender)
        continue;
      if (!OWN_NAME_BEFORE.test(text.slice(part.start, mention.start))) continue;
      const after = text.slice(mention.end, Math.min(part.end + 1, mention.end + 12));
      if (!NAME_ENDS.test(after) || ALSO.test(after)) continue;
      if (spokenTo.has(key(speaker, named)) || spokenTo.has(key(named, speaker))) continue;
      pairs.push([speaker, named]);
    }
  }
  // A name several others claim ("I am Oz" from a head, a lady, a beast and a ball of fire) is a
  // disguise, or a guess gone wrong: no one is joined by it; nor is one who claims two names.
  const claimants = new Map<Character, Set<Character>>();
  const claims = new Map<Character, Set<Character>>();
  for (const [speaker, named] of pairs) {
    claimants.set(named, (claimants.get(named) ?? new Set()).add(speaker));
    claims.set(speaker, (claims.get(speaker) ?? new Set()).add(named));
  }
  return pairs.filter(
    ([speaker, named]) => claimants.get(named)!.size === 1 && claims.get(speaker)!.size === 1,
  );
}

/**
 * Joins each pair into one character in place: the one more often named keeps its name and takes the
 * other's names and mentions.
 */
export function joinSelves(cast: Cast, pairs: readonly [Character, Character][]) {
  const into = new Map<Character, Character>();
  const find = (c: Character): Character => {
    let at = c;
    while (into.has(at)) at = into.get(at)!;
    return at;
  };
  for (const [a, b] of pairs) {
    const [x, y] = [find(a), find(b)];
    if (x === y || !cast.characters.includes(x) || !cast.characters.includes(y)) continue;
    const [keep, drop] = x.mentions >= y.mentions ? [x, y] : [y, x];
    keep.aliases = [...new Set([...keep.aliases, ...drop.aliases])].sort((p, q) => q.length - p.length);
    const surfaces = new Map(keep.surfaces);
    for (const [surface, n] of drop.surfaces) surfaces.set(surface, (surfaces.get(surface) ?? 0) + n);
    keep.surfaces = surfaces;
    keep.mentions += drop.mentions;
    keep.acts = (keep.acts ?? 0) + (drop.acts ?? 0);
    keep.narrated = (keep.narrated ?? 0) + (drop.narrated ?? 0);
    keep.addressed = (keep.addressed ?? 0) + (drop.addressed ?? 0);
    keep.firstOffset = Math.min(keep.firstOffset, drop.firstOffset);
    if (keep.gender === 'unknown') keep.gender = drop.gender;
    into.set(drop, keep);
  }
  if (into.size === 0) return;
  for (const mention of cast.mentions) mention.character = find(mention.character);
  cast.characters = cast.characters.filter((c) => !into.has(c));
}

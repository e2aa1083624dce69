/**
 * Names the dialogue keeps apart. Joining "Mr. Emerson" with "George Emerson" because they share a
 * surname is right for most books and wrong for a father and son, or two brothers ("Mr. Knightley"
 * and "Mr. John Knightley"). The text settles it when one speaks to the other: a line tagged "said
 * Mr. Emerson" that calls out "George" is not George's own, and a line tagged with one name answered
 * at once by a line tagged with the other are two people talking. Someone called by two names in
 * one scene ("said John" … "said Mr. Brooke") does neither.
 */
import type { Attribution } from './attribution';

/** A title of address and a surname: "Mr. Emerson", "Mrs. Ford" ("Sir Henry" takes a given name). */
const TITLED_SURNAME = /^(?:Mr|Mrs|Miss|Ms|Dr|Captain|Colonel|Major|Madame|Monsieur)\.?\s+\p{Lu}[\p{L}'-]*$/u;

/** How many answering tags it takes to keep two names apart. */
const ANSWERS = 2;

export function namesApart(
  text: string,
  attribution: Pick<Attribution, 'parts' | 'tags'>,
  together: (a: string, b: string) => boolean = () => true,
): Set<string> {
  const { parts, tags } = attribution;
  const surfaceOf = (index: number) => {
    const tag = tags[index];
    return tag?.kind === 'name' ? text.slice(tag.start, tag.end).replace(/^the\s+/i, '') : undefined;
  };
  const evidence = new Map<string, number>();
  const note = (titled: string, weight: number) => evidence.set(titled, (evidence.get(titled) ?? 0) + weight);
  let previous: { index: number; surface: string } | undefined;
  parts.forEach((part, index) => {
    const surface = surfaceOf(index);
    if (!surface) return;
    // "George!" in a line tagged "said Mr. Emerson", and George is the character it was joined to; the
    // tag written after the line, not a sentence before it that may name the one spoken to.
    if (
      TITLED_SURNAME.test(surface) &&
      part.addressee &&
      part.addressee === part.speaker &&
      tags[index]!.start >= part.end
    )
      note(surface, ANSWERS);
    const last = previous;
    previous = { index, surface };
    if (!last || last.surface === surface) return;
    const before = parts[last.index]!;
    const answer = part.paragraph - before.paragraph;
    if (answer < 1 || answer > 4 || before.speaker !== part.speaker) return;
    for (const [titled, other] of [
      [last.surface, surface],
      [surface, last.surface],
    ] as const) {
      // "Mr. Knightley" answered by "Mr. John Knightley": the other name carries a given name.
      const word = titled.split(/\s+/).at(-1)!;
      // A line answered at once is two people talking; one man tagged by two names in turn with a
      // voice answering between ("said Mr. Thomas Marvel" … "said Mr. Marvel") is no pair unless the
      // narration also writes both names in one sentence.
      if (
        TITLED_SURNAME.test(titled) &&
        !TITLED_SURNAME.test(other) &&
        other.endsWith(` ${word}`) &&
        (answer === 1 || together(titled, other))
      )
        note(titled, 1);
    }
  });
  const apart = new Set<string>();
  for (const [titled, n] of evidence) {
    if (n < ANSWERS) continue;
    apart.add(titled);
    apart.add(titled.includes('.') ? titled.replace('.', '') : titled.replace(/^(\S+)/, '$1.'));
  }
  return apart;
}

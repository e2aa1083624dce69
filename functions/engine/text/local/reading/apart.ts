/**
 * Names the dialogue keeps apart. Joining "Mr. Emerson" with "George Emerson" because they share a
 * surname is right for most books and wrong for a father and son, or two brothers ("Mr. Knightley"
 * and "Mr. John Knightley"). The text settles it when the two talk to each other: a line tagged
 * "said Mr. Emerson" answered in the next paragraph by one tagged "said George" are two people.
 */
import type { Attribution } from './attribution';

/** A title and one word: "Mr. Emerson", "Mrs. Ford". */
const TITLED_SURNAME =
  /^(?:Mr|Mrs|Miss|Ms|Dr|Sir|Lady|Captain|Colonel|Major|Madame|Monsieur)\.?\s+\p{Lu}[\p{L}'-]*$/u;

/** How many answering tags it takes to keep two names apart. */
const ANSWERS = 2;
/** How far apart two tags may be and still be in one scene (paragraphs). */
const SCENE_PARAGRAPHS = 8;

export function namesApart(text: string, attribution: Pick<Attribution, 'parts' | 'tags'>): Set<string> {
  const { parts, tags } = attribution;
  const surfaceOf = (index: number) => {
    const tag = tags[index];
    return tag?.kind === 'name' ? text.slice(tag.start, tag.end).replace(/^the\s+/i, '') : undefined;
  };
  const answers = new Map<string, number>();
  const tagged = parts.flatMap((part, index) => {
    const surface = surfaceOf(index);
    return surface ? [{ part, surface }] : [];
  });
  tagged.forEach(({ part, surface }, k) => {
    // The same character tagged by the titled surname and by a name with a given name in it, a few
    // paragraphs apart in one scene, with no third name between: two people talking.
    for (
      let j = k + 1;
      j < tagged.length && tagged[j]!.part.paragraph - part.paragraph <= SCENE_PARAGRAPHS;
      j++
    ) {
      const other = tagged[j]!;
      if (other.part.speaker !== part.speaker || other.surface === surface) continue;
      for (const [titled, given] of [
        [surface, other.surface],
        [other.surface, surface],
      ] as const) {
        if (
          TITLED_SURNAME.test(titled) &&
          !TITLED_SURNAME.test(given) &&
          given !== titled.split(/\s+/).at(-1)
        )
          answers.set(titled, (answers.get(titled) ?? 0) + 1);
      }
      break;
    }
  });
  const apart = new Set<string>();
  for (const [titled, n] of answers) {
    if (n < ANSWERS) continue;
    apart.add(titled);
    apart.add(titled.includes('.') ? titled.replace('.', '') : titled.replace(/^(\S+)/, '$1.'));
  }
  return apart;
}

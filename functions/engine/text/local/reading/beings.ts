/**
 * A being the story calls by common words rather than a name: Frankenstein's creature is "the monster",
 * "the fiend", "the daemon", "the creature" — seventy times, never named. Such a character is written in
 * lower case, so neither the name finder nor the role finder (capitalised roles: "the White Rabbit") sees
 * it. A book that writes "the <word>" for a single monstrous being often, under several such words,
 * has one such character; its words are its aliases, both as they stand mid-sentence and opening one.
 */
import type { Character } from '../names';

/** Words for a monstrous or unearthly being, the most neutral first (the name the character is given). */
const BEING_WORDS = [
  'creature',
  'monster',
  'being',
  'daemon',
  'demon',
  'fiend',
  'beast',
  'brute',
  'ogre',
  'giant',
  'goblin',
  'troll',
  'dragon',
  'ghoul',
  'vampire',
  'spectre',
  'phantom',
  'apparition',
] as const;
/** Verbs of a speech tag. */
const SPEECH = [
  'said',
  'cried',
  'replied',
  'answered',
  'exclaimed',
  'continued',
  'returned',
  'asked',
  'shouted',
];
/** Uses of one word for it to be one of the being's words. */
const MIN_WORD = 3;
/** Uses of all its words together for the being to be a character of the book. */
const MIN_TOTAL = 15;
/** Words that must be among them: "the being" and "the beast" alone are too often things said in passing. */
const DISTINCT_WORDS = 2;

export function findBeing(text: string): Character | undefined {
  const counts = new Map<string, { count: number; first: number }>();
  for (const word of BEING_WORDS) {
    const pattern = new RegExp(`\\b[Tt]he\\s+${word}\\b(?![-'’])`, 'g');
    let count = 0;
    let first = -1;
    for (const match of text.matchAll(pattern)) {
      if (first < 0) first = match.index;
      count++;
    }
    if (count >= MIN_WORD) counts.set(word, { count, first });
  }
  const total = [...counts.values()].reduce((sum, c) => sum + c.count, 0);
  if (counts.size < DISTINCT_WORDS || total < MIN_TOTAL) return undefined;
  const words = BEING_WORDS.filter((w) => counts.has(w));
  // It speaks ("said the daemon"): a beast of the moor that only howls is no character of this kind.
  const [any, verb] = [words.join('|'), SPEECH.join('|')];
  const speaks = new RegExp(`\\b(?:${verb})\\s+the\\s+(?:${any})\\b|\\bthe\\s+(?:${any})\\s+(?:${verb})\\b`);
  if (!speaks.test(text)) return undefined;
  const surfaces = new Map(words.map((w) => [`the ${w}`, counts.get(w)!.count]));
  return {
    name: `The ${words[0]![0]!.toUpperCase()}${words[0]!.slice(1)}`,
    aliases: words.flatMap((w) => [`the ${w}`, `The ${w}`]),
    title: '',
    gender: 'unknown',
    surfaces,
    mentions: 0,
    firstOffset: Math.min(...words.map((w) => counts.get(w)!.first)),
    role: true,
  };
}

/** Places of a text: named ones ("Port Kessel", "River Esk") and setting nouns ("the kitchen"). */
import { classifyPhrase, scanEntities, type EntityScan } from './entities';
import { EXTERIOR_CUES, INTERIOR_CUES, PLACE_SUFFIXES, SETTING_NOUNS } from './lexicon';
import { capitalise, escapeRegExp, lowerWords } from '../strings';
import { STOP_WORDS } from '../sentences';

export type SettingType = 'INT' | 'EXT';

export interface NamedPlace {
  /** e.g. "Port Kessel", or "River Esk" when the text writes "the river Esk". */
  name: string;
  /** How the name is written in the text, for finding it in a passage. */
  key: string;
  mentions: number;
}

export interface SettingNoun {
  noun: string;
  type: SettingType;
  /** Weighted count: mentions near the start of the passage count double. */
  weight: number;
  first: number;
}

export function findNamedPlaces(text: string, scan: EntityScan = scanEntities(text)): NamedPlace[] {
  const places: NamedPlace[] = [];
  for (const stats of scan.phrases.values()) {
    if (classifyPhrase(stats, scan.lowercase) !== 'place') continue;
    const noun = [...stats.nounsBefore.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const lastWord = stats.key.split(' ').at(-1)!.toLowerCase();
    const name = noun && !PLACE_SUFFIXES.has(lastWord) ? `${capitalise(noun)} ${stats.key}` : stats.key;
    places.push({ name, key: stats.key, mentions: stats.count });
  }
  return places.sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
}

const SETTING_PATTERN = new RegExp(
  `\\b(${[...SETTING_NOUNS.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})\\b`,
  'gi',
);

/**
 * Setting nouns of a passage's narration sentences (dialogue left out: talk of "the harbour master"
 * does not put a scene in the harbour), heaviest first. The opening sentences count double, and a
 * noun that only qualifies another ("river ice", "garden gate") counts half.
 */
export function settingNouns(sentences: readonly string[]): SettingNoun[] {
  const found = new Map<string, SettingNoun>();
  let position = 0;
  sentences.forEach((sentence, index) => {
    for (const match of sentence.matchAll(SETTING_PATTERN)) {
      const noun = match[1]!.toLowerCase();
      const type = SETTING_NOUNS.get(noun)!;
      const entry = found.get(noun) ?? { noun, type, weight: 0, first: position + match.index };
      const following = /^\s+([a-z]+)/.exec(sentence.slice(match.index + match[0].length))?.[1];
      const modifier =
        following !== undefined && !STOP_WORDS.has(following) && !/(?:ed|ing)$/.test(following);
      entry.weight += (index < 2 ? 2 : 1) * (modifier ? 0.5 : 1);
      found.set(noun, entry);
    }
    position += sentence.length + 1;
  });
  return [...found.values()].sort((a, b) => b.weight - a.weight || a.first - b.first);
}

/** Interior or exterior, from the setting noun, else from what the passage describes. */
export function settingTypeOf(noun: SettingNoun | undefined, narration: string): SettingType {
  if (noun) return noun.type;
  const words = lowerWords(narration);
  let interior = 0;
  let exterior = 0;
  for (const w of words) {
    if (INTERIOR_CUES.has(w)) interior++;
    if (EXTERIOR_CUES.has(w)) exterior++;
  }
  return interior > exterior ? 'INT' : 'EXT';
}

/** Narration without the words inside quotation marks. */
export function withoutDialogue(text: string): string {
  return text.replace(/["“][^"”]*(?:["”]|$)/g, ' ').replace(/\s+/g, ' ');
}

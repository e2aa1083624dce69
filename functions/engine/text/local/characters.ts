/**
 * Character profiles from the text. The protagonist is the character the narrative follows (in a
 * book told by a named "I", the narrator); the other roles come from the words around what each
 * does. Every description is written about the character from what the text says they are, look
 * like and do (`persona.ts`), never pasted from it: no quotation and no sentence in quotation
 * marks. Where the text says nothing of a character's looks or sex, the profile says so in neutral
 * words instead of inventing them. The craft fields a writer adds (need, lie, a wound when the text
 * gives none) are chosen by role and theme, seeded by the name so they are the same every time.
 */
import { hashString, createRandom, type Random } from '../../random';
import type { CharacterProfile, CharacterRole } from '../types';
import type { Quote } from './dialogue';
import {
  CONFLICT_CUES,
  MENTOR_CUES,
  NAME_TITLES,
  PERSONALITY_ADJECTIVES,
  SIDEKICK_CUES,
  SPEECH_VERBS,
} from './lexicon';
import type { Cast, Character } from './names';
import { tagWords } from './nlp';
import { describePersona, personaOf, type Persona } from './persona';
import { sentenceSpans, type TextSpan } from '../sentences';
import { capitalise, escapeRegExp, joinList, lowerWords, nameInSentence } from '../strings';

export interface ProfileInput {
  text: string;
  cast: Cast;
  quotes: readonly Quote[];
  themes: readonly string[];
  genre: string;
  /** The "I" who tells the story, when others call them by name: the protagonist. */
  narrator?: Character;
  /** Most prominent characters to profile. */
  limit?: number;
  /** Characters mentioned less often are left out (default: 2 when the text has at least three such). */
  minimumMentions?: number;
}

interface Evidence {
  character: Character;
  /** Sentences naming the character, plus a following one that goes on about them ("She was nineteen…"). */
  sentences: string[];
  /** Words that describe the character where it is mentioned. */
  nearby: string[];
  lines: Quote[];
}

const DEFAULT_LIMIT = 12;

export function characterSeed(name: string): number {
  return hashString(name.trim().toLowerCase().replace(/\s+/g, ' '));
}

export function profileCharacters(input: ProfileInput): CharacterProfile[] {
  const spans = sentenceSpans(input.text);
  const minimum =
    input.minimumMentions ?? (input.cast.characters.filter((c) => c.mentions >= 2).length >= 3 ? 2 : 1);
  const characters = input.cast.characters
    .filter((c) => c.mentions >= minimum)
    .slice(0, input.limit ?? DEFAULT_LIMIT);
  const narrator = input.narrator;
  if (narrator && input.cast.characters.includes(narrator) && !characters.includes(narrator)) {
    if (characters.length >= (input.limit ?? DEFAULT_LIMIT)) characters.pop();
    characters.unshift(narrator);
  }
  const evidence = characters.map((c) => gatherEvidence(c, input, spans));
  const roles = assignRoles(
    evidence,
    usualRates(input.text),
    narrator && followed(input, narrator),
    narrator,
    input.quotes,
  );
  // Characters carry different themes so their needs differ.
  return evidence.map((e, i) =>
    buildProfile(e, roles[i]!, input.themes[i % Math.max(input.themes.length, 1)], input),
  );
}

function gatherEvidence(character: Character, input: ProfileInput, spans: readonly TextSpan[]): Evidence {
  const indices = new Set<number>();
  const nearby: string[] = [];
  const mentions = input.cast.mentions;
  mentions.forEach((mention, i) => {
    if (mention.character !== character) return;
    const index = sentenceIndexAt(spans, mention.start);
    indices.add(index);
    const next = spans[index + 1]?.text;
    const followUp = next !== undefined && followsUp(next, character);
    if (followUp) indices.add(index + 1);
    let stop = Math.min(spans[index]!.end, mention.end + 200);
    for (let j = i + 1; j < mentions.length && mentions[j]!.start < stop; j++) {
      if (mentions[j]!.character !== character) stop = mentions[j]!.start;
    }
    const before = input.text
      .slice(Math.max(spans[index]!.start, mention.start - 40), mention.start)
      .split(/\s+/)
      .slice(-2);
    nearby.push(...before, ...describingWords(input.text.slice(mention.end, stop)));
    if (followUp) nearby.push(...next.split(/\s+/));
  });
  const sentences = [...indices].sort((a, b) => a - b).map((i) => spans[i]!.text.replace(/\s+/g, ' '));
  return {
    character,
    sentences,
    nearby: nearby.map((w) => w.toLowerCase().replace(/[^\p{L}-]/gu, '')).filter(Boolean),
    lines: input.quotes.filter((q) => q.speaker === character),
  };
}

/** A sentence that goes on about the character just named: "She was nineteen…". */
function followsUp(sentence: string, character: Character): boolean {
  if (character.gender === 'female') return /^["“]?(She|Her)\b/.test(sentence);
  if (character.gender === 'male') return /^["“]?(He|His)\b/.test(sentence);
  return false;
}

/**
 * Words that describe whoever was just named: after a linking verb ("was stubborn"), in a list set
 * off by commas ("Crane, tall and pale,"), or in "with quick, stubborn fingers". Other words of
 * the sentence usually describe something else ("a cold grey morning").
 */
function describingWords(after: string): string[] {
  const text = after.replace(/\bout loud\b/g, '');
  const found: string[] = [];
  const linked =
    /^\s*(?:was|is|seemed|looked|grew|felt|became|appeared|sounded|remained)\s+((?:[\p{L}-]+,?\s+){0,4}[\p{L}-]+)/u.exec(
      text,
    );
  if (linked) found.push(linked[1]!);
  for (const m of text.matchAll(/,\s+((?:[\p{L}-]+,?\s+(?:and\s+)?){0,2}[\p{L}-]+)(?=\s*[,.;]|$)/gu))
    found.push(m[1]!);
  for (const m of text.matchAll(
    /\bwith\s+((?:[\p{L}-]+,?\s+){1,3})(?:fingers|hands|eyes|voice|smile|face|manner|gaze|laugh|air|heart)\b/gu,
  )) {
    found.push(m[1]!);
  }
  return found.join(' ').split(/\s+/);
}

function sentenceIndexAt(spans: readonly TextSpan[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (spans[mid]!.start <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * How strongly the words around a character point to a role: hits per sentence, counted only when
 * there are several and the character's sentences use those words clearly more than the text as a
 * whole does (a chapter about fear makes no one an antagonist by being in it).
 */
function cueRate(e: Evidence, cues: ReadonlySet<string>, usual: number): number {
  let hits = 0;
  let words = 0;
  // The character's own name is no cue: "Master Bates" is a boy, not a master ("Old Brannigan" is old).
  const own = new Set(e.character.aliases.flatMap((a) => lowerWords(a)).filter((w) => w !== 'old'));
  for (const sentence of e.sentences) {
    const list = lowerWords(sentence);
    words += list.length;
    for (const w of list) if (cues.has(w) && !own.has(w)) hits++;
  }
  if (hits < 2 || hits / Math.max(words, 1) < usual * STANDS_OUT) return 0;
  return hits / Math.sqrt(e.sentences.length);
}

/** A character's sentences must use a role's words this many times as often as the whole text. */
const STANDS_OUT = 1.3;

/** How often the text as a whole uses each set of role words (per word). */
function usualRates(text: string): Map<ReadonlySet<string>, number> {
  const list = lowerWords(text);
  const rates = new Map<ReadonlySet<string>, number>();
  for (const cues of [CONFLICT_CUES, MENTOR_CUES, SIDEKICK_CUES]) {
    let hits = 0;
    for (const w of list) if (cues.has(w)) hits++;
    rates.set(cues, hits / Math.max(list.length, 1));
  }
  return rates;
}

/**
 * Whom a first-person narration follows: the narrator telling their own story (Victor, Jim), unless
 * the narrator tells someone else's (Watson telling Holmes's), which shows in the narration naming
 * that other character at least once for every five times it says "I".
 */
function followed(input: ProfileInput, narrator: Character): Character {
  let narration = '';
  let at = 0;
  for (const q of input.quotes) {
    narration += input.text.slice(at, q.start);
    at = Math.max(at, q.end);
  }
  narration += input.text.slice(at);
  const said = narration.match(/\bI\b/g)?.length ?? 0;
  const named = new Map<Character, number>();
  let q = 0;
  for (const mention of input.cast.mentions) {
    while (q < input.quotes.length && input.quotes[q]!.end <= mention.start) q++;
    if (input.quotes[q] && input.quotes[q]!.start <= mention.start) continue;
    if (mention.character !== narrator) named.set(mention.character, (named.get(mention.character) ?? 0) + 1);
  }
  const [other, count] = [...named.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return other && count! >= said * OBSERVED_SHARE ? other : narrator;
}

/** Mentions of another character per "I" of the narration above which the narrator is an observer. */
const OBSERVED_SHARE = 0.2;

/** Verbs of inner life: the character whose thoughts and feelings the narration follows. */
const INNER_VERBS =
  'felt|thought|knew|wondered|wished|hoped|feared|listened|remained|resolved|believed|suspected|longed|dreaded|realised|realized|understood|could not help|was not convinced';

/**
 * How much the story is the character's: mentions, counted in full when the narration calls them by
 * their name ("Elizabeth", "Tom", "Holmes") and by half when only by title ("Mr. Bingley", seen from
 * outside), plus the sentences that follow their thoughts and feelings ("Elizabeth felt…").
 */
export function protagonistScore(
  character: Pick<Character, 'aliases' | 'mentions' | 'surfaces'>,
  sentences: readonly string[],
): number {
  let titled = 0;
  let total = 0;
  for (const [surface, n] of character.surfaces ?? []) {
    total += n;
    const first = surface.split(' ')[0]!.toLowerCase().replace(/\.$/, '');
    if (surface.includes(' ') && NAME_TITLES.has(first) && !['old', 'young', 'little', 'big'].includes(first))
      titled += n;
  }
  const untitled = total > 0 ? 1 - titled / total : 1;
  const names = character.aliases.map(escapeRegExp).join('|');
  const inner = names
    ? sentences.filter((s) =>
        new RegExp(`\\b(?:${names})\\s+(?:\\p{L}+ly\\s+)?(?:${INNER_VERBS})\\b`, 'u').test(s),
      ).length
    : 0;
  return character.mentions * (0.5 + 0.5 * untitled) + 3 * inner;
}

/** Share of the most named character's mentions an antagonist must have. */
const ANTAGONIST_SHARE = 0.15;
/** Share of the most named character's mentions a mentor or a sidekick must have. */
const COMPANION_SHARE = 0.1;
/** Lines a mentor must exchange with the protagonist, and their share of the most anyone exchanges. */
const COMPANION_TALKS = 2;
const COMPANION_TALKS_SHARE = 0.05;
/** Lines an observing narrator must exchange with the protagonist to be their companion. */
const OBSERVER_TALKS = 10;

/**
 * The protagonist: the character a first-person narration follows (`followed`), else the one the
 * narration follows most (`protagonistScore`); then the strongest conflict, mentor and companion
 * signals.
 */
function assignRoles(
  evidence: readonly Evidence[],
  usual: ReadonlyMap<ReadonlySet<string>, number>,
  followedCharacter?: Character,
  narrator?: Character,
  quotes: readonly Quote[] = [],
): CharacterRole[] {
  const rate = (e: Evidence, cues: ReadonlySet<string>) => cueRate(e, cues, usual.get(cues) ?? 0);
  let lead = followedCharacter ? evidence.findIndex((e) => e.character === followedCharacter) : -1;
  if (lead < 0) {
    lead = 0;
    evidence.forEach((e, i) => {
      const score = protagonistScore(e.character, e.sentences);
      if (score > protagonistScore(evidence[lead]!.character, evidence[lead]!.sentences)) lead = i;
    });
  }
  const roles: CharacterRole[] = evidence.map((_, i) => (i === lead ? 'protagonist' : 'supporting'));
  const protagonist = evidence[lead]?.character;
  const talks = exchangesWith(quotes, protagonist);
  const mostTalks = Math.max(0, ...talks.values());
  // One who talks with the protagonist: a few lines, and not a mere few beside the book's great talkers.
  const talksWith = (e: Evidence) =>
    (talks.get(e.character) ?? 0) >= Math.max(COMPANION_TALKS, mostTalks * COMPANION_TALKS_SHARE);
  // The "I" who tells another's story and talks with them (Watson telling Holmes's) is their companion.
  if (narrator && protagonist && protagonist !== narrator && (talks.get(narrator) ?? 0) >= OBSERVER_TALKS) {
    const at = evidence.findIndex((e) => e.character === narrator);
    if (at >= 0) roles[at] = 'sidekick';
  }
  const claim = (role: CharacterRole, score: (e: Evidence) => number) => {
    let best = -1;
    let bestScore = 0;
    evidence.forEach((e, i) => {
      if (roles[i] !== 'supporting') return;
      const s = score(e);
      if (s > bestScore) {
        best = i;
        bestScore = s;
      }
    });
    if (best >= 0) roles[best] = role;
  };
  // A title ("Lord Vask", "Old Brannigan") strengthens a role the words already suggest.
  const withTitle = (rate: number, e: Evidence, titles: string[]) =>
    rate > 0 && titles.includes(e.character.title) ? rate + 0.5 : rate;
  // The one the story stands against is one of its main people, not a figure of one chapter's tale
  // (the wicked Hugo of the Baskerville legend) nor a minor ally of much talk of danger.
  const most = Math.max(...evidence.map((e) => e.character.mentions));
  claim('antagonist', (e) =>
    e.character.mentions < most * ANTAGONIST_SHARE
      ? 0
      : withTitle(rate(e, CONFLICT_CUES), e, ['lord', 'king', 'queen']),
  );
  // A people ("the Eloi", "the Winkies") may stand against the hero, but guides and companions are persons.
  // A guide is one of the main people, a grown-up the text titles ("Mr. Brownlow", "Dr. Mortimer"), who
  // talks with the protagonist: not a boy of the gang ("Master Bates") nor a name of one chapter.
  claim('mentor', (e) =>
    e.character.people ||
    e.character.mentions < most * COMPANION_SHARE ||
    !talksWith(e) ||
    !(e.character.title || grownUp(e))
      ? 0
      : withTitle(rate(e, MENTOR_CUES), e, ['old', 'professor', 'doctor']),
  );
  claim('sidekick', (e) => {
    if (e.character.people || e.character.mentions < most * COMPANION_SHARE) return 0;
    if (roles.includes('sidekick')) return 0;
    const together = protagonist
      ? e.sentences.filter((s) => protagonist.aliases.some((a) => s.includes(a))).length
      : 0;
    const share = together / Math.max(e.sentences.length, 1);
    const sidekick = rate(e, SIDEKICK_CUES);
    return sidekick > 0 || share >= 0.5 ? sidekick + share : 0;
  });
  return roles;
}

const AGE_WORDS = new Set(['old', 'elderly', 'aged', 'ancient', 'grey-haired', 'white-haired', 'venerable']);

/** Whether the text calls the character old ("Old Brannigan", "Meridel was ancient and stooped"). */
function grownUp(e: Evidence): boolean {
  return e.character.aliases.some((a) => /^old\s/i.test(a)) || e.nearby.some((w) => AGE_WORDS.has(w));
}

/** How many of each character's lines answer, or are answered by, a line of the protagonist. */
function exchangesWith(quotes: readonly Quote[], protagonist: Character | undefined): Map<Character, number> {
  const talks = new Map<Character, number>();
  if (!protagonist) return talks;
  quotes.forEach((q, i) => {
    if (!q.speaker || q.speaker === protagonist) return;
    const near = (o: Quote | undefined) =>
      o?.speaker === protagonist && Math.abs(o.paragraph - q.paragraph) <= 2;
    if (near(quotes[i - 1]) || near(quotes[i + 1])) talks.set(q.speaker, (talks.get(q.speaker) ?? 0) + 1);
  });
  return talks;
}

function buildProfile(
  e: Evidence,
  role: CharacterRole,
  theme: string | undefined,
  input: ProfileInput,
): CharacterProfile {
  const seed = characterSeed(e.character.name);
  // Seeded by the name alone, so the craft fields are the same in every overview and script.
  const random = createRandom(seed);
  const persona = personaOf(e.character, input.text, input.cast.mentions);
  const personality = describePersonality(e);
  return {
    name: e.character.name,
    role,
    physical_description: describePersona(e.character.name, persona, e.character.people),
    personality,
    character_arc: describeArc(e, persona, e.character === input.narrator),
    archetypes: archetypesOf(role, personality, e),
    want: describeWant(e, role),
    need: NEEDS[theme ?? ''] ?? NEEDS.Courage!,
    lie: random.pick(LIES[role || 'supporting'] ?? LIES.supporting!),
    ghost: describeGhost(e, role, random),
    gender: persona.sex,
    mentions: e.character.mentions,
    seed,
    voice: '',
  };
}

const DIALOGUE_TRAITS: Record<string, string> = {
  whispering: 'guarded',
  muttering: 'grudging',
  shouting: 'forceful',
  laughing: 'good-humoured',
  sharply: 'sharp-tongued',
  pleasantly: 'smooth',
  quietly: 'measured',
};

/** Personality words the text uses of the character, and how they talk; neutral words when it has none. */
function describePersonality(e: Evidence): string {
  const counts = new Map<string, number>();
  for (const w of e.nearby) if (PERSONALITY_ADJECTIVES.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const line of e.lines) {
    const trait = line.parenthetical ? DIALOGUE_TRAITS[line.parenthetical] : undefined;
    if (trait) counts.set(trait, (counts.get(trait) ?? 0) + 1);
  }
  const traits = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const style = speechStyle(e.lines);
  if (traits.length === 0)
    return style
      ? `${capitalise(style)}.`
      : `The book says little of what ${nameInSentence(e.character.name)} ${e.character.people ? 'are' : 'is'} like.`;
  return `${capitalise(joinList(traits.slice(0, 3)))}${style ? `; ${style}` : ''}.`;
}

function speechStyle(lines: readonly Quote[]): string {
  if (lines.length < 2) return '';
  const words = lines.reduce((sum, l) => sum + l.text.split(/\s+/).length, 0) / lines.length;
  const questions = lines.filter((l) => l.text.includes('?')).length / lines.length;
  if (questions >= 0.5) return 'asks more than answers';
  if (words <= 7) return 'speaks in short, direct sentences';
  if (words >= 18) return 'talks at length';
  return 'speaks plainly';
}

/** "Nell sat mending a net, and later watched the Gannet slip out": what they do first and last, in the book's words. */
function describeArc(e: Evidence, persona: Persona, narrates: boolean): string {
  const narration = e.sentences.filter((s) => !/["“”]/.test(s));
  // Searched from each end, so only a few sentences are tagged however often the character appears.
  const firstAt = narration.findIndex((s) => deedOf(s, e.character) !== undefined);
  const lastAt = narration.findLastIndex((s, i) => i > firstAt && deedOf(s, e.character) !== undefined);
  const first = firstAt >= 0 ? deedOf(narration[firstAt]!, e.character) : undefined;
  const last = lastAt >= 0 ? deedOf(narration[lastAt]!, e.character) : undefined;
  const name = e.character.name;
  if (first && last && first !== last) return `${name} ${first}, and later ${last}.`;
  if (first) return `${name} ${first}.`;
  const own = persona.sex === 'female' ? 'her' : persona.sex === 'male' ? 'his' : 'their';
  if (narrates) return `${name} tells the story in ${own} own words.`;
  return `${name} ${e.character.people ? 'are' : 'is'} seen mostly through what others say and do.`;
}

/**
 * What the character does in a sentence where they are the subject, as written: the verb in the
 * past tense and what follows it up to the end of the clause ("Nell sat on an upturned crate…" →
 * "sat on an upturned crate").
 */
function deedOf(sentence: string, character: Character): string | undefined {
  for (const alias of character.aliases) {
    // The character as subject: not right after a preposition ("with Brannigan puffing").
    const subject = new RegExp(
      `(?:^|[,;]\\s+|\\band\\s+|\\bthen\\s+)(?<!\\b(?:with|to|at|of|for|from|by|behind|beside|toward|towards|on|in|like)\\s+)${escapeRegExp(alias)}\\s`,
      'u',
    ).exec(sentence);
    if (!subject) continue;
    const rest = sentence
      .slice(subject.index + subject[0].length)
      .split(/[,;:.!?—]|\s(?:and|but|while)\s/)[0]!
      .trim();
    const words = rest.split(/\s+/);
    // "Dorothy presently asked": the verb after an adverb.
    const verbAt = /^(?:\p{L}+ly|then|now|again|also|still)$/u.test(words[0] ?? '') ? 1 : 0;
    if (words.length < 2 || words.length > 12) continue;
    const verb = tagWords(words.slice(0, 3 + verbAt).join(' '))[verbAt];
    const first = words[verbAt]!.toLowerCase();
    if (!verb?.tags.has('PastTense') || STATES.has(first) || SPEECH_VERBS.has(first)) continue;
    if (/\b(?:I|me|my|we|our|you|your)\b/.test(rest)) continue;
    return rest.replace(/\s+/g, ' ');
  }
  return undefined;
}

const STATES = new Set([
  'was',
  'were',
  'had',
  'is',
  'has',
  'could',
  'would',
  'should',
  'might',
  'must',
  'seemed',
]);

const DESIRE =
  /(?:wanted|wants|wished|longed|hoped|meant|means|intended|tried|decided|needed|swore|vowed|planned)\s+to\s+([^.,;!?"“”]{3,80})/i;
const SPOKEN_DESIRE =
  /\b(?:I|we)\s+(?:have to|must|want to|need to|mean to|am going to|have come [^.,]*? to)\s+([^.,;!?"“”]{3,80})/i;
/** Words that would make a wish read as someone else's ("to see my father"). */
const OTHER_PERSON =
  /\b(?:I|me|my|mine|myself|we|us|our|ours|ourselves|you|your|yours|yourself|yourselves)\b/i;

function describeWant(e: Evidence, role: CharacterRole): string {
  // Their own wish: their name the subject of the verb ("Emma wished to…" is not Harriet's, though
  // the sentence names her too).
  const names = [e.character.name, ...e.character.aliases].map(escapeRegExp).join('|');
  const own = new RegExp(`(?:^|[^\\p{L}])(?:${names})\\s+(?:\\p{L}+ly\\s+)?${DESIRE.source}`, 'iu');
  for (const sentence of e.sentences) {
    if (/["“”]/.test(sentence)) continue;
    const match = own.exec(sentence);
    if (match && tellsAWish(match[1]!, e.character)) return `To ${match[1]!.trim()}.`;
  }
  for (const line of e.lines) {
    const match = SPOKEN_DESIRE.exec(line.text);
    if (match && tellsAWish(match[1]!, e.character)) return `To ${match[1]!.trim()}.`;
  }
  return ROLE_WANTS[role || 'supporting']!;
}

/**
 * A wish that reads on its own: three words or more, none of them the speaker's or listener's ("to see
 * my father") nor quoted, not ending on a word that needs more ("to listen to", "to do so", "to make the
 * eighth").
 */
function tellsAWish(wish: string, character?: Character): boolean {
  const words = wish.trim().split(/\s+/);
  // It begins with what they would do: a verb, after a word like "not" or "once more" at most ("to Oz
  // to ask him", "to Heaven this pretty girl" and the dialect "to ile his boots" are no wish that reads).
  const verbAt = /^(?:once more|at once|at last)$/i.test(words.slice(0, 2).join(' '))
    ? 2
    : /^(?:\p{L}+ly|not|never|even|just|also|still|only|soon)$/iu.test(words[0] ?? '')
      ? 1
      : 0;
  // Tagged after "to", as an infinitive ("study medicine" alone reads as two nouns).
  const tagged = tagWords(`to ${words.slice(0, verbAt + 2).join(' ')}`)[verbAt + 1];
  const verb =
    !!tagged &&
    tagged.tags.has('Verb') &&
    !tagged.tags.has('ProperNoun') &&
    !NO_AIMS.has(words[verbAt]?.toLowerCase() ?? '');
  // A short wish about someone or something the sentence named before ("to not tell her", "to wink at
  // it"; not "to build a boat and sail it"), or one cut off ("to be ready for Dr.", "…had not"), says
  // nothing on its own.
  const ending = words
    .at(-1)!
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
  const loose = CUT_ENDS.has(ending) || (words.length <= 5 && POINTING_ENDS.has(ending));
  const names = character ? [character.name, ...character.aliases] : [];
  return (
    verb &&
    !loose &&
    // Clipped dialect ("head ’em off", "goin’ home"); a plural's "boys’ school" is no clipping.
    !/[’'](?:em|tis|twas)\b|\b\p{L}+in[’'](?=\s|$)|\b(?:o|an|th)[’'](?=\s)/iu.test(wish) &&
    !names.some((n) => new RegExp(`\\b${escapeRegExp(n)}\\b`).test(wish)) &&
    words.length >= 3 &&
    !OTHER_PERSON.test(wish) &&
    // Nothing quoted ("to know why the word ‘moor’ should have been written").
    !/["“”‘]/.test(wish) &&
    !/^(?:do|be|make|say|see)\s+(?:so|it|this|that)\b/i.test(wish) &&
    !/\b(?:to|so|of|in|with|for|at|by|on|from|the|a|an|and|or|but|eighth|first|second|third)$/i.test(
      wish.trim(),
    )
  );
}

/** Verbs of saying and of manners, which "I have to…" is no aim of ("to regret that…", "to beg to say"). */
const NO_AIMS = new Set(
  'regret say tell admit beg thank apologise apologize remark inform assure mention acknowledge'.split(' '),
);

/** Last words that leave a wish cut off from the rest of its sentence. */
const CUT_ENDS = new Set('mr mrs miss dr st not had was were been did could would should'.split(' '));
/** Last words that point back to what the sentence named before. */
const POINTING_ENDS = new Set('her him them it that this there so me us'.split(' '));

const ROLE_WANTS: Record<string, string> = {
  protagonist: 'To set right what has gone wrong in their world.',
  antagonist: 'To keep control of what they have taken.',
  mentor: 'To see the hero ready before it is too late.',
  sidekick: 'To stand by the hero and be useful.',
  supporting: 'To get through the trouble unharmed.',
};

const NEEDS: Record<string, string> = {
  Love: 'To let someone close enough to be known.',
  Friendship: 'To trust others instead of carrying everything alone.',
  Family: 'To make peace with where they come from.',
  Courage: 'To trust their own courage rather than wait for permission.',
  'Power and corruption': 'To see that power taken by force cannot be kept.',
  'Justice and truth': 'To value the truth more than comfort.',
  Revenge: 'To let go of the wish for revenge.',
  Betrayal: 'To learn whom to trust, and forgive where they can.',
  Survival: 'To find something worth more than simply surviving.',
  'Loss and grief': 'To accept a loss and keep living.',
  Freedom: 'To claim their freedom and its responsibilities.',
  'Identity and belonging': 'To accept who they really are.',
  'Coming of age': 'To step out of the shadow of those who raised them.',
  'Good versus evil': 'To choose what is right when it costs them.',
  Ambition: 'To learn that success is not the same as worth.',
  'Community and solidarity': 'To see that they are stronger together than alone.',
  'Fate and destiny': 'To choose their own path instead of waiting for fate.',
  Nature: 'To respect forces larger than themselves.',
  Obsession: 'To let go before the obsession consumes them.',
  'Secrets and deception': 'To stop hiding and face the truth.',
};

const LIES: Record<string, string[]> = {
  protagonist: [
    'That they have to face everything alone.',
    'That they are too small to change anything.',
    'That being careful is the same as being safe.',
  ],
  antagonist: [
    'That fear is the only way to hold people together.',
    'That everything has a price and everyone can be bought.',
    'That strength means never giving way.',
  ],
  mentor: [
    'That their time to make a difference has passed.',
    'That protecting others means keeping them from danger.',
  ],
  sidekick: ['That they only matter as someone else’s helper.', 'That a joke can keep any danger away.'],
  supporting: [
    'That keeping their head down will keep them safe.',
    'That what happens to others is not their concern.',
    'That the old ways cannot be changed.',
  ],
};

const PAST =
  /\b(?:years|ago|long ago|remembered|had been|had kept|had taught|as a child|when (?:she|he) was a|lost|died|never forgot)\b/i;

/** What the text says of their past, as a clause about them, else a wound typical of the role. */
function describeGhost(e: Evidence, role: CharacterRole, random: Random): string {
  for (const sentence of e.sentences) {
    if (/["“”]/.test(sentence) || !PAST.test(sentence) || sentence.length > 240) continue;
    for (const alias of e.character.aliases) {
      const subject = new RegExp(
        `^(?:\\p{Lu}\\p{L}*\\s+){0,2}?${escapeRegExp(alias)}\\s+(had|was|were|lost|remembered|never)\\b`,
        'u',
      ).exec(sentence);
      if (!subject) continue;
      const clause = sentence
        .slice(subject.index + subject[0].length - subject[1]!.length)
        .split(/[;:—]/)[0]!
        .trim();
      if (PAST.test(clause) && !OTHER_PERSON.test(clause) && clause.split(/\s+/).length <= 30)
        return `${e.character.name} ${clause.replace(/[,\s]+$/, '')}${/[.!?]$/.test(clause) ? '' : '.'}`;
    }
  }
  return random.pick(GHOSTS[role || 'supporting'] ?? GHOSTS.supporting!);
}

const GHOSTS: Record<string, string[]> = {
  protagonist: [
    'An earlier failure they have never spoken about.',
    'Someone they could not protect.',
    'Being told, long ago, that they would never amount to much.',
  ],
  antagonist: [
    'A humiliation they swore never to suffer again.',
    'Losing everything once, and deciding never to lose again.',
  ],
  mentor: ['A student they once failed.', 'A fight they walked away from long ago.'],
  sidekick: ['Always being the one left behind.', 'A family that expected little of them.'],
  supporting: ['A hard past they rarely talk about.', 'An old debt that still weighs on them.'],
};

function archetypesOf(role: CharacterRole, personality: string, e: Evidence): string[] {
  const list: string[] = [];
  const byRole: Record<string, string> = {
    protagonist: 'Hero',
    antagonist: 'Shadow',
    mentor: 'Mentor',
    sidekick: 'Ally',
  };
  if (byRole[role]) list.push(byRole[role]!);
  const text = `${personality} ${e.sentences.join(' ')}`.toLowerCase();
  const cues: [string, RegExp][] = [
    ['Sage', /\b(wise|wisdom|wizard|taught|scholar|books)\b/],
    ['Trickster', /\b(trick|clever|cunning|sly|mischievous|joke)\b/],
    ['Caregiver', /\b(kind|gentle|helped|cared|nurse|mending|tended)\b/],
    ['Rebel', /\b(stubborn|defiant|refused|rebel|rather starve)\b/],
    ['Explorer', /\b(sail|sailed|journey|travel|explore|road|voyage)\b/],
    ['Ruler', /\b(lord|king|queen|command|bought|control|throne|captain)\b/],
    ['Innocent', /\b(young|naive|innocent|child)\b/],
    ['Everyman', /\b(ordinary|plain|simple|fisherm[ae]n|housekeeper)\b/],
    ['Lover', /\b(love|loved|heart|kiss)\b/],
  ];
  for (const [name, pattern] of cues)
    if (list.length < 3 && pattern.test(text) && !list.includes(name)) list.push(name);
  if (list.length === 0) list.push('Everyman');
  return list;
}

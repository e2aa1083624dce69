/**
 * What the attribution passes share: the quotations with their speakers so far, and who is present
 * in the scene around a quotation (named in the narration, or heard speaking, a little before it).
 */
import type { Character, Mention } from '../names';
import type { QuotationScan, QuotePart } from './quotations';
import { firstActor, mentionsIn, tokenize } from './tags';

export type AttributionMethod =
  | 'tag'
  | 'pronoun'
  | 'description'
  | 'utterance'
  | 'paragraph'
  | 'action'
  | 'vocative'
  | 'turn'
  | 'scene'
  | 'none';

export interface AttributedPart extends QuotePart {
  speaker?: Character;
  method: AttributionMethod;
  /** The character the words are spoken to, when they name them ("Oh, Anne, …"). */
  addressee?: Character;
}

export interface SceneContext {
  text: string;
  scan: QuotationScan;
  parts: AttributedPart[];
  /** Cast mentions in narration (outside quotations), in text order. */
  narration: Mention[];
  narrator?: Character;
}

/** How far back a pronoun or a description looks for the character it stands for. */
export const RECENT_CHARS = 2500;
/** How far back a scene reaches when a description is matched with the characters present. */
export const SCENE_CHARS = 4000;

export function assign(
  part: AttributedPart,
  speaker: Character,
  method: AttributionMethod,
  overwrite = false,
) {
  if (part.speaker && !overwrite) return;
  part.speaker = speaker;
  part.method = method;
}

/**
 * Characters named or heard most recently before a part, latest first: narration mentions and the
 * speakers of earlier lines.
 */
export function recentCharacters(context: SceneContext, index: number, reach = RECENT_CHARS): Character[] {
  const part = context.parts[index]!;
  const from = Math.max(0, part.start - reach);
  const events = mentionsIn(context.narration, from, part.start).map((m) => ({
    at: m.start,
    character: m.character,
  }));
  for (let i = index - 1; i >= 0 && context.parts[i]!.start >= from; i--) {
    const speaker = context.parts[i]!.speaker;
    if (speaker) events.push({ at: context.parts[i]!.start, character: speaker });
  }
  events.sort((a, b) => b.at - a.at);
  return [...new Set(events.map((e) => e.character))];
}

/** The last line before a part that another paragraph holds (the previous turn of a conversation). */
export function previousTurn(context: SceneContext, index: number): AttributedPart | undefined {
  const part = context.parts[index]!;
  for (let i = index - 1; i >= 0; i--) {
    const p = context.parts[i]!;
    if (p.utterance !== part.utterance && p.paragraph !== part.paragraph) return p;
  }
  return undefined;
}

/**
 * The character a "he" or "she" stands for: the last of that sex named in the same paragraph,
 * else the most recently named, passing over the last speaker when the turn has changed.
 */
export function nearest(
  context: SceneContext,
  index: number,
  gender: 'male' | 'female' | 'unknown',
  addressee: Character | undefined,
  unfit?: (c: Character) => boolean,
): Character | undefined {
  const part = context.parts[index]!;
  // "He" and "she" are never the "I" who tells the story.
  const fits = (c: Character) => c !== addressee && c !== context.narrator && !unfit?.(c);
  const recent = recentCharacters(context, index).filter(fits);
  const fitting = gender === 'unknown' ? recent : recent.filter((c) => c.gender === gender);
  const maybe = recent.filter((c) => c.gender === 'unknown');
  const previous = previousTurn(context, index);
  // The turn passes to someone else only across adjacent paragraphs: a paragraph of narration between
  // them ends the exchange, and the one it is about may well speak again.
  const lastSpeaker =
    previous && previous.paragraph !== part.paragraph && previous.paragraph >= part.paragraph - 1
      ? previous.speaker
      : undefined;
  const pick = (list: Character[]) => list.find((c) => c !== lastSpeaker) ?? list[0];
  const paragraph = context.scan.paragraphs[part.paragraph]!;
  const here = mentionsIn(context.narration, paragraph.start, part.start)
    .map((m) => m.character)
    .filter((c) => fits(c) && (gender === 'unknown' || c.gender === gender));
  if (here.length > 0) return here.at(-1);
  // After a paragraph of narration, the one that narration was about; within an exchange, the turns decide.
  const afterNarration = !previous || previous.paragraph < part.paragraph - 1;
  if (gender !== 'unknown' && afterNarration) {
    const subject = lastSubject(context, part.start, gender, (c) => fits(c) && c !== lastSpeaker);
    if (subject) return subject;
  }
  return pick(fitting) ?? pick(maybe);
}

/** The stop of a title ("Mrs. Blewett"), which ends no sentence. */
const TITLE_END = /\b(?:Mr|Mrs|Ms|Dr|St|Messrs|Capt|Col|Rev|Prof|Sgt|Lt)\.$/;

/** Where the sentence holding `at` begins: after the last sentence end, closing quotation mark or blank line. */
function sentenceStart(text: string, at: number, floor: number): number {
  for (let i = at - 1; i > floor; i--) {
    const c = text[i]!;
    if (
      (c === '.' || c === '!' || c === '?') &&
      /\s/.test(text[i + 1] ?? '') &&
      !TITLE_END.test(text.slice(i - 7, i + 1))
    )
      return i + 1;
    if (c === '"' || c === '”' || c === '“') return i + 1;
    if (c === '\n' && text[i - 1] === '\n') return i + 1;
  }
  return floor;
}

/**
 * The character of that sex a "he" or "she" most likely stands for: of the last sentence of narration
 * before `at` that names one, its subject (the first person it names, not after a preposition nor as
 * an owner), else the last one it names who is no owner: "Miss Woodhouse made the proper acquiescence,
 * and finding nothing more was to be had from Mrs. Cole's talk, turned to Frank Churchill. / "Why do
 * you smile?" said she." is hers, though Mrs. Cole was named after her.
 */
export function lastSubject(
  context: SceneContext,
  at: number,
  gender: 'male' | 'female',
  fits: (c: Character) => boolean,
  floor = Math.max(0, at - RECENT_CHARS),
): Character | undefined {
  const { text, narration } = context;
  const mentions = mentionsIn(narration, floor, at).filter(
    (m) => m.character.gender === gender && fits(m.character),
  );
  const last = mentions.at(-1);
  if (!last) return undefined;
  const from = sentenceStart(text, last.start, Math.max(floor, last.start - 600));
  const tokens = tokenize(text, from, last.end + 3, narration);
  const actor = firstActor(tokens);
  if (actor?.kind === 'name' && mentions.some((m) => m.start >= from && m.character === actor.character))
    return actor.character;
  const owned = (m: Mention) => /^['’]s\b/.test(text.slice(m.end, m.end + 3));
  const inSentence = mentions.filter((m) => m.start >= from);
  return (inSentence.filter((m) => !owned(m)).at(-1) ?? last).character;
}

/** "said the other": the recent speaker who did not say the last line. */
export function partner(context: SceneContext, index: number): Character | undefined {
  const previous = previousTurn(context, index);
  if (!previous?.speaker) return undefined;
  return recentCharacters(context, index).find((c) => c !== previous.speaker);
}

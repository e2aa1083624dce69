/**
 * Who says each quotation: a sieve of ordered passes, the surest first, each deciding only the
 * quotations the earlier ones left open (after Muzny et al., "A Two-stage Sieve Approach for Quote
 * Attribution", EACL 2017):
 *
 * 1. a speech tag naming a character ("said Alice", "Mr. Bennet replied");
 * 2. a speech tag with a pronoun or a description ("she cried", "said the old gentleman"), resolved
 *    to the nearest fitting character by sex and recency, never to the one the line speaks to;
 * 3. the other parts of the same utterance and paragraph (one paragraph, one speaker);
 * 4. the character the paragraph's narration is about (`Anne looked up. "…"`);
 * 5. turn-taking in a conversation: the one just addressed answers ("Oh, Anne, …" is not Anne's),
 *    and untagged lines alternate between the two who talk;
 * 6. what is left goes to the previous speaker's partner in the scene.
 */
import type { Cast, Character, Mention } from '../names';
import { PERSON_NOUNS } from './lexicon';
import type { QuotationScan, QuotePart } from './quotations';
import { firstActor, mentionsIn, tagAfter, tagBefore, tokenize, type Referent } from './tags';

export type AttributionMethod =
  'tag' | 'pronoun' | 'utterance' | 'paragraph' | 'action' | 'vocative' | 'turn' | 'scene' | 'none';

export interface AttributedPart extends QuotePart {
  speaker?: Character;
  method: AttributionMethod;
  /** The character the words are spoken to, when they name them ("Oh, Anne, …"). */
  addressee?: Character;
}

export interface AttributionOptions {
  /** The named "I" of a first-person book: the speaker of lines tagged "I said". */
  narrator?: Character;
}

/** How far back a pronoun or a description looks for the character it stands for. */
const RECENT_CHARS = 2500;
/** How many paragraphs a conversation may skip between turns (a line of narration between two lines). */
const CONVERSATION_GAP = 1;

interface Context {
  text: string;
  scan: QuotationScan;
  parts: AttributedPart[];
  /** Cast mentions in narration (outside quotations), in text order. */
  narration: Mention[];
  narrator?: Character;
  /** For each description head ("jew", "gentleman"), how often it was resolved to each character unambiguously. */
  descriptions: Map<string, Map<Character, number>>;
  /** Characters by title ("doctor" → Dr. Livesey) for descriptions that name a rank. */
  byTitle: Map<string, Character[]>;
}

export function attributeQuotations(
  text: string,
  scan: QuotationScan,
  cast: Cast,
  options: AttributionOptions = {},
): AttributedPart[] {
  const parts: AttributedPart[] = scan.parts.map((p) => ({ ...p, method: 'none' }));
  const context: Context = {
    text,
    scan,
    parts,
    narration: outsideQuotations(cast.mentions, parts),
    narrator: options.narrator,
    descriptions: new Map(),
    byTitle: titleIndex(cast.characters),
  };
  findAddressees(context, cast.mentions);
  const tags = parts.map((part, index) => explicitTag(context, index));
  // Names first: their speakers anchor the pronouns and turns that follow.
  tags.forEach((tag, index) => {
    if (tag?.kind === 'name') assign(parts[index]!, tag.character, 'tag');
  });
  // Descriptions twice: the first pass learns which character each description stands for.
  for (const learning of [true, false]) {
    tags.forEach((tag, index) => {
      const part = parts[index]!;
      if (!tag || tag.kind === 'name' || (part.speaker && part.method !== 'pronoun')) return;
      const speaker = resolve(context, tag, index, learning);
      if (speaker && !learning) assign(part, speaker, 'pronoun', true);
    });
  }
  shareUtterances(context);
  attributeByAction(context);
  shareUtterances(context);
  attributeByTurns(context);
  attributeByScene(context);
  return parts;
}

function assign(part: AttributedPart, speaker: Character, method: AttributionMethod, overwrite = false) {
  if (part.speaker && !overwrite) return;
  part.speaker = speaker;
  part.method = method;
}

function outsideQuotations(mentions: readonly Mention[], parts: readonly QuotePart[]): Mention[] {
  const outside: Mention[] = [];
  let q = 0;
  for (const mention of mentions) {
    while (q < parts.length && parts[q]!.end <= mention.start) q++;
    const part = parts[q];
    if (!part || mention.end <= part.start) outside.push(mention);
  }
  return outside;
}

function titleIndex(characters: readonly Character[]): Map<string, Character[]> {
  const index = new Map<string, Character[]>();
  for (const c of characters) {
    const title = { dr: 'doctor', capt: 'captain', prof: 'professor', sgt: 'sergeant' }[c.title] ?? c.title;
    if (title && !['mr', 'mrs', 'miss', 'ms', 'sir', 'lady', 'mister'].includes(title))
      index.set(title, [...(index.get(title) ?? []), c]);
  }
  return index;
}

/** The narration between a part and its neighbours in the paragraph. */
function windows(context: Context, index: number): { before: [number, number]; after: [number, number] } {
  const { parts, scan } = context;
  const part = parts[index]!;
  const paragraph = scan.paragraphs[part.paragraph]!;
  const previous = parts[index - 1];
  const next = parts[index + 1];
  const beforeStart = previous && previous.paragraph === part.paragraph ? previous.end : paragraph.start;
  const afterEnd = next && next.paragraph === part.paragraph ? next.start : paragraph.end;
  return { before: [beforeStart, part.start], after: [part.end, afterEnd] };
}

function explicitTag(context: Context, index: number): Referent | undefined {
  const { text, narration } = context;
  const { before, after } = windows(context, index);
  const afterTokens = tokenize(text, after[0], Math.min(after[1], after[0] + 200), narration);
  const tag = tagAfter(afterTokens);
  if (tag) return tag;
  const beforeTokens = tokenize(text, Math.max(before[0], before[1] - 300), before[1], narration);
  return tagBefore(beforeTokens);
}

/** Vocatives inside each part ("Oh, Anne, …", "…, Mr. Bennet?"): whom the line is spoken to. */
function findAddressees(context: Context, mentions: readonly Mention[]) {
  const { text } = context;
  for (const part of context.parts) {
    for (const mention of mentionsIn(mentions, part.start, part.end)) {
      const before = text.slice(Math.max(part.start, mention.start - 12), mention.start);
      const after = text.slice(mention.end, mention.end + 2);
      const opens =
        /(?:^|[,!?]\s*|\b(?:[Oo]h?|[Dd]ear|[Mm]y dear|[Yy]es|[Nn]o|[Ww]ell),?\s+)(?:(?:Mr|Mrs|Miss|Ms|Dr)\.?\s+)?$/.test(
          before.replace(/^["“‘']/, ''),
        );
      const atStart =
        mention.start - part.start <= 1 + (before.match(/(?:Mr|Mrs|Miss|Ms|Dr)\.?\s+$/)?.[0].length ?? 0);
      if ((opens || atStart) && /^[,!?.;—]|^["”’]/.test(after)) {
        part.addressee = mention.character;
        break;
      }
    }
  }
}

/** The character a pronoun or description tag stands for. */
function resolve(context: Context, ref: Referent, index: number, learning: boolean): Character | undefined {
  if (ref.kind === 'name') return ref.character;
  const part = context.parts[index]!;
  if (ref.kind === 'pronoun') {
    if (ref.pronoun === 'i') return context.narrator;
    if (ref.pronoun !== 'he' && ref.pronoun !== 'she') return undefined;
    return nearest(context, index, ref.pronoun === 'he' ? 'male' : 'female', part.addressee);
  }
  if (ref.head === 'other' || ref.head === 'latter') return partner(context, index);
  const ranked = context.byTitle.get(ref.head);
  if (ranked?.length === 1) return ranked[0];
  const gender = PERSON_NOUNS.get(ref.head) ?? 'unknown';
  const candidates = recentCharacters(context, index).filter(
    (c) => c !== part.addressee && (gender === 'unknown' || c.gender === gender || c.gender === 'unknown'),
  );
  if (learning) {
    const fitting = candidates.filter((c) => gender !== 'unknown' && c.gender === gender);
    if (fitting.length === 1) {
      const counts = context.descriptions.get(ref.head) ?? new Map<Character, number>();
      counts.set(fitting[0]!, (counts.get(fitting[0]!) ?? 0) + 1);
      context.descriptions.set(ref.head, counts);
    }
    return undefined;
  }
  const learned = context.descriptions.get(ref.head);
  if (learned) {
    const best = [...learned.entries()]
      .filter(([c]) => candidates.includes(c))
      .sort((a, b) => b[1] - a[1])[0];
    if (best && best[1] >= 2) return best[0];
  }
  return gender === 'unknown' ? undefined : nearest(context, index, gender, part.addressee);
}

/**
 * Characters named or heard most recently before a part, latest first: narration mentions and the
 * speakers of earlier lines, within a few paragraphs.
 */
function recentCharacters(context: Context, index: number): Character[] {
  const part = context.parts[index]!;
  const from = Math.max(0, part.start - RECENT_CHARS);
  const events: { at: number; character: Character }[] = mentionsIn(context.narration, from, part.start).map(
    (m) => ({ at: m.start, character: m.character }),
  );
  for (let i = index - 1; i >= 0 && context.parts[i]!.start >= from; i--) {
    const speaker = context.parts[i]!.speaker;
    if (speaker) events.push({ at: context.parts[i]!.start, character: speaker });
  }
  events.sort((a, b) => b.at - a.at);
  return [...new Set(events.map((e) => e.character))];
}

/** The most recent character of that sex, passing over the last speaker when a turn has changed. */
function nearest(
  context: Context,
  index: number,
  gender: 'male' | 'female',
  addressee: Character | undefined,
): Character | undefined {
  const part = context.parts[index]!;
  const recent = recentCharacters(context, index).filter((c) => c !== addressee);
  const fitting = recent.filter((c) => c.gender === gender);
  const maybe = recent.filter((c) => c.gender === 'unknown');
  const previous = previousTurn(context, index);
  const lastSpeaker = previous && previous.paragraph !== part.paragraph ? previous.speaker : undefined;
  const pick = (list: Character[]) => list.find((c) => c !== lastSpeaker) ?? list[0];
  return pick(fitting) ?? pick(maybe);
}

function previousTurn(context: Context, index: number): AttributedPart | undefined {
  const part = context.parts[index]!;
  for (let i = index - 1; i >= 0; i--) {
    const p = context.parts[i]!;
    if (p.utterance !== part.utterance && p.paragraph !== part.paragraph) return p;
  }
  return undefined;
}

/** "said the other": the recent speaker who did not say the last line. */
function partner(context: Context, index: number): Character | undefined {
  const previous = previousTurn(context, index);
  if (!previous?.speaker) return undefined;
  return recentCharacters(context, index).find((c) => c !== previous.speaker);
}

/** Every part of an utterance, and every untagged part of a paragraph, has the speaker of its tagged parts. */
function shareUtterances(context: Context) {
  const { parts, scan } = context;
  for (const members of scan.utterances) {
    const speaker = members.map((i) => parts[i]!).find((p) => p.speaker)?.speaker;
    if (speaker) for (const i of members) assign(parts[i]!, speaker, 'utterance');
  }
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.speaker) continue;
    let best: AttributedPart | undefined;
    for (let j = i - 1; j >= 0 && parts[j]!.paragraph === part.paragraph; j--)
      if (parts[j]!.speaker) {
        best = parts[j];
        break;
      }
    for (let j = i + 1; !best && j < parts.length && parts[j]!.paragraph === part.paragraph; j++)
      if (parts[j]!.speaker) best = parts[j];
    if (best?.speaker) assign(part, best.speaker, 'paragraph');
  }
}

/** `Anne looked up. "…"`: the character the paragraph's narration is about says its untagged lines. */
function attributeByAction(context: Context) {
  const { parts, scan, text, narration } = context;
  parts.forEach((part, index) => {
    if (part.speaker) return;
    const paragraph = scan.paragraphs[part.paragraph]!;
    const first = parts.findIndex((p) => p.paragraph === part.paragraph);
    let lastIndex = first;
    while (parts[lastIndex + 1]?.paragraph === part.paragraph) lastIndex++;
    const before = tokenize(text, paragraph.start, parts[first]!.start, narration);
    const after = tokenize(text, parts[lastIndex]!.end, paragraph.end, narration);
    for (const tokens of [before, after]) {
      const actor = firstActor(tokens);
      if (!actor) continue;
      const speaker = resolve(context, actor, index, false);
      if (speaker && speaker !== part.addressee) {
        assign(part, speaker, 'action');
        return;
      }
    }
  });
}

/** A conversation's paragraphs that hold lines, each with its speaker so far. */
interface Turn {
  paragraph: number;
  parts: AttributedPart[];
}

function conversations(context: Context): Turn[][] {
  const runs: Turn[][] = [];
  let run: Turn[] = [];
  for (const part of context.parts) {
    const last = run.at(-1);
    if (last && last.paragraph === part.paragraph) {
      last.parts.push(part);
      continue;
    }
    if (last && part.paragraph - last.paragraph > 1 + CONVERSATION_GAP) {
      runs.push(run);
      run = [];
    }
    run.push({ paragraph: part.paragraph, parts: [part] });
  }
  if (run.length) runs.push(run);
  return runs;
}

const speakerOf = (turn: Turn | undefined) => turn?.parts.find((p) => p.speaker)?.speaker;
const addresseeOf = (turn: Turn | undefined) => turn?.parts.find((p) => p.addressee)?.addressee;

/**
 * Turn-taking: the one a line is spoken to answers it, and in a run of untagged lines two speakers
 * alternate (A, B, A, B), read forwards and backwards until nothing changes.
 */
function attributeByTurns(context: Context) {
  for (const run of conversations(context)) {
    let changed = true;
    while (changed) {
      changed = false;
      run.forEach((turn, i) => {
        if (speakerOf(turn)) return;
        const previous = run[i - 1];
        const addressed = addresseeOf(previous);
        const ownAddressee = addresseeOf(turn);
        let speaker: Character | undefined;
        let method: AttributionMethod = 'turn';
        if (addressed && addressed !== speakerOf(previous) && addressed !== ownAddressee) {
          speaker = addressed;
          method = 'vocative';
        } else {
          const [a, b] = [speakerOf(run[i - 2]), speakerOf(previous)];
          const [c, d] = [speakerOf(run[i + 2]), speakerOf(run[i + 1])];
          if (a && b && a !== b && a !== ownAddressee) speaker = a;
          else if (c && d && c !== d && c !== ownAddressee) speaker = c;
        }
        if (!speaker) return;
        for (const part of turn.parts) assign(part, speaker, method);
        changed = true;
      });
    }
  }
}

/** What is left: the partner of the previous line's speaker in the scene, or the one it spoke to. */
function attributeByScene(context: Context) {
  context.parts.forEach((part, index) => {
    if (part.speaker) return;
    const previous = previousTurn(context, index);
    const close = previous && part.paragraph - previous.paragraph <= 1 + CONVERSATION_GAP;
    const speaker =
      close &&
      previous.addressee &&
      previous.addressee !== previous.speaker &&
      previous.addressee !== part.addressee
        ? previous.addressee
        : recentCharacters(context, index).find(
            (c) => c !== part.addressee && (!close || c !== previous?.speaker),
          );
    if (speaker) assign(part, speaker, 'scene');
  });
}

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
import { descriptionBook, learnDescription, resolveDescription, type DescriptionBook } from './descriptions';
import type { QuotationScan, QuotePart } from './quotations';
import {
  assign,
  nearest,
  previousTurn,
  recentCharacters,
  type AttributedPart,
  type AttributionMethod,
  type SceneContext,
} from './scene';
import { firstActor, mentionsIn, tagAfter, tagBefore, tokenize, type Referent } from './tags';

export type { AttributedPart, AttributionMethod } from './scene';

export interface AttributionOptions {
  /** The named "I" of a first-person book: the speaker of lines tagged "I said". */
  narrator?: Character;
}

export interface Attribution {
  parts: AttributedPart[];
  /** Characters the book knows only by a description that speaks ("The Surgeon"). */
  described: Character[];
}

/** How many paragraphs a conversation may skip between turns (a line of narration between two lines). */
const CONVERSATION_GAP = 1;

interface Context extends SceneContext {
  descriptions: DescriptionBook;
}

export function attributeQuotations(
  text: string,
  scan: QuotationScan,
  cast: Cast,
  options: AttributionOptions = {},
): Attribution {
  const parts: AttributedPart[] = scan.parts.map((p) => ({ ...p, method: 'none' }));
  const context: Context = {
    text,
    scan,
    parts,
    narration: outsideQuotations(cast.mentions, parts),
    narrator: options.narrator,
    descriptions: descriptionBook(cast.characters),
  };
  findAddressees(context, cast.mentions);
  const tags = parts.map((part, index) => explicitTag(context, index));
  // Names first: their speakers anchor the pronouns, descriptions and turns that follow.
  tags.forEach((tag, index) => {
    if (tag?.kind === 'name') assign(parts[index]!, tag.character, 'tag');
  });
  // Descriptions are learnt over the whole book before any is resolved.
  tags.forEach((tag, index) => {
    if (tag?.kind === 'description') learnDescription(context, context.descriptions, tag, index, neighbours(context, index));
  });
  tags.forEach((tag, index) => {
    const part = parts[index]!;
    if (!tag || tag.kind === 'name') return;
    const speaker = resolve(context, tag, index);
    if (speaker) assign(part, speaker, tag.kind === 'pronoun' ? 'pronoun' : 'description');
  });
  shareUtterances(context);
  attributeByAction(context);
  shareUtterances(context);
  attributeByTurns(context);
  attributeByAction(context, true);
  attributeByTurns(context);
  attributeByScene(context);
  for (const part of parts) if (part.speaker?.role && !cast.characters.includes(part.speaker)) part.speaker.mentions++;
  return { parts, described: [...context.descriptions.made.values()].filter((c) => c.mentions > 0) };
}

/** Who speaks in the paragraphs next to a part, by name, and whom the part speaks to: not the part's speaker. */
function neighbours(context: Context, index: number): Set<Character> {
  const part = context.parts[index]!;
  const others = new Set<Character>();
  if (part.addressee) others.add(part.addressee);
  for (const p of context.parts) {
    if (Math.abs(p.paragraph - part.paragraph) === 1 && p.method === 'tag' && p.speaker) others.add(p.speaker);
  }
  return others;
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
  if (beforeTokens.length > 0) return tagBefore(beforeTokens);
  // `Emma continued:` ending the paragraph before: the tag introduces the quotation that opens the next one.
  const tail = narrationTail(context, index);
  return tail ? tagBefore(tokenize(text, Math.max(tail[0], tail[1] - 300), tail[1], narration)) : undefined;
}

/**
 * The narration that ends the paragraph before a part's, when the part opens its paragraph (and is
 * no continuation of a quotation carried over).
 */
function narrationTail(context: Context, index: number): [number, number] | undefined {
  const { parts, scan } = context;
  const part = parts[index]!;
  const previous = parts[index - 1];
  if (part.paragraph === 0 || (previous && previous.utterance === part.utterance)) return undefined;
  if (previous && previous.paragraph === part.paragraph) return undefined;
  const paragraph = scan.paragraphs[part.paragraph - 1]!;
  const start = previous && previous.paragraph === part.paragraph - 1 ? previous.end : paragraph.start;
  return start < paragraph.end ? [start, paragraph.end] : undefined;
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
function resolve(context: Context, ref: Referent, index: number): Character | undefined {
  if (ref.kind === 'name') return ref.character;
  const part = context.parts[index]!;
  if (ref.kind === 'pronoun') {
    if (ref.pronoun === 'i') return context.narrator;
    if (ref.pronoun !== 'he' && ref.pronoun !== 'she') return undefined;
    return nearest(context, index, ref.pronoun === 'he' ? 'male' : 'female', part.addressee);
  }
  return resolveDescription(context, context.descriptions, ref, index, part.addressee);
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
function attributeByAction(context: Context, fromNarrationBefore = false) {
  const { parts, scan, text, narration } = context;
  parts.forEach((part, index) => {
    if (part.speaker) return;
    const paragraph = scan.paragraphs[part.paragraph]!;
    const first = parts.findIndex((p) => p.paragraph === part.paragraph);
    let lastIndex = first;
    while (parts[lastIndex + 1]?.paragraph === part.paragraph) lastIndex++;
    const before = tokenize(text, paragraph.start, parts[first]!.start, narration);
    const after = tokenize(text, parts[lastIndex]!.end, paragraph.end, narration);
    // A line that opens its paragraph after a paragraph of narration: that narration's last actor.
    const tail = fromNarrationBefore && before.length === 0 ? narrationTail(context, first) : undefined;
    const lastSentence = tail ? tokenize(text, lastSentenceStart(text, tail), tail[1], narration) : [];
    for (const tokens of fromNarrationBefore ? [lastSentence] : [before, after]) {
      const actor = firstActor(tokens);
      if (!actor) continue;
      const speaker = resolve(context, actor, index);
      if (speaker && speaker !== part.addressee) {
        assign(part, speaker, 'action');
        return;
      }
    }
  });
}

/** Where the last sentence of a stretch of narration begins. */
function lastSentenceStart(text: string, [from, to]: [number, number]): number {
  const body = text.slice(from, to).trimEnd();
  const ends = [...body.matchAll(/[.!?]["'”’)]*\s+(?=\S)/g)];
  const last = ends.at(-1);
  return last ? from + last.index + last[0].length : from;
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

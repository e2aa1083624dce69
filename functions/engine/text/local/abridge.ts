/**
 * What a script of a set length keeps of a chapter: whole sentences and passages that carry the
 * story, chosen to fit the time and kept in the book's order; every passage left out is recorded.
 * A passage is a run of sentences a quotation holds together, so a line is never cut from its reply.
 */
import type { OmittedPassage } from '../types';
import { countWords, sentenceSpans } from '../sentences';
import { STRONG_ACTION_VERBS } from './lexicon';
import type { Mention } from './names';
import type { ScriptItem } from './passage';
import { scoreSentences } from './summarize';
import { lowerWords } from '../strings';

export interface SceneText {
  start: number;
  end: number;
  items: ScriptItem[];
}

export interface Abridgement {
  /** Per scene, the items kept, in order. */
  kept: ScriptItem[][];
  /** Per scene, the passages left out, in order. */
  omitted: OmittedPassage[][];
}

interface Block {
  start: number;
  end: number;
  items: ScriptItem[];
  words: number;
  score: number;
  order: number;
}

const OPENING_WORDS = 10;

/** Items of each scene that fit `budgetWords` spoken words in all; everything when it all fits. */
export function abridge(
  text: string,
  scenes: readonly SceneText[],
  budgetWords: number,
  context: { mentions: readonly Mention[]; take: number },
): Abridgement {
  const words = scenes.map((s) => s.items.reduce((sum, item) => sum + countWords(item.text), 0));
  const total = words.reduce((a, b) => a + b, 0);
  if (total <= budgetWords) return { kept: scenes.map((s) => [...s.items]), omitted: scenes.map(() => []) };
  const blocks = scenes.map((scene) => blocksOf(text, scene));
  scoreBlocks(blocks.flat(), context.mentions);
  const budgets = shareBudget(budgetWords, words);
  const kept: ScriptItem[][] = [];
  const omitted: OmittedPassage[][] = [];
  blocks.forEach((sceneBlocks, i) => {
    const chosen = chooseBlocks(sceneBlocks, budgets[i]!, context.take);
    kept.push(sceneBlocks.filter((b) => chosen.has(b)).flatMap((b) => b.items));
    omitted.push(leftOut(text, sceneBlocks, chosen));
  });
  return { kept, omitted };
}

/** Sentences of a scene, joined where a quotation runs over a sentence end, with their items. */
function blocksOf(text: string, scene: SceneText): Block[] {
  const spans = sentenceSpans(text.slice(scene.start, scene.end)).map((s) => ({
    start: s.start + scene.start,
    end: s.end + scene.start,
  }));
  const blocks: Block[] = [];
  for (const span of spans) {
    const last = blocks.at(-1);
    // An item that began in the previous sentence and runs into this one holds them together.
    const joined =
      last &&
      scene.items.some(
        (item) => item.start < span.start && item.end > span.start && item.start >= last.start,
      );
    if (joined) last.end = span.end;
    else blocks.push({ ...span, items: [], words: 0, score: 0, order: blocks.length });
  }
  let b = 0;
  for (const item of scene.items) {
    while (b < blocks.length - 1 && item.start >= blocks[b + 1]!.start) b++;
    blocks[b]?.items.push(item);
  }
  const withItems = blocks.filter((block) => block.items.length > 0);
  withItems.forEach((block, order) => {
    block.order = order;
    block.words = block.items.reduce((sum, item) => sum + countWords(item.text), 0);
  });
  return withItems;
}

/**
 * How much a passage carries the story: how central its words are to the chapter, the characters
 * it names, what they do (strong action verbs) and whether someone speaks; a scene's opening
 * passage sets it and counts extra.
 */
function scoreBlocks(blocks: Block[], mentions: readonly Mention[]) {
  const texts = blocks.map((b) => b.items.map((item) => item.text).join(' '));
  const central = scoreSentences(texts);
  const top = Math.max(...central, 1e-9);
  let m = 0;
  blocks.forEach((block, i) => {
    while (m < mentions.length && mentions[m]!.start < block.start) m++;
    const named = new Set<unknown>();
    for (let k = m; k < mentions.length && mentions[k]!.start < block.end; k++)
      named.add(mentions[k]!.character);
    const actions = lowerWords(texts[i]!).filter((w) => STRONG_ACTION_VERBS.has(w)).length;
    const speaks = block.items.some((item) => item.kind === 'dialogue') ? 0.5 : 0;
    block.score =
      (2 * central[i]!) / top +
      0.6 * Math.min(named.size, 3) +
      0.3 * Math.min(actions, 3) +
      speaks +
      (block.order === 0 ? 1 : 0);
  });
}

/** Whole words per scene in proportion to what each has, summing to the budget. */
function shareBudget(budget: number, words: readonly number[]): number[] {
  const total = words.reduce((a, b) => a + b, 0) || 1;
  return words.map((w) => Math.floor((w / total) * budget));
}

/** The densest passages first (another take starts further down the list) while they fit. */
function chooseBlocks(blocks: readonly Block[], budget: number, take: number): Set<Block> {
  const ranked = [...blocks].sort(
    (a, b) => b.score / Math.sqrt(b.words || 1) - a.score / Math.sqrt(a.words || 1) || a.order - b.order,
  );
  const shift = ranked.length ? (take * Math.max(1, Math.ceil(ranked.length / 4))) % ranked.length : 0;
  const order = [...ranked.slice(shift), ...ranked.slice(0, shift)];
  const chosen = new Set<Block>();
  let used = 0;
  for (const block of order) {
    if (used + block.words > budget && chosen.size > 0) continue;
    chosen.add(block);
    used += block.words;
  }
  return chosen;
}

function leftOut(text: string, blocks: readonly Block[], chosen: ReadonlySet<Block>): OmittedPassage[] {
  const passages: OmittedPassage[] = [];
  let run: Block[] = [];
  const close = () => {
    if (run.length === 0) return;
    const start = run[0]!.start;
    const end = run.at(-1)!.end;
    const words = text.slice(start, end).split(/\s+/).filter(Boolean);
    passages.push({
      source_start: start,
      source_end: end,
      words: run.reduce((sum, b) => sum + b.words, 0),
      opening: words.length > OPENING_WORDS ? `${words.slice(0, OPENING_WORDS).join(' ')}…` : words.join(' '),
    });
    run = [];
  };
  for (const block of blocks) {
    if (chosen.has(block)) close();
    else run.push(block);
  }
  close();
  return passages;
}

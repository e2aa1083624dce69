/**
 * Fountain (https://fountain.io) export of a structured script, shared by the local and the cloud
 * text engines. Text from the book is escaped so it can never be read as Fountain markup.
 */
import type { DialogueLine, OmittedPassage, ScriptScene, ScriptStyle } from './types';

export type SceneElement =
  | { kind: 'action'; text: string }
  | { kind: 'dialogue'; line: DialogueLine }
  | { kind: 'narration'; text: string };

export interface FountainScene extends ScriptScene {
  /** Action, dialogue and narration in story order; when absent they are interleaved evenly. */
  elements?: SceneElement[];
}

export interface FountainScript {
  title: string;
  /** The book the script adapts. */
  source?: string;
  logline?: string;
  style: ScriptStyle;
  scenes: FountainScene[];
}

export const NARRATOR_CUE = 'NARRATOR (V.O.)';

export function toFountain(script: FountainScript): string {
  const out: string[] = [];
  out.push(`Title: ${singleLine(script.title)}`);
  out.push('Credit: Adapted for the screen by');
  out.push('Author: BookStudio');
  if (script.source) out.push(`Source: Based on "${singleLine(script.source)}"`);
  if (script.logline) out.push(`Notes: ${singleLine(script.logline)}`);
  out.push('', 'FADE IN:', '');
  script.scenes.forEach((scene, index) => {
    out.push(`${sceneHeading(scene)} #${scene.scene_number}#`, '');
    for (const element of scene.elements ?? interleave(scene)) out.push(...renderElement(element), '');
    for (const gap of scene.omitted ?? []) out.push(omissionNote(gap), '');
    const next = script.scenes[index + 1];
    if (next) out.push(next.time_of_day !== scene.time_of_day ? 'DISSOLVE TO:' : 'CUT TO:', '');
  });
  out.push('> FADE OUT.', '');
  return out.join('\n');
}

/** "EXT. HARBOUR, PORT KESSEL - NIGHT" */
export function sceneHeading(scene: Pick<ScriptScene, 'setting_type' | 'location' | 'time_of_day'>): string {
  const location =
    singleLine(scene.location)
      .replace(/\s+-\s+/g, ', ')
      .toUpperCase() || 'UNSPECIFIED LOCATION';
  return `${scene.setting_type}. ${location} - ${scene.time_of_day.toUpperCase()}`;
}

/** The paragraphs of a scene's narration (separated by blank lines). */
export function narrationParagraphs(narration: string): string[] {
  return narration
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A scene's elements in story order: its action lines set the scene, then narration and dialogue
 * as the book tells them (each line placed by `after_narration`). A script without that order (an
 * edited or older one) has its narration first, then dialogue with the action lines spread between.
 */
/** What of a scene says what is said in it, in which order. */
export type SceneLines = Pick<ScriptScene, 'narration' | 'dialogue' | 'action'>;

export function interleave(scene: SceneLines): SceneElement[] {
  const positioned = scene.dialogue.some((line) => line.after_narration !== undefined);
  if (positioned || (scene.dialogue.length === 0 && narrationParagraphs(scene.narration).length > 1))
    return storyOrder(scene);
  const elements: SceneElement[] = [];
  if (scene.narration.trim()) elements.push({ kind: 'narration', text: scene.narration });
  const actions = scene.action.filter((a) => a.trim());
  const lines = scene.dialogue;
  let a = 0;
  lines.forEach((line, i) => {
    const due = Math.ceil(((i + 1) * actions.length) / (lines.length + 1));
    while (a < due) elements.push({ kind: 'action', text: actions[a++]! });
    elements.push({ kind: 'dialogue', line });
  });
  while (a < actions.length) elements.push({ kind: 'action', text: actions[a++]! });
  return elements;
}

function storyOrder(scene: SceneLines): SceneElement[] {
  const elements: SceneElement[] = scene.action
    .filter((a) => a.trim())
    .map((text) => ({ kind: 'action' as const, text }));
  const paragraphs = narrationParagraphs(scene.narration);
  const at = (line: DialogueLine) =>
    Math.min(paragraphs.length, Math.max(0, Math.floor(line.after_narration ?? paragraphs.length)));
  const lines = scene.dialogue
    .map((line, index) => ({ line, index }))
    .sort((a, b) => at(a.line) - at(b.line) || a.index - b.index);
  let next = 0;
  paragraphs.forEach((text, i) => {
    while (next < lines.length && at(lines[next]!.line) <= i)
      elements.push({ kind: 'dialogue', line: lines[next++]!.line });
    elements.push({ kind: 'narration', text });
  });
  while (next < lines.length) elements.push({ kind: 'dialogue', line: lines[next++]!.line });
  return elements;
}

/** What is said in a scene, in story order: narration paragraphs and lines of dialogue, with who says each. */
export type SpokenLine =
  | { kind: 'narration'; text: string }
  | { kind: 'dialogue'; text: string; character: string; parenthetical?: string };

export function spokenLines(scene: SceneLines): SpokenLine[] {
  return interleave(scene).flatMap((element): SpokenLine[] => {
    if (element.kind === 'narration')
      return narrationParagraphs(element.text).map((text) => ({ kind: 'narration', text }));
    if (element.kind === 'dialogue')
      return [
        {
          kind: 'dialogue',
          text: element.line.line,
          character: element.line.character,
          ...(element.line.parenthetical ? { parenthetical: element.line.parenthetical } : {}),
        },
      ];
    return [];
  });
}

function renderElement(element: SceneElement): string[] {
  switch (element.kind) {
    case 'action':
      return [actionLine(element.text)];
    case 'narration':
      return [NARRATOR_CUE, dialogueText(element.text)];
    case 'dialogue': {
      // A line that opens with "(softly)" carries its own parenthetical.
      const leading = /^\s*\(([^()]{1,40})\)\s*/.exec(element.line.line);
      const text = leading ? element.line.line.slice(leading[0].length) : element.line.line;
      const parenthetical = (element.line.parenthetical ?? leading?.[1])?.replace(/[()]/g, '').trim();
      const lines = [characterCue(element.line.character)];
      if (parenthetical) lines.push(`(${singleLine(parenthetical)})`);
      lines.push(dialogueText(text));
      return lines;
    }
  }
}

/** A note (not part of the film) of a passage the script leaves out. */
function omissionNote(gap: OmittedPassage): string {
  const opening = escapeInline(singleLine(gap.opening)).replace(/\]\]/g, '] ]');
  return `[[Left out (${gap.words} words): ${opening}]]`;
}

/** Character cues are upper case; names in scripts without letter case are forced with "@". */
export function characterCue(name: string): string {
  const cue = singleLine(name).replace(/[()^]/g, '').toUpperCase();
  return /\p{Lu}/u.test(cue) && !/\p{Ll}/u.test(cue) ? cue : `@${cue || 'UNKNOWN'}`;
}

const MARKUP_START = /^(?:[!@#=~>.]|\[\[|(?:INT|EXT|EST|INT\.?\/EXT|I\/E)[. ])/i;

/** Action text that would read as another element (a heading, a cue, a transition) is forced to action. */
function actionLine(text: string): string {
  const line = escapeInline(singleLine(text));
  const looksLikeCue = line === line.toUpperCase() && /\p{Lu}/u.test(line);
  const looksLikeTransition = /TO:$/.test(line);
  return MARKUP_START.test(line) || looksLikeCue || looksLikeTransition ? `!${line}` : line;
}

function dialogueText(text: string): string {
  // A dialogue line starting with "(" would read as a parenthetical.
  return escapeInline(singleLine(text)).replace(/^\(/, '').trim() || '…';
}

/** Emphasis markers (and so boneyard comments) and note brackets in book text are literal characters. */
function escapeInline(text: string): string {
  return text.replace(/[\\*_]/g, (c) => `\\${c}`).replace(/\[\[/g, '[ [');
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

import type { BookReads } from '../books/read-port';
import type { GenerateScriptInput, SceneEdit } from '../contracts/script-requests';
import {
  scriptMessages,
  type SceneDescription,
  type Script,
  type ScriptScene as SceneView,
} from '../contracts/scripts';
import { sceneHeading, toFountain } from '../engine/text/fountain';
import type { ScriptScene } from '../engine/text/types';
import { type Engine } from '../engine/types';
import { NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { isoNow, type Clock, type Table } from '../lib/ports';
import type { PlotReads } from '../plots/read-port';
import type { ScriptRecord } from './model';
import { createScriptRepository } from './repository';

export interface ScriptsDeps {
  table: Table;
  clock: Clock;
  books: BookReads;
  plots: PlotReads;
  engine: () => Engine;
  uuid: () => string;
}

/** The generation request after validation (scene count resolved, story type read). */
export type ScriptRequest = GenerateScriptInput;

function sceneView({ source_start: _s, source_end: _e, ...scene }: ScriptScene): SceneView {
  return { ...scene, description: scene.visual_description };
}

function describeScene({
  heading: _h,
  action: _a,
  dialogue: _d,
  narration: _n,
  omitted: _o,
  ...scene
}: SceneView) {
  return scene satisfies SceneDescription;
}

/** The whole script as Fountain text, made from its scenes (so edits are always in it). */
export const fountainOf = (script: ScriptRecord) =>
  toFountain({
    title: script.script_name,
    source: script.book_title,
    logline: script.logline,
    style: script.script_style,
    scenes: script.scenes,
  });

export function scriptView(script: ScriptRecord): Script {
  const scenes = script.scenes.map(sceneView);
  return {
    id: script.id,
    script_id: script.id,
    chapter_id: script.chapter_id,
    book_id: script.book_id,
    script_name: script.script_name,
    script_style: script.script_style,
    script_story_type: script.script_story_type,
    scriptStoryType: script.script_story_type,
    status: script.status,
    script: fountainOf(script),
    logline: script.logline,
    scene_descriptions: scenes.map(describeScene),
    scenes,
    characters: script.characters,
    character_details: script.character_details,
    acts: script.acts,
    beats: script.beats,
    target_duration: script.target_duration,
    scene_count: script.scene_count,
    focus_areas: script.focus_areas,
    include_character_profiles: script.include_character_profiles,
    estimated_duration: script.estimated_duration,
    ...(script.narrator ? { narrator: script.narrator } : {}),
    created_at: script.created_at,
    updated_at: script.updated_at,
  };
}

/** Names in order of first appearance: those already listed first, then new ones. */
export function castOf(previous: string[], scenes: ScriptScene[]): string[] {
  const present = new Set(scenes.flatMap((s) => s.characters));
  const names = previous.filter((name) => present.has(name));
  for (const scene of scenes)
    for (const name of scene.characters) if (!names.includes(name)) names.push(name);
  return names;
}

export function applySceneEdit(scene: ScriptScene, edit: SceneEdit): ScriptScene {
  const { scene_number: _n, dialogue, ...fields } = edit;
  const next: ScriptScene = { ...scene };
  for (const [field, value] of Object.entries(fields))
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  if (dialogue) {
    next.dialogue = dialogue.map((line) => ({
      scene_number: scene.scene_number,
      character: line.character,
      line: line.line,
      ...(line.parenthetical ? { parenthetical: line.parenthetical } : {}),
    }));
    // Whoever speaks is in the scene (unless the edit names the scene's characters itself).
    if (!fields.characters)
      for (const line of next.dialogue)
        if (!next.characters.includes(line.character)) next.characters = [...next.characters, line.character];
  }
  next.heading = sceneHeading(next);
  return next;
}

/** What every use case is given: the deps, and what is made once from them. */
export function scriptsContext(deps: ScriptsDeps) {
  const repo = createScriptRepository(deps.table);
  return { ...deps, repo };
}
export type ScriptsContext = ReturnType<typeof scriptsContext>;

export const now = (deps: ScriptsContext) => isoNow(deps.clock);

export const notFound = () => new NotFoundError(scriptMessages.scriptNotFound, 'script_not_found');

export async function ownScript(
  deps: ScriptsContext,
  scriptId: string,
  userId: string,
): Promise<ScriptRecord> {
  const script = isUuid(scriptId) ? await deps.repo.getScript(scriptId) : null;
  const book = script ? await deps.books.bookOf(script.book_id) : null;
  if (!script || !book || book.owner_id !== userId) throw notFound();
  return script;
}

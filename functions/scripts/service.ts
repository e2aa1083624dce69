import type { BooksService } from '../books/service';
import { CHAPTER_NOT_FOUND } from '../books/service';
import type {
  GenerateScriptInput,
  RegenerateSceneInput,
  SceneEdit,
  UpdateScriptInput,
} from '../contracts/script-requests';
import {
  DEFAULT_SCRIPT_NAME,
  DEFAULT_STORY_TYPE,
  scriptMessages,
  type SceneDescription,
  type Script,
  type ScriptScene as SceneView,
} from '../contracts/scripts';
import { sceneHeading, toFountain } from '../engine/text/fountain';
import type { ScriptScene } from '../engine/text/types';
import { EngineError, type Engine } from '../engine/types';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { isoNow, type Clock, type Table } from '../lib/ports';
import type { PlotsService } from '../plots/service';
import { profileOf } from '../plots/service';
import type { ScriptRecord } from './model';
import { renderScriptPdf } from './pdf';
import { createScriptRepository } from './repository';

export interface ScriptsDeps {
  table: Table;
  clock: Clock;
  books: BooksService;
  plots: PlotsService;
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
function castOf(previous: string[], scenes: ScriptScene[]): string[] {
  const present = new Set(scenes.flatMap((s) => s.characters));
  const names = previous.filter((name) => present.has(name));
  for (const scene of scenes)
    for (const name of scene.characters) if (!names.includes(name)) names.push(name);
  return names;
}

function applySceneEdit(scene: ScriptScene, edit: SceneEdit): ScriptScene {
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

/**
 * Scripts of a chapter. Generation runs in the request: the local screenplay engine takes about a
 * second for a 9 000-word chapter, and the answer the spec names is the script itself. Every route
 * checks that the caller owns the book (404 otherwise).
 */
export function createScriptsService(deps: ScriptsDeps) {
  const repo = createScriptRepository(deps.table);
  const now = () => isoNow(deps.clock);
  const notFound = () => new NotFoundError(scriptMessages.scriptNotFound, 'script_not_found');

  async function ownedChapter(chapterId: string, userId: string) {
    const context = await deps.books.chapterContext(chapterId);
    if (!context || context.book.owner_id !== userId)
      throw new NotFoundError(CHAPTER_NOT_FOUND, 'chapter_not_found');
    return context;
  }

  async function ownScript(scriptId: string, userId: string): Promise<ScriptRecord> {
    const script = isUuid(scriptId) ? await repo.getScript(scriptId) : null;
    const book = script ? await deps.books.repository.get(script.book_id) : null;
    if (!script || !book || book.owner_id !== userId) throw notFound();
    return script;
  }

  return {
    repository: repo,
    ownScript,

    /** Writes a chapter's script from its text, with the plot's characters when there is a plot. */
    async generate(userId: string, request: ScriptRequest): Promise<Script> {
      const { book, chapter } = await ownedChapter(request.chapter_id, userId);
      if (book.status !== 'READY' || book.review_pending)
        throw new ConflictError(scriptMessages.bookNotReady, 'book_not_ready');
      const [plot, characters, text, existing] = await Promise.all([
        deps.plots.repository.getPlotOfBook(book.id),
        deps.plots.repository.listCharacters(book.id),
        deps.books.chapterText(chapter),
        repo.listForChapter(book.id, chapter.id),
      ]);
      const storyType =
        request.scriptStoryType ?? request.script_story_type ?? plot?.script_story_type ?? DEFAULT_STORY_TYPE;
      let screenplay;
      try {
        screenplay = await deps.engine().text.screenplay({
          bookTitle: book.title,
          chapter: { title: chapter.title, content: text },
          characters: characters.map(profileOf),
          options: {
            style: request.script_style,
            sceneCount: request.scene_count,
            targetDuration: request.target_duration,
            focusAreas: request.focus_areas,
            storyType,
            includeCharacterProfiles: request.include_character_profiles,
          },
        });
      } catch (error) {
        // The engine's words are the user's to read ("The chapter is empty…").
        if (error instanceof EngineError && !error.retryable)
          throw new BadRequestError(error.message, error.code);
        throw error;
      }
      const at = now();
      const named = request.script_name || chapter.title || DEFAULT_SCRIPT_NAME;
      const record: ScriptRecord = {
        id: deps.uuid(),
        book_id: book.id,
        chapter_id: chapter.id,
        owner_id: book.owner_id,
        book_title: book.title,
        script_name:
          request.script_name || existing.length === 0 ? named : `${named} (${existing.length + 1})`,
        script_style: screenplay.style,
        script_story_type: screenplay.story_type,
        status: 'ready',
        logline: screenplay.logline,
        acts: screenplay.acts,
        beats: screenplay.beats,
        scenes: screenplay.scenes,
        characters: screenplay.characters,
        character_details: screenplay.character_details,
        target_duration: request.target_duration,
        scene_count: request.scene_count,
        focus_areas: request.focus_areas,
        include_character_profiles: request.include_character_profiles,
        estimated_duration: screenplay.estimated_duration,
        ...(screenplay.narrator ? { narrator: screenplay.narrator } : {}),
        created_at: at,
        updated_at: at,
      };
      await repo.putScript(record);
      return scriptView(record);
    },

    async listForChapter(userId: string, chapterId: string): Promise<Script[]> {
      const { book, chapter } = await ownedChapter(chapterId, userId);
      return (await repo.listForChapter(book.id, chapter.id)).map(scriptView);
    },

    async get(userId: string, scriptId: string): Promise<Script> {
      return scriptView(await ownScript(scriptId, userId));
    },

    /**
     * Renames, moves between draft, ready and approved (either way), and edits scenes and their
     * dialogue. All of it is checked before anything is written; a script changed meanwhile by
     * another request is a 409, never a lost edit.
     */
    async update(userId: string, scriptId: string, patch: UpdateScriptInput) {
      const script = await ownScript(scriptId, userId);
      let scenes = script.scenes;
      for (const edit of patch.scenes ?? []) {
        const index = scenes.findIndex((s) => s.scene_number === edit.scene_number);
        if (index < 0)
          throw new BadRequestError(scriptMessages.sceneMissing(edit.scene_number), 'scene_not_found');
        scenes = scenes.map((scene, i) => (i === index ? applySceneEdit(scene, edit) : scene));
      }
      const updated: ScriptRecord = {
        ...script,
        ...(patch.script_name ? { script_name: patch.script_name } : {}),
        ...(patch.status ? { status: patch.status } : {}),
        scenes,
        characters: castOf(script.characters, scenes),
        estimated_duration: scenes.reduce((sum, s) => sum + s.estimated_duration, 0),
        updated_at: now(),
      };
      if (!(await repo.putScript(updated, script.updated_at)))
        throw new ConflictError(
          'The script was changed meanwhile. Reload it and try again.',
          'script_changed',
        );
      return scriptView(updated);
    },

    /**
     * Redoes one scene (its action, narration and dialogue) as another take from the same passage,
     * with the script's options or the focus given; every other scene stays as it is, edits included.
     */
    async regenerateScene(
      userId: string,
      scriptId: string,
      sceneNumber: number,
      request: RegenerateSceneInput,
    ): Promise<Script> {
      const script = await ownScript(scriptId, userId);
      const index = script.scenes.findIndex((s) => s.scene_number === sceneNumber);
      if (index < 0) throw new BadRequestError(scriptMessages.sceneMissing(sceneNumber), 'scene_not_found');
      const { book, chapter } = await ownedChapter(script.chapter_id, userId);
      const [characters, text] = await Promise.all([
        deps.plots.repository.listCharacters(book.id),
        deps.books.chapterText(chapter),
      ]);
      const take = (script.scene_takes?.[String(sceneNumber)] ?? 0) + 1;
      const screenplay = await deps.engine().text.screenplay({
        bookTitle: book.title,
        chapter: { title: chapter.title, content: text },
        characters: characters.map(profileOf),
        options: {
          style: script.script_style,
          sceneCount: script.scenes.length,
          targetDuration: script.target_duration,
          focusAreas: request.focus_areas ?? script.focus_areas,
          storyType: script.script_story_type,
          includeCharacterProfiles: false,
          take,
        },
      });
      const redone = screenplay.scenes.find((s) => s.scene_number === sceneNumber);
      if (!redone) throw new BadRequestError(scriptMessages.sceneMissing(sceneNumber), 'scene_not_found');
      const scenes = script.scenes.map((scene, i) => (i === index ? redone : scene));
      const updated: ScriptRecord = {
        ...script,
        scenes,
        characters: castOf(script.characters, scenes),
        estimated_duration: scenes.reduce((sum, s) => sum + s.estimated_duration, 0),
        scene_takes: { ...script.scene_takes, [String(sceneNumber)]: take },
        updated_at: now(),
      };
      if (!(await repo.putScript(updated, script.updated_at)))
        throw new ConflictError(
          'The script was changed meanwhile. Reload it and try again.',
          'script_changed',
        );
      return scriptView(updated);
    },

    async delete(userId: string, scriptId: string): Promise<void> {
      await repo.deleteScript(await ownScript(scriptId, userId));
    },

    /** The script as a Fountain file or a screenplay-formatted PDF, with a file name. */
    async export(userId: string, scriptId: string, format: 'fountain' | 'pdf') {
      const script = await ownScript(scriptId, userId);
      const base =
        script.script_name
          .normalize('NFKD')
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-')
          .toLowerCase() || 'script';
      if (format === 'fountain')
        return {
          body: Buffer.from(fountainOf(script), 'utf8'),
          contentType: 'text/plain; charset=utf-8',
          filename: `${base}.fountain`,
        };
      return { body: await renderScriptPdf(script), contentType: 'application/pdf', filename: `${base}.pdf` };
    },
  };
}

export type ScriptsService = ReturnType<typeof createScriptsService>;

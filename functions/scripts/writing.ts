import type { RegenerateSceneInput } from '../contracts/script-requests';
import { DEFAULT_SCRIPT_NAME, DEFAULT_STORY_TYPE, scriptMessages, type Script } from '../contracts/scripts';
import { EngineError } from '../engine/types';
import { BadRequestError, ConflictError } from '../lib/errors';
import { profileOf } from '../plots/service';
import type { ScriptRecord } from './model';
import { type ScriptRequest, scriptView, type ScriptsContext, now, ownScript, castOf } from './common';

/** The caller's chapter, if a script can be written of it now (its book processed). */
export async function checkGeneration(deps: ScriptsContext, userId: string, request: ScriptRequest) {
  const { book, chapter } = await deps.books.ownedChapter(userId, request.chapter_id);
  if (book.status !== 'READY' || book.review_pending)
    throw new ConflictError(scriptMessages.bookNotReady, 'book_not_ready');
  return { book, chapter };
}

/** Writes a chapter's script from its text, with the plot's characters when there is a plot. */
export async function generate(
  deps: ScriptsContext,
  userId: string,
  request: ScriptRequest,
): Promise<Script> {
  const { book, chapter } = await checkGeneration(deps, userId, request);
  const [plot, characters, text, existing] = await Promise.all([
    deps.plots.plotOf(book.id),
    deps.plots.castOf(book.id),
    deps.books.chapterText(chapter),
    deps.repo.listForChapter(book.id, chapter.id),
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
  const at = now(deps);
  const named = request.script_name || chapter.title || DEFAULT_SCRIPT_NAME;
  const record: ScriptRecord = {
    id: deps.uuid(),
    book_id: book.id,
    chapter_id: chapter.id,
    owner_id: book.owner_id,
    book_title: book.title,
    script_name: request.script_name || existing.length === 0 ? named : `${named} (${existing.length + 1})`,
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
  await deps.repo.putScript(record);
  return scriptView(record);
}

/** The caller's script, if it has the scene to redo. */
export async function checkRegeneration(
  deps: ScriptsContext,
  userId: string,
  scriptId: string,
  sceneNumber: number,
): Promise<ScriptRecord> {
  const script = await ownScript(deps, scriptId, userId);
  if (!script.scenes.some((s) => s.scene_number === sceneNumber))
    throw new BadRequestError(scriptMessages.sceneMissing(sceneNumber), 'scene_not_found');
  return script;
}

/**
 * Redoes one scene (its action, narration and dialogue) as another take from the same passage,
 * with the script's options or the focus given; every other scene stays as it is, edits included.
 */
export async function regenerateScene(
  deps: ScriptsContext,
  userId: string,
  scriptId: string,
  sceneNumber: number,
  request: RegenerateSceneInput,
): Promise<Script> {
  const script = await checkRegeneration(deps, userId, scriptId, sceneNumber);
  const index = script.scenes.findIndex((s) => s.scene_number === sceneNumber);
  const { book, chapter } = await deps.books.ownedChapter(userId, script.chapter_id);
  const [characters, text] = await Promise.all([deps.plots.castOf(book.id), deps.books.chapterText(chapter)]);
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
    updated_at: now(deps),
  };
  if (!(await deps.repo.putScript(updated, script.updated_at)))
    throw new ConflictError('The script was changed meanwhile. Reload it and try again.', 'script_changed');
  return scriptView(updated);
}

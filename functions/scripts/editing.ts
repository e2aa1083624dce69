import type { UpdateScriptInput } from '../contracts/script-requests';
import { scriptMessages } from '../contracts/scripts';
import { BadRequestError, ConflictError } from '../lib/errors';
import type { ScriptRecord } from './model';
import { scriptView, type ScriptsContext, now, ownScript, castOf, applySceneEdit } from './common';

/**
 * Renames, moves between draft, ready and approved (either way), and edits scenes and their
 * dialogue. All of it is checked before anything is written; a script changed meanwhile by
 * another request is a 409, never a lost edit.
 */
export async function updateScript(
  deps: ScriptsContext,
  userId: string,
  scriptId: string,
  patch: UpdateScriptInput,
) {
  const script = await ownScript(deps, scriptId, userId);
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
    updated_at: now(deps),
  };
  if (!(await deps.repo.putScript(updated, script.updated_at)))
    throw new ConflictError('The script was changed meanwhile. Reload it and try again.', 'script_changed');
  return scriptView(updated);
}

export async function deleteScript(deps: ScriptsContext, userId: string, scriptId: string): Promise<void> {
  await deps.repo.deleteScript(await ownScript(deps, scriptId, userId));
}

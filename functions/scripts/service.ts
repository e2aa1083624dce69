import { bindContext } from '../lib/bind';
import { scriptOf, scriptsFor } from './reads';
import { ownScript, scriptsContext } from './common';
import { checkGeneration, checkRegeneration, generate, regenerateScene } from './writing';
import { listForChapter, getScript, exportScript } from './reading';
import { updateScript, deleteScript } from './editing';
import type { ScriptsDeps } from './common';

export type { ScriptsDeps } from './common';

/**
 * Scripts of a chapter. Writing a script or another take of a scene is a job's work (see
 * writing-jobs.ts): the routes check the request and start the job. Every route checks that the
 * caller owns the book (404 otherwise).
 */
export function createScriptsService(input: ScriptsDeps) {
  const deps = scriptsContext(input);
  return {
    ...bindContext(deps, {
      scriptOf,
      scriptsFor,
      ownScript,
      checkGeneration,
      generate,
      listForChapter,
      get: getScript,
      update: updateScript,
      checkRegeneration,
      regenerateScene,
      delete: deleteScript,
      export: exportScript,
    }),
    repository: deps.repo,
  };
}

export type ScriptsService = ReturnType<typeof createScriptsService>;

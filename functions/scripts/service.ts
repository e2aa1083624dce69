import { bindContext } from '../lib/bind';
import { scriptOf, scriptsFor } from './reads';
import { ownScript, scriptsContext } from './common';
import { generate, regenerateScene } from './writing';
import { listForChapter, getScript, exportScript } from './reading';
import { updateScript, deleteScript } from './editing';
import type { ScriptsDeps } from './common';

export type { ScriptsDeps } from './common';

/**
 * Scripts of a chapter. Generation runs in the request: the local screenplay engine takes about a
 * second for a 9 000-word chapter, and the answer the spec names is the script itself. Every route
 * checks that the caller owns the book (404 otherwise).
 */
export function createScriptsService(input: ScriptsDeps) {
  const deps = scriptsContext(input);
  return {
    ...bindContext(deps, {
      scriptOf,
      scriptsFor,
      ownScript,
      generate,
      listForChapter,
      get: getScript,
      update: updateScript,
      regenerateScene,
      delete: deleteScript,
      export: exportScript,
    }),
    repository: deps.repo,
  };
}

export type ScriptsService = ReturnType<typeof createScriptsService>;

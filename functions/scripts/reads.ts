import type { ScriptsContext } from './common';

/**
 * The scripts domain's read port: what other domains may know of scripts. They never read the
 * scripts' records themselves; a caller's script is checked by `ownScript`.
 */

/** One script by id, or null: for jobs that name a script their owner was checked for. */
export const scriptOf = (deps: ScriptsContext, scriptId: string) => deps.repo.getScript(scriptId);

/** A chapter's scripts, newest first as stored. */
export const scriptsFor = (deps: ScriptsContext, bookId: string, chapterId: string) =>
  deps.repo.listForChapter(bookId, chapterId);

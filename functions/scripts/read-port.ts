import type { ScriptsService } from './service';

/** What other domains are given of the scripts domain. */
export type ScriptReads = Pick<ScriptsService, 'ownScript' | 'scriptOf' | 'scriptsFor'>;

import { books } from '../books/instance';
import { getEngine } from '../engine';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { plots } from '../plots/instance';
import { createScriptsService, type ScriptsService } from './service';
import { createScriptJobs, type ScriptJobs } from './writing-jobs';

let service: ScriptsService | undefined;
let jobsService: ScriptJobs | undefined;

/** The scripts service on the production adapters (created on first use, kept while warm). */
export const scripts = (): ScriptsService =>
  (service ??= createScriptsService({
    ...getAdapters(),
    books: books(),
    plots: plots(),
    engine: getEngine,
    uuid,
  }));

/** Writing scripts and scenes as jobs (no request waits on the text model). */
export const scriptJobs = (): ScriptJobs =>
  (jobsService ??= createScriptJobs({ jobs: getJobs(), scripts: scripts() }));

import { books } from '../books/instance';
import { getEngine } from '../engine';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { plots } from '../plots/instance';
import { createScriptsService, type ScriptsService } from './service';

let service: ScriptsService | undefined;

/** The scripts service on the production adapters (created on first use, kept while warm). */
export const scripts = (): ScriptsService =>
  (service ??= createScriptsService({
    ...getAdapters(),
    books: books(),
    plots: plots(),
    engine: getEngine,
    uuid,
  }));

import { bindContext } from '../lib/bind';
import { castOf, characterOf, plotOf } from './reads';
import { startGeneration, generationStatus, overviewOf, generatePlot } from './overview';
import { ownedPlot } from './common';
import { ownCharacter, plotsContext } from './common';
import {
  createCharacter,
  updateCharacter,
  deleteCharacter,
  bulkDelete,
  queuePortrait,
  portraitStatus,
  recordPortrait,
} from './characters';
import type { PlotsDeps } from './common';

export { profileOf, voiceForName } from './common';
export type { PlotsDeps } from './common';

/**
 * Plot overviews and characters: the overview is planned by a job (one per book at a time); the
 * user then curates the cast, and each character's portrait is drawn by a job of its own. Every
 * route checks that the caller owns the book: anything else is a 404, as for books.
 */
export function createPlotsService(input: PlotsDeps) {
  const deps = plotsContext(input);
  return {
    ...bindContext(deps, {
      castOf,
      characterOf,
      plotOf,
      ownedPlot,
      ownCharacter,
      startGeneration,
      generationStatus,
      overview: overviewOf,
      generate: generatePlot,
      createCharacter,
      updateCharacter,
      deleteCharacter,
      bulkDelete,
      queuePortrait,
      portraitStatus,
      recordPortrait,
    }),
    repository: deps.repo,
  };
}

export type PlotsService = ReturnType<typeof createPlotsService>;

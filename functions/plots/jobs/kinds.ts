import { plotMessages } from '../../contracts/plots';
import type { JobKind } from '../../jobs';
import type { PlotGenerationOptions, PortraitOptions } from '../model';
import { plotGeneration, type plotGenerationInput } from './generation.workflow';
import { characterImage, type characterImageInput } from './portrait.workflow';

/** One plot generation per book at a time: a second request answers the running one. */
export const PLOT_LOCK = 'plot';
export const portraitLock = (characterId: string) => `portrait#${characterId}`;

export const plotGenerationJob: JobKind<typeof plotGenerationInput, PlotGenerationOptions> = {
  kind: 'plot-generation',
  workflow: plotGeneration,
  executionPrefix: 'plot',
  input: (job) => ({ job_id: job.id }),
  failureMessage: (_job, failure) =>
    failure.timedOut ? plotMessages.generateTimedOut : plotMessages.generateFailed,
};

export const characterImageJob: JobKind<typeof characterImageInput, PortraitOptions> = {
  kind: 'character-image',
  workflow: characterImage,
  executionPrefix: 'portrait',
  input: (job) => ({ job_id: job.id }),
  // The engine's own words are safe to show ("The extra image description is too long…").
  failureMessage: (_job, failure) =>
    failure.timedOut
      ? plotMessages.imageTimedOut
      : failure.name === 'EngineError' && failure.message
        ? failure.message
        : plotMessages.imageFailed,
};

import { getEngine } from '../../engine';
import { withTempDir } from '../../engine/media/temp';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { plots } from '../instance';
import type { PlotStageDeps } from './plot.stages';

/** The plots domain's stages on the production adapters: the one place their dependencies are made. */
export function plotStageDeps(): PlotStageDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    media: getAdapters().storage.media,
    plots: plots(),
    tempDir: withTempDir,
  };
}

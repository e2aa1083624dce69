import { probe } from '../../engine/media/ffmpeg';
import { withTempDir } from '../../engine/media/temp';
import { mergeMedia } from '../../engine/video/local/merge';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { merge } from '../instance';
import type { MergeStageDeps } from './merge.stages';

/**
 * The merge and preview stages on the production adapters: the one place their dependencies are
 * made. FFmpeg's probe and merge only, not the whole engine (see merge.stages.ts).
 */
export function mergeStageDeps(): MergeStageDeps {
  return {
    jobs: getJobs(),
    storage: getAdapters().storage,
    media: { probe, mergeMedia },
    queue: merge(),
    tempDir: withTempDir,
  };
}

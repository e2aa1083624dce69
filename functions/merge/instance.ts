import { probe } from '../engine/media/ffmpeg';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { subscriptions } from '../subscriptions/instance';
import { createMergeService, type MergeService } from './service';

let service: MergeService | undefined;

/** The Merge studio's service on the production adapters (created on first use, kept while warm). */
export const merge = (): MergeService =>
  (service ??= createMergeService({
    table: getAdapters().table,
    clock: getAdapters().clock,
    jobs: getJobs(),
    uploads: getAdapters().storage.uploads,
    media: getAdapters().storage.media,
    probe: (source, demuxer) => probe(source, { format: demuxer, timeoutMs: 20_000 }),
    planOf: (userId) => subscriptions().tierOf(userId),
  }));

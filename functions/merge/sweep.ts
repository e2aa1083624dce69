import { z } from 'zod';
import { defineWorker } from '../lib/worker';
import { merge } from './instance';

/**
 * The 24-hour expiry of the Merge studio's uploads, results and previews. On AWS the buckets'
 * lifecycle rules delete the objects and the API answers by the records' expiry times; the local
 * runtime (whose S3 has no lifecycle rules) runs this sweep when it starts and every hour, which
 * deletes the objects and the upload records and marks results expired.
 */
export const handler = defineWorker('mergeExpiry.Sweep', z.object({}), async () => ({
  removed: await merge().sweep(),
}));

import type { Tier } from '../../functions/contracts/subscriptions';
import { createJobs } from '../../functions/jobs';
import { mergeKeys, type UploadRecord } from '../../functions/merge/model';
import { createMergeService } from '../../functions/merge/service';
import type { memoryAdapters } from './memory';

type Adapters = ReturnType<typeof memoryAdapters>;

/** The merge service on in-memory adapters, for a user on `tier`, with no FFmpeg probe. */
export function mergeServiceOn(adapters: Adapters, tier: Tier = 'basic') {
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const service = createMergeService({
    table: adapters.table,
    clock: adapters.clock,
    jobs,
    uploads: adapters.storage.uploads,
    media: adapters.storage.media,
    probe: () => Promise.reject(new Error('no probing in these tests')),
    planOf: async () => tier,
    uuid: adapters.uuid,
  });
  return { ...adapters, jobs, service };
}

/**
 * A finished upload of a 720p H.264/AAC clip (its size and length may be given), stored as the upload
 * route leaves it; answers its key and the URL a merge request names it by.
 */
export async function seedCompletedUpload(
  a: Pick<Adapters, 'table' | 'clock' | 'storage'>,
  owner: string,
  id: string,
  media: Partial<Pick<UploadRecord, 'duration' | 'width' | 'height'>> = {},
) {
  const record: UploadRecord = {
    upload_id: id,
    owner_id: owner,
    key: `merge/uploads/${owner}/${id}/source`,
    multipart_id: null,
    file_name: 'clip.mp4',
    file_type: 'video',
    content_type: 'video/mp4',
    size_bytes: 1000,
    part_size: 1000,
    part_count: 1,
    status: 'completed',
    duration: 4,
    width: 1280,
    height: 720,
    ...media,
    fps: 30,
    video_codec: 'h264',
    audio_codec: 'aac',
    audio_sample_rate: 48000,
    audio_channels: 2,
    pixel_format: 'yuv420p',
    created_at: a.clock.now().toISOString(),
    expires_at: new Date(a.clock.now().getTime() + 24 * 3600_000).toISOString(),
  };
  await a.table.put({ ...mergeKeys.upload(owner, id), ...record });
  await a.storage.uploads.put(record.key, 'bytes', 'video/mp4');
  return { url: `/api/v1/merge/uploads/${id}`, key: record.key };
}

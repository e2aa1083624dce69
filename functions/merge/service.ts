import { bindContext } from '../lib/bind';
import { pump, startMerge, mergeStatus, listMerges, retryMerge, startPreview, previewStatus } from './queue';
import {
  startUpload,
  signUploadParts,
  completeUpload,
  abortUpload,
  listUploadsOf,
  uploadStatus,
  uploadSmall,
} from './uploads';
import { libraryOf, downloadMerge } from './library';
import { scheduleExpiry, sweepExpired } from './expiry';
import { expiresAt, mergeContext } from './common';
import type { MergeDeps } from './common';

export type { MergeDeps } from './common';

export function createMergeService(input: MergeDeps) {
  const deps = mergeContext(input);
  return {
    ...bindContext(deps, {
      pump,
      startUpload,
      signParts: signUploadParts,
      completeUpload,
      abortUpload,
      uploads: listUploadsOf,
      upload: uploadStatus,
      uploadSmall,
      library: libraryOf,
      start: startMerge,
      status: mergeStatus,
      list: listMerges,
      retry: retryMerge,
      download: downloadMerge,
      preview: startPreview,
      previewStatus,
      scheduleExpiry,
      expiresAt,
      sweep: sweepExpired,
    }),
  };
}

export type MergeService = ReturnType<typeof createMergeService>;

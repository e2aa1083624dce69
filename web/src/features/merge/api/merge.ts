import type {
  MergeDownload,
  MergeList,
  MergeStarted,
  MergeStatus,
  MergeUpload,
  MergeUploadParts,
  MergeUploadSession,
  PreviewStatus,
} from '@contracts/merge';
import { mergeStatus, previewStatus } from '@contracts/merge';
import type {
  CompleteUploadRequest,
  MergeRequest,
  PreviewRequest,
  StartUploadRequest,
} from '@contracts/merge-requests';
import useSWR from 'swr';
import { api } from '@/lib/api';

/** The Merge studio's routes (functions/contracts/merge.ts). */
export const mergeKeys = {
  jobs: '/merge/jobs',
  status: (id: string) => `/merge/status/${id}`,
  previewStatus: (id: string) => `/merge/preview/status/${id}`,
};

export const startUpload = (body: StartUploadRequest) => api.post<MergeUploadSession>('/merge/uploads', body);

export const signParts = (uploadId: string, partNumbers: number[]) =>
  api.post<MergeUploadParts>(
    `/merge/uploads/${uploadId}/parts`,
    { part_numbers: partNumbers },
    { quiet: true },
  );

export const completeUpload = (uploadId: string, body: CompleteUploadRequest) =>
  api.post<MergeUpload>(`/merge/uploads/${uploadId}/complete`, body, { quiet: true });

export const abortUpload = (uploadId: string) =>
  api.delete<void>(`/merge/uploads/${uploadId}`, { quiet: true });

export const startMerge = (body: MergeRequest) => api.post<MergeStarted>('/merge/manual', body);

/** Parsed with its schema: the studio follows the merge by these fields. */
export const getMergeStatus = (id: string) =>
  api.get<MergeStatus>(mergeKeys.status(id), { quiet: true, schema: mergeStatus });

export const retryMerge = (id: string) => api.post<MergeStarted>(`/merge/retry/${id}`, {});

export const getMergeDownload = (id: string) => api.get<MergeDownload>(`/merge/${id}/download`);

export const startPreview = (body: PreviewRequest) => api.post<PreviewStatus>('/merge/preview', body);

export const getPreviewStatus = (id: string) =>
  api.get<PreviewStatus>(mergeKeys.previewStatus(id), { quiet: true, schema: previewStatus });

/** The user's merges, newest first; a failure (or a server without the route) reads as none. */
export const useMergeJobs = () =>
  useSWR<MergeStatus[]>(mergeKeys.jobs, async (path: string) => {
    try {
      return (await api.get<MergeList>(path, { quiet: true }))?.merges ?? [];
    } catch {
      return [];
    }
  });

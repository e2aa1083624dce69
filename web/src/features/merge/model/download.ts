import { MERGE_LIMITS, mergeMessages } from '@contracts/merge';

/**
 * What a failed download of a merge result says (spec 3 §8): 404 'Merge result not found…', 403
 * 'Access denied...', 500 'Server error…', anything else the server's own words; and the 2 GB limit
 * (§5), checked before the download is asked for when the size is known. Pure.
 */
export function downloadErrorText(status: number, message: string): string {
  if (status === 404) return mergeMessages.resultNotFound;
  if (status === 403) return mergeMessages.accessDenied;
  if (status === 500) return mergeMessages.serverError;
  return message || mergeMessages.serverError;
}

export const tooLargeToDownload = (bytes: number | null | undefined) =>
  typeof bytes === 'number' && bytes > MERGE_LIMITS.maxDownloadBytes;

import type { MergeLibrary } from '@contracts/merge';
import useSWR from 'swr';
import { api } from '@/lib/api';
import { libraryVideoOf, type OfferedVideo } from '../model/files';

/**
 * The user's finished generated videos (chapter films and learning videos, newest first) as merge
 * inputs, from GET /merge/library. A failure reads as none: the page still merges uploads.
 */
async function generatedVideos(): Promise<OfferedVideo[]> {
  const library = await api.get<MergeLibrary>('/merge/library', { quiet: true }).catch(() => null);
  return (library?.videos ?? []).map(libraryVideoOf);
}

export const useGeneratedVideos = () => useSWR('/merge/library', generatedVideos);

import type { VoiceInfo } from '@contracts/audio';
import {
  creation,
  creatorCapabilities,
  type Creation,
  type CreatorCapabilities,
  type CreatorVideoRequest,
} from '@contracts/creator';
import useSWR from 'swr';
import { api } from '@/lib/api';
import type { JobSchedule } from '@/lib/use-job-status';

/** Creator Mode's generations: started with the prompt, followed until they end. */
export const capabilitiesKey = '/creator/capabilities';
export const creationsKey = '/creator/creations';
export const creationPath = (id: string) => `${creationsKey}/${id}`;

export const generateScript = (prompt: string) =>
  api.post<Creation>('/creator/scripts', { prompt }, { schema: creation });
export const generateBook = (prompt: string) =>
  api.post<Creation>('/creator/books', { prompt }, { schema: creation });
export const generateVideo = (request: CreatorVideoRequest) =>
  api.post<Creation>('/creator/videos', request, { schema: creation });
export const checkCreation = (path: string) => api.get<Creation>(path, { quiet: true, schema: creation });

/** What the server's generate actions can do (a book needs a text model), asked once. */
export const useCreatorCapabilities = (enabled: boolean) =>
  useSWR<CreatorCapabilities>(enabled ? capabilitiesKey : null, (path: string) =>
    api.get<CreatorCapabilities>(path, { schema: creatorCapabilities }),
  );

/** The narrators a short film can be told by (the catalogue does not change while the app runs). */
export const useNarrators = (enabled: boolean) =>
  useSWR<VoiceInfo[]>(
    enabled ? '/audio/voices' : null,
    (path: string) => api.get<VoiceInfo[]>(path, { quiet: true }),
    { revalidateIfStale: false },
  );

/** The author's creations, newest first: each box shows its kind's latest after a reload. */
export const useCreations = (enabled: boolean) =>
  useSWR<Creation[]>(enabled ? creationsKey : null, (path: string) => api.get<Creation[]>(path));

/**
 * A script is written in seconds, a book or a short film in minutes: checked every 2 s, given up
 * after an hour (a film waits its turn behind the author's other films).
 */
export const CREATION_SCHEDULE: JobSchedule<Pick<Creation, 'status'>> = {
  delay: (answer) => (answer && answer.status !== 'processing' ? null : 2000),
  maxChecks: 1800,
  retries: 5,
  backoff: (failures) => 2000 * failures,
  fatal: (error) => {
    const status = (error as { status?: unknown } | null)?.status;
    return status === 404 || status === 403;
  },
};

/** The script as a Fountain file, downloaded by the browser. */
export function downloadFountain(title: string, fountain: string) {
  const url = URL.createObjectURL(new Blob([fountain], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'script'}.fountain`;
  link.click();
  URL.revokeObjectURL(url);
}

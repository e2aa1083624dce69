import type {
  BulkDeleteResult,
  Character,
  CharacterImageQueued,
  CharacterImageStatus,
  PlotGenerationJob,
  PlotOverview,
} from '@contracts/plots';
import { characterImageStatus, plotGenerationJob } from '@contracts/plots';
import type { CreateCharacterRequest, UpdateCharacterRequest } from '@contracts/plot-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

/** Cache keys of the plot and character routes. */
export const plotKeys = {
  overview: (bookId: string) => `/plots/books/${bookId}/overview`,
  status: (bookId: string) => `/plots/books/${bookId}/status`,
};

/** A 404 (or a 'Not found' answer) means "nothing yet", not an error (the spec's plot lookup rule). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || /not found/i.test(error.message));

/** Answers null for "nothing yet" so the screens can tell it from a failure. */
const orNull =
  <T>() =>
  async (path: string): Promise<T | null> => {
    try {
      return await api.get<T>(path, { quiet: true });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

export const usePlotOverview = (bookId: string) =>
  useSWR<PlotOverview | null>(plotKeys.overview(bookId), orNull<PlotOverview>());

/** Checked every 2 s while a plot generation runs (the status route's contract). */
export const PLOT_STATUS_POLL_MS = 2000;

/** The latest plot generation of the book (null before the first), polled while it runs. */
export const usePlotStatus = (bookId: string) =>
  useSWR<PlotGenerationJob | null>(plotKeys.status(bookId), orNull<PlotGenerationJob>(), {
    refreshInterval: (job) => (job?.status === 'processing' ? PLOT_STATUS_POLL_MS : 0),
  });

export const refreshPlot = (bookId: string) =>
  Promise.all([mutate(plotKeys.overview(bookId)), mutate(plotKeys.status(bookId))]);

export const startPlotGeneration = (bookId: string) =>
  api.post<PlotGenerationJob>(`/plots/books/${bookId}/generate`, {});

export const getPlotStatus = (bookId: string) =>
  api.get<PlotGenerationJob>(plotKeys.status(bookId), { quiet: true, schema: plotGenerationJob });

export const createCharacter = (plotId: string, body: CreateCharacterRequest) =>
  api.post<Character>(`/characters/plot/${plotId}`, body);

export const updateCharacter = (id: string, body: UpdateCharacterRequest) =>
  api.put<Character>(`/characters/${id}`, body);

export const deleteCharacter = (id: string) => api.delete<{ id: string; deleted: true }>(`/characters/${id}`);

export const bulkDeleteCharacters = (ids: string[]) =>
  api.post<BulkDeleteResult>('/characters/bulk-delete', { ids });

export const queueCharacterImage = (character: Pick<Character, 'id' | 'physical_description'>) =>
  api.post<CharacterImageQueued>(`/characters/${character.id}/generate-image`, {
    ...(character.physical_description ? { prompt: character.physical_description } : {}),
  });

export const getCharacterImageStatus = (id: string) =>
  api.get<CharacterImageStatus>(`/characters/${id}/image-status`, {
    quiet: true,
    schema: characterImageStatus,
  });

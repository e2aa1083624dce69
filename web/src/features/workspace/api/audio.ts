import type {
  AudioExportStarted,
  AudioFile,
  AudioGenerationStarted,
  AudioJobStatus,
  AudioKind,
  VoiceInfo,
} from '@contracts/audio';
import { audioJobStatus as audioJobStatusSchema } from '@contracts/audio';
import type { AudioExportRequest, AudioGenerationRequest } from '@contracts/audio-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';
import { mediaKeys } from './chapter-media';

const quietFetcher = <T>(path: string) => api.get<T>(path, { quiet: true });

export const chapterAudioKey = (chapterId: string, scriptId: string | null) =>
  scriptId
    ? `${mediaKeys.audio(chapterId)}?script_id=${encodeURIComponent(scriptId)}`
    : mediaKeys.audio(chapterId);

export const useAudioOfChapter = (chapterId: string, scriptId: string | null) =>
  useSWR<AudioFile[]>(chapterAudioKey(chapterId, scriptId), quietFetcher);

export const reloadChapterAudio = (chapterId: string) =>
  mutate((key) => typeof key === 'string' && key.startsWith(mediaKeys.audio(chapterId)));

/** The voice catalogue does not change while the app runs. */
export const useVoiceCatalogue = () =>
  useSWR<VoiceInfo[]>('/audio/voices', quietFetcher, { revalidateIfStale: false });

export const startAudio = (chapterId: string, kind: AudioKind, scene: number, body: AudioGenerationRequest) =>
  api.post<AudioGenerationStarted>(`/chapters/${chapterId}/audio/${kind}/${scene}`, body);

export const audioJobStatus = (chapterId: string, jobId: string) =>
  api.get<AudioJobStatus>(`/chapters/${chapterId}/audio/status/${jobId}`, {
    quiet: true,
    schema: audioJobStatusSchema,
  });

export const deleteAudioFile = (chapterId: string, fileId: string) =>
  api.delete<unknown>(`/chapters/${chapterId}/audio/${fileId}`);

export const exportAudio = (chapterId: string, body: AudioExportRequest) =>
  api.post<AudioExportStarted>(`/chapters/${chapterId}/audio/export`, body);

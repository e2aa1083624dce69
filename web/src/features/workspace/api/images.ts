import type {
  ChapterImage,
  ChapterImageDeleted,
  ChapterImages,
  ChapterImageStatus,
  CharacterImageQueued,
  SceneImageQueued,
} from '@contracts/images';
import { chapterImageStatus as chapterImageStatusSchema } from '@contracts/images';
import type { CharacterImageRequest, SceneImageRequest } from '@contracts/images-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';
import { mediaKeys } from './chapter-media';

/** The chapter's images (of the selected script when there is one), with the plot's portraits. */
export const chapterImagesKey = (chapterId: string, scriptId: string | null) =>
  scriptId
    ? `${mediaKeys.images(chapterId)}?script_id=${encodeURIComponent(scriptId)}`
    : mediaKeys.images(chapterId);

export const useImagesOfChapter = (chapterId: string, scriptId: string | null) =>
  useSWR<ChapterImage[]>(chapterImagesKey(chapterId, scriptId), async (path: string) => {
    const answer = await api.get<ChapterImages>(path, { quiet: true });
    return answer.images;
  });

/** Every cached list of the chapter's images (each script's, and the stage's). */
export const reloadChapterImages = (chapterId: string) =>
  mutate((key) => typeof key === 'string' && key.startsWith(mediaKeys.images(chapterId)));

export const startSceneImage = (chapterId: string, scene: number, body: SceneImageRequest) =>
  api.post<SceneImageQueued>(`/chapters/${chapterId}/images/scenes/${scene}`, body);

export const startCharacterImage = (chapterId: string, body: CharacterImageRequest) =>
  api.post<CharacterImageQueued>(`/chapters/${chapterId}/images/characters`, body);

export const chapterImageStatus = (chapterId: string, jobId: string) =>
  api.get<ChapterImageStatus>(`/chapters/${chapterId}/images/status/${jobId}`, {
    quiet: true,
    schema: chapterImageStatusSchema,
  });

export const deleteChapterImage = (chapterId: string, image: Pick<ChapterImage, 'id' | 'image_type'>) =>
  api.delete<ChapterImageDeleted>(
    `/chapters/${chapterId}/images/${image.image_type === 'scene' ? 'scenes' : 'characters'}/${image.id}`,
  );

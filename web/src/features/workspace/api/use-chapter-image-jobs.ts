import type { ChapterImage } from '@contracts/images';
import { imageMessages } from '@contracts/images';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useJobList } from '@/lib/use-job-status';
import { CHAPTER_IMAGE_SCHEDULE } from '../model/images';
import { chapterImageStatus, reloadChapterImages } from './images';

/** What a drawing is of, for its messages. */
export type ImageSubject = { kind: 'scene'; scene: number } | { kind: 'character'; name: string };

const failedText = (s: ImageSubject) =>
  s.kind === 'scene' ? imageMessages.failedScene(s.scene) : imageMessages.failedCharacter(s.name);
const timeoutText = (s: ImageSubject) =>
  imageMessages.timedOut(s.kind === 'scene' ? `Scene ${s.scene}` : s.name);

export const subjectOf = (image: ChapterImage): ImageSubject =>
  image.image_type === 'scene'
    ? { kind: 'scene', scene: image.metadata.scene_number ?? 0 }
    : { kind: 'character', name: image.character_name ?? '' };

/**
 * Chapter images being drawn: each job's status is checked every 3 s, for at most 5 minutes, by
 * `useJobList`; the list is reloaded when one ends, and a failure or a timeout is said in the
 * product's words. Drawings already under way when the tab opens are followed too (`follow`). The
 * page renders `watchers`.
 */
export function useChapterImageJobs(chapterId: string) {
  const check = useCallback((jobId: string) => chapterImageStatus(chapterId, jobId), [chapterId]);
  const jobs = useJobList(check, CHAPTER_IMAGE_SCHEDULE);
  const add = jobs.follow;
  const follow = useCallback(
    (jobId: string, subject: ImageSubject) =>
      add(jobId, {
        onEnd: (status) => {
          if (status.status === 'failed') toast.error(status.error || failedText(subject));
          void reloadChapterImages(chapterId);
        },
        onTimeout: () => void toast.error(timeoutText(subject)),
        onLost: () => void toast.error(timeoutText(subject)),
      }),
    [add, chapterId],
  );

  return { follow, following: jobs.following, watchers: jobs.watchers, failedText };
}

import type { ChapterImage } from '@contracts/images';
import { imageMessages } from '@contracts/images';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { nextChapterImagePoll } from '../model/images';
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
 * Chapter images being drawn: each job's status is checked every 3 s, for at most 5 minutes; the
 * list is reloaded when one ends, and a failure or a timeout is said in the product's words.
 * Drawings already under way when the tab opens are followed too (`follow`).
 */
export function useChapterImageJobs(chapterId: string) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [following, setFollowing] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);

  const stop = useCallback((jobId: string) => {
    timers.current.delete(jobId);
    setFollowing((current) => {
      const next = new Set(current);
      next.delete(jobId);
      return next;
    });
  }, []);

  const follow = useCallback(
    (jobId: string, subject: ImageSubject) => {
      if (timers.current.has(jobId)) return;
      setFollowing((current) => new Set(current).add(jobId));
      let polls = 0;
      const poll = async () => {
        polls += 1;
        try {
          const status = await chapterImageStatus(chapterId, jobId);
          if (!timers.current.has(jobId)) return;
          if (status.status !== 'generating') {
            stop(jobId);
            if (status.status === 'failed') toast.error(status.error || failedText(subject));
            await reloadChapterImages(chapterId);
            return;
          }
        } catch {
          // A passing failure: the next check may answer.
          if (!timers.current.has(jobId)) return;
        }
        const next = nextChapterImagePoll(polls);
        if (next.action === 'timeout') {
          stop(jobId);
          toast.error(timeoutText(subject));
          return;
        }
        timers.current.set(jobId, setTimeout(poll, next.delayMs));
      };
      const first = nextChapterImagePoll(0);
      if (first.action === 'wait') timers.current.set(jobId, setTimeout(poll, first.delayMs));
    },
    [chapterId, stop],
  );

  return { follow, following, failedText };
}

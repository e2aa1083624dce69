import type { Character } from '@contracts/plots';
import { useCallback, useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useJobList } from '@/lib/use-job-status';
import { CHARACTER_IMAGE_SCHEDULE, characterImageMessages, nextCharacterImagePoll } from '../model/polling';
import { getCharacterImageStatus, queueCharacterImage } from './plots';

/**
 * Character portraits being drawn: queues one, then follows its status with `useJobList` once a
 * second up to 120 times (a loading toast on every 10th check) and says how it ended. Several
 * characters can be drawn at once; leaving the workspace stops the checks. The page renders
 * `watchers`.
 */
export function useCharacterImages(onCompleted: () => void) {
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  });
  const jobs = useJobList(getCharacterImageStatus, CHARACTER_IMAGE_SCHEDULE);
  const { follow: add, following: drawing } = jobs;

  const follow = useCallback(
    (character: Pick<Character, 'id' | 'name'>) => {
      let checks = 0;
      const toastId = `portrait-${character.id}`;
      add(character.id, {
        onAnswer: () => {
          checks += 1;
          const next = nextCharacterImagePoll(checks);
          if (next.action === 'wait' && next.toast)
            toast.loading(characterImageMessages.generating(character.name, checks), { id: toastId });
        },
        onEnd: (status) => {
          toast.dismiss(toastId);
          if (status.status === 'completed') {
            toast.success(characterImageMessages.completed);
            completed.current();
          } else toast.error(status.error || characterImageMessages.failed);
        },
        onTimeout: () => {
          toast.dismiss(toastId);
          toast.error(characterImageMessages.timedOut);
        },
        onLost: () => {
          toast.dismiss(toastId);
          toast.error(characterImageMessages.checkFailed);
        },
      });
    },
    [add],
  );

  const generate = useCallback(
    async (character: Pick<Character, 'id' | 'name' | 'physical_description'>) => {
      if (drawing.has(character.id)) return;
      try {
        const queued = await queueCharacterImage(character);
        toast.success(characterImageMessages.queued(queued.estimated_time_seconds));
      } catch {
        toast.error(characterImageMessages.queueFailed);
        return;
      }
      follow(character);
    },
    [follow, drawing],
  );

  return { drawing, generate, watchers: jobs.watchers };
}

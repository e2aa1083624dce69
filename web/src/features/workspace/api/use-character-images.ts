import type { Character } from '@contracts/plots';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { characterImageMessages, CHARACTER_IMAGE_POLL_MS, nextCharacterImagePoll } from '../model/polling';
import { getCharacterImageStatus, queueCharacterImage } from './plots';

/**
 * Character portraits being drawn: queues one, then polls its status once a second up to 120 times
 * (a loading toast on every 10th poll) and says how it ended. Several characters can be drawn at
 * once; leaving the workspace stops the polling.
 */
export function useCharacterImages(onCompleted: () => void) {
  const [drawing, setDrawing] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  });
  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);

  const finish = useCallback((id: string) => {
    timers.current.delete(id);
    toast.dismiss(`portrait-${id}`);
    setDrawing((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  const follow = useCallback(
    (character: Pick<Character, 'id' | 'name'>) => {
      let polls = 0;
      const poll = async () => {
        polls += 1;
        try {
          const status = await getCharacterImageStatus(character.id);
          if (status.status === 'completed') {
            finish(character.id);
            toast.success(characterImageMessages.completed);
            completed.current();
            return;
          }
          if (status.status === 'failed') {
            finish(character.id);
            toast.error(status.error || characterImageMessages.failed);
            return;
          }
        } catch {
          finish(character.id);
          toast.error(characterImageMessages.checkFailed);
          return;
        }
        if (!timers.current.has(character.id)) return;
        const next = nextCharacterImagePoll(polls);
        if (next.action === 'timeout') {
          finish(character.id);
          toast.error(characterImageMessages.timedOut);
          return;
        }
        if (next.toast)
          toast.loading(characterImageMessages.generating(character.name, polls), {
            id: `portrait-${character.id}`,
          });
        timers.current.set(character.id, setTimeout(poll, next.delayMs));
      };
      timers.current.set(character.id, setTimeout(poll, CHARACTER_IMAGE_POLL_MS));
    },
    [finish],
  );

  const generate = useCallback(
    async (character: Pick<Character, 'id' | 'name' | 'physical_description'>) => {
      if (timers.current.has(character.id)) return;
      try {
        const queued = await queueCharacterImage(character);
        toast.success(characterImageMessages.queued(queued.estimated_time_seconds));
      } catch {
        toast.error(characterImageMessages.queueFailed);
        return;
      }
      setDrawing((current) => new Set(current).add(character.id));
      follow(character);
    },
    [follow],
  );

  return { drawing, generate };
}

import type { Character } from '@contracts/plots';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { characterImageMessages, CHARACTER_IMAGE_POLL_MS, nextCharacterImagePoll } from '../model/polling';
import { getCharacterImageStatus, queueCharacterImage } from './plots';

type Drawable = Pick<Character, 'id' | 'name' | 'physical_description'>;
type Outcome = 'completed' | 'failed';

/** Generate All Images: its characters' outcomes, told in one toast. */
interface Batch {
  total: number;
  completed: number;
  failed: number;
  seconds: number | null;
}
const BATCH_TOAST = 'portrait-batch';

/**
 * Character portraits being drawn: queues one, then polls its status once a second up to 120 times
 * and says how it ended. A single portrait has its own toasts (a loading toast on every 10th poll);
 * Generate All Images has one toast that counts the portraits done and sums them up, never one per
 * image. Each drawing portrait keeps the server's measured estimate, which the card shows too.
 */
export function useCharacterImages(onCompleted: () => void) {
  const [drawing, setDrawing] = useState<ReadonlyMap<string, number>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const batch = useRef<Batch | null>(null);
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
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  const follow = useCallback(
    (character: Pick<Character, 'id' | 'name'>, settled: (outcome: Outcome, message?: string) => void) => {
      let polls = 0;
      const end = (outcome: Outcome, message?: string) => {
        finish(character.id);
        settled(outcome, message);
      };
      const poll = async () => {
        polls += 1;
        try {
          const status = await getCharacterImageStatus(character.id);
          if (status.status === 'completed') return end('completed');
          if (status.status === 'failed') return end('failed', status.error || characterImageMessages.failed);
        } catch {
          return end('failed', characterImageMessages.checkFailed);
        }
        if (!timers.current.has(character.id)) return;
        const next = nextCharacterImagePoll(polls);
        if (next.action === 'timeout') return end('failed', characterImageMessages.timedOut);
        if (next.toast && !batch.current)
          toast.loading(characterImageMessages.generating(character.name, polls), {
            id: `portrait-${character.id}`,
          });
        timers.current.set(character.id, setTimeout(poll, next.delayMs));
      };
      timers.current.set(character.id, setTimeout(poll, CHARACTER_IMAGE_POLL_MS));
    },
    [finish],
  );

  const tellBatch = useCallback(() => {
    const current = batch.current;
    if (!current) return;
    const done = current.completed + current.failed;
    if (done < current.total) {
      toast.loading(characterImageMessages.batchProgress(done, current.total, current.seconds), {
        id: BATCH_TOAST,
      });
      return;
    }
    batch.current = null;
    if (current.failed === 0)
      toast.success(characterImageMessages.batchDone(current.total), { id: BATCH_TOAST });
    else
      toast.error(characterImageMessages.batchPartly(current.completed, current.total), { id: BATCH_TOAST });
  }, []);

  /** Queues a portrait; its estimate (seconds) or null when it could not be queued. */
  const queue = useCallback(async (character: Drawable): Promise<number | null> => {
    try {
      const queued = await queueCharacterImage(character);
      setDrawing((current) => new Map(current).set(character.id, queued.estimated_time_seconds));
      return queued.estimated_time_seconds;
    } catch {
      return null;
    }
  }, []);

  const generate = useCallback(
    async (character: Drawable) => {
      if (timers.current.has(character.id)) return;
      const seconds = await queue(character);
      if (seconds === null) return void toast.error(characterImageMessages.queueFailed);
      toast.success(characterImageMessages.queued(seconds));
      follow(character, (outcome, message) => {
        if (outcome === 'completed') {
          toast.success(characterImageMessages.completed);
          completed.current();
        } else toast.error(message ?? characterImageMessages.failed);
      });
    },
    [follow, queue],
  );

  const generateAll = useCallback(
    async (characters: readonly Drawable[]) => {
      const fresh = characters.filter((c) => !timers.current.has(c.id));
      if (!fresh.length) return;
      const current: Batch = { total: fresh.length, completed: 0, failed: 0, seconds: null };
      batch.current = current;
      tellBatch();
      for (const character of fresh) {
        const seconds = await queue(character);
        if (seconds === null) {
          current.failed += 1;
          tellBatch();
          continue;
        }
        current.seconds ??= seconds;
        tellBatch();
        follow(character, (outcome) => {
          if (outcome === 'completed') {
            current.completed += 1;
            completed.current();
          } else current.failed += 1;
          tellBatch();
        });
      }
    },
    [follow, queue, tellBatch],
  );

  return { drawing, generate, generateAll };
}

import type { Character } from '@contracts/plots';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useJobList } from '@/lib/use-job-status';
import { CHARACTER_IMAGE_SCHEDULE, characterImageMessages, nextCharacterImagePoll } from '../model/polling';
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
 * Character portraits being drawn: queues one, then follows its status with `useJobList` once a
 * second up to 120 times and says how it ended. A single portrait has its own toasts (a loading toast
 * on every 10th check); Generate All Images has one toast that counts the portraits done and sums
 * them up, never one per image. Each drawing portrait keeps the server's measured estimate, which the
 * card shows too. Leaving the workspace stops the checks; the page renders `watchers`.
 */
export function useCharacterImages(onCompleted: () => void) {
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  });
  const batch = useRef<Batch | null>(null);
  const [estimates, setEstimates] = useState<ReadonlyMap<string, number>>(new Map());
  const jobs = useJobList(getCharacterImageStatus, CHARACTER_IMAGE_SCHEDULE);
  const { follow: add, following } = jobs;

  /** The portraits being drawn, each with its estimate in seconds. */
  const drawing: ReadonlyMap<string, number | undefined> = useMemo(
    () => new Map([...following].map((id) => [id, estimates.get(id)])),
    [following, estimates],
  );

  const follow = useCallback(
    (character: Pick<Character, 'id' | 'name'>, settled: (outcome: Outcome, message?: string) => void) => {
      let checks = 0;
      const toastId = `portrait-${character.id}`;
      const end = (outcome: Outcome, message?: string) => {
        toast.dismiss(toastId);
        settled(outcome, message);
      };
      add(character.id, {
        onAnswer: () => {
          checks += 1;
          const next = nextCharacterImagePoll(checks);
          if (next.action === 'wait' && next.toast && !batch.current)
            toast.loading(characterImageMessages.generating(character.name, checks), { id: toastId });
        },
        onEnd: (status) =>
          status.status === 'completed'
            ? end('completed')
            : end('failed', status.error || characterImageMessages.failed),
        onTimeout: () => end('failed', characterImageMessages.timedOut),
        onLost: () => end('failed', characterImageMessages.checkFailed),
      });
    },
    [add],
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
      setEstimates((current) => new Map(current).set(character.id, queued.estimated_time_seconds));
      return queued.estimated_time_seconds;
    } catch {
      return null;
    }
  }, []);

  const generate = useCallback(
    async (character: Drawable) => {
      if (following.has(character.id)) return;
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
    [follow, queue, following],
  );

  const generateAll = useCallback(
    async (characters: readonly Drawable[]) => {
      const fresh = characters.filter((c) => !following.has(c.id));
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
    [follow, queue, tellBatch, following],
  );

  return { drawing, generate, generateAll, watchers: jobs.watchers };
}

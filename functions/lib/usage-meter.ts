import { periodKey } from '../contracts/subscriptions';
import { keys } from './keys';
import type { Clock, Table } from './ports';

/**
 * The monthly video meter: one counter per user and UTC month (`USER#<sub> USAGE#<YYYY-MM>`), so a
 * new month starts from nothing. A unit is taken with ONE conditional update (`ADD used 1` while
 * `used < limit` or the counter does not exist yet), so however many requests race, no more than
 * `limit` succeed. The subscriptions domain decides the limit; the job system gives a unit back
 * when the job that held it ends without its film.
 */
export interface UsageMeter {
  /** The period now: 'YYYY-MM' (UTC). */
  period(): string;
  /** Takes one unit of `period` (default: now) if fewer than `limit` are used (-1: no limit); null when none is left. */
  take(userId: string, limit: number, period?: string): Promise<{ period: string; used: number } | null>;
  /** Gives back one unit of `period`. */
  giveBack(userId: string, period: string): Promise<void>;
  used(userId: string, period?: string): Promise<number>;
}

export function createUsageMeter(table: Table, clock: Clock): UsageMeter {
  const period = () => periodKey(clock.now());
  return {
    period,
    async take(userId, limit, at = period()) {
      const updated = await table.update<{ used: number }>(
        keys.usage(userId, at),
        { set: { user_id: userId, period: at }, add: { used: 1 } },
        limit < 0 ? undefined : { belowOrAbsent: { used: limit } },
      );
      return updated ? { period: at, used: updated.used } : null;
    },
    async giveBack(userId, at) {
      // Only ever called once per unit taken (the job's move out of an active status decides).
      await table.update(keys.usage(userId, at), { add: { used: -1 } }, { exists: true });
    },
    async used(userId, at = period()) {
      return (await table.get<{ used?: number }>(keys.usage(userId, at)))?.used ?? 0;
    },
  };
}

import type { Clock, Key, Table } from './ports';

/**
 * Attempt limits with lockout and backoff, kept in the table so every Lambda (and the local
 * runtime) counts the same attempts. Each rule counts attempts per subject (an address, an account)
 * in fixed windows; an attempt is counted before it is made, so parallel guesses cannot slip past
 * the count, and the caller gives it back when it succeeded. Going over the limit locks the subject
 * for `lockSeconds`, doubled at every further lock (up to `maxLockSeconds`); a lock ends early only
 * when the caller clears the subject (a successful sign-in).
 */
export interface ThrottleRule {
  /** Part of the key: one counter family per rule. */
  name: string;
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds: number;
}

export interface Attempt {
  /** The attempt succeeded: it does not count. */
  refund(): Promise<void>;
  /** The subject proved itself (e.g. the right password): forget its attempts and locks. */
  clear(): Promise<void>;
}

/** Thrown when a subject is over its limit; the caller turns it into a 429 with its words. */
export class ThrottledError extends Error {
  override name = 'ThrottledError';
  constructor(
    readonly rule: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many attempts (${rule}); retry after ${retryAfterSeconds} s`);
  }
}

interface LockRecord {
  locked_until?: number;
  strikes?: number;
}

/** Lock length after `strikes` locks: doubling from the rule's base, capped. */
export function lockSeconds(rule: ThrottleRule, strikes: number): number {
  return Math.min(rule.maxLockSeconds, rule.lockSeconds * 2 ** Math.max(0, strikes - 1));
}

export function createThrottle(table: Table, clock: Clock) {
  const lockKey = (rule: ThrottleRule, subject: string): Key => ({
    pk: `THROTTLE#${rule.name}#${subject}`,
    sk: 'LOCK',
  });
  const counterKey = (rule: ThrottleRule, subject: string, window: number): Key => ({
    pk: `THROTTLE#${rule.name}#${subject}`,
    sk: `WINDOW#${window}`,
  });

  return {
    /** Counts an attempt, or throws ThrottledError when the subject is locked or over its limit. */
    async attempt(rule: ThrottleRule, subject: string): Promise<Attempt> {
      const nowMs = clock.now().getTime();
      const now = nowMs / 1000;
      const lock = await table.get<LockRecord>(lockKey(rule, subject));
      if (lock?.locked_until && lock.locked_until > now)
        throw new ThrottledError(rule.name, Math.ceil(lock.locked_until - now));

      const window = Math.floor(now / rule.windowSeconds);
      const windowEnd = (window + 1) * rule.windowSeconds;
      const counter = counterKey(rule, subject, window);
      const counted = await table.update<{ count: number }>(counter, {
        add: { count: 1 },
        // Expired counters are removed by the table's TTL where it has one.
        set: { expires_at: windowEnd + rule.maxLockSeconds },
      });
      if ((counted?.count ?? 0) > rule.limit) {
        const struck = await table.update<LockRecord>(lockKey(rule, subject), { add: { strikes: 1 } });
        const seconds = lockSeconds(rule, struck?.strikes ?? 1);
        const lockedUntil = Math.ceil(now + seconds);
        await table.update(lockKey(rule, subject), {
          set: { locked_until: lockedUntil, expires_at: lockedUntil + rule.maxLockSeconds },
        });
        throw new ThrottledError(rule.name, Math.ceil(lockedUntil - now));
      }
      return {
        refund: async () => {
          await table.update(counter, { add: { count: -1 } });
        },
        clear: async () => {
          await table.delete(counter);
          await table.delete(lockKey(rule, subject));
        },
      };
    },
  };
}

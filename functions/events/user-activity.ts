import type { ActivityItem } from '../contracts/api';
import { keys, partitions } from '../lib/keys';
import { isoNow, type Clock, type Table } from '../lib/ports';
import { BADGE_RULES, isEarned } from './badges';
import { emptyCounters, toCounters, type StatCounters } from './counters';

/**
 * The one way domains report something a user did (uploaded a book, generated a narration, took a
 * quiz…): the user's counters are updated atomically, the event lands in recent activity, and any
 * badge the new counters earn is awarded once, with its date. Books, learning and every later domain
 * call this instead of importing each other or the users domain.
 */
/** An entry of recent activity, as /users/me/activity answers it. */
export type ActivityEvent = ActivityItem;
/** What a domain reports; the id and the time are added when it is recorded. */
export type UserEvent = Omit<ActivityItem, 'id' | 'at'>;

/**
 * What a reader did in a book, kept with the book so its owner's analytics read one partition
 * (readers' own activity stays private to them: only these facts, never their names, reach it).
 */
export interface ReadingFacts {
  book_id: string;
  /** A quiz's score (0–100). */
  score?: number;
  /** The event completed a chapter the reader had not completed before. */
  chapter_completed?: boolean;
}

/** A reading event as the book keeps it. */
export interface ReadingEvent extends Omit<ReadingFacts, 'book_id'> {
  id: string;
  type: string;
  user_id: string;
  at: string;
}

export interface BadgeAward {
  badge_id: string;
  earned_at: string;
}

export function createUserActivity(deps: { table: Table; clock: Clock; uuid: () => string }) {
  const { table } = deps;

  const counters = {
    get: async (userId: string) => toCounters(await table.get<Record<string, unknown>>(keys.stats(userId))),
    async createIfAbsent(userId: string): Promise<void> {
      await table.put({ ...keys.stats(userId), ...emptyCounters() }, { exists: false });
    },
    /** Atomic ADD of each delta (negative deltas subtract); the counters after the update. */
    async add(userId: string, deltas: Partial<StatCounters>): Promise<StatCounters> {
      const add = Object.fromEntries(
        Object.entries(deltas).filter(([, v]) => typeof v === 'number' && v !== 0),
      ) as Record<string, number>;
      if (Object.keys(add).length === 0) return counters.get(userId);
      return toCounters(await table.update<Record<string, unknown>>(keys.stats(userId), { add }));
    },
  };

  async function putActivity(userId: string, event: UserEvent, at: string): Promise<ActivityEvent> {
    const full: ActivityEvent = { id: deps.uuid(), ...event, at };
    await table.put({ ...keys.event(userId, full.at, full.id), ...full });
    return full;
  }

  const badges = {
    list: (userId: string) =>
      table
        .query<BadgeAward>({ pk: partitions.user(userId), skPrefix: 'BADGE#' })
        .then((items) =>
          items.map((i) => ({ badge_id: String(i.badge_id), earned_at: String(i.earned_at) })),
        ),
    /** Records a badge the first time it is earned; false if it was already awarded. */
    award: (userId: string, award: BadgeAward) =>
      table.put({ ...keys.badge(userId, award.badge_id), ...award }, { exists: false }),
  };

  async function awardEarnedBadges(userId: string, current: StatCounters, at: string): Promise<string[]> {
    const awarded: string[] = [];
    const held = new Set((await badges.list(userId)).map((award) => award.badge_id));
    for (const rule of BADGE_RULES) {
      if (held.has(rule.id) || !isEarned(rule, current)) continue;
      if (await badges.award(userId, { badge_id: rule.id, earned_at: at })) {
        awarded.push(rule.id);
        await counters.add(userId, { badges_earned: 1 });
        await putActivity(
          userId,
          { type: 'badge_earned', title: `Earned the “${rule.name}” badge`, ref: rule.id },
          at,
        );
      }
    }
    return awarded;
  }

  return {
    counters,
    badges,
    awardEarnedBadges,
    putActivity,

    listActivity: (userId: string, limit: number) =>
      table.query<ActivityEvent>({
        pk: partitions.user(userId),
        skPrefix: 'EVENT#',
        descending: true,
        limit,
      }),

    /** A book's reading events, oldest first; with `since` (ISO), those from then on. */
    async listReading(bookId: string, since?: string): Promise<ReadingEvent[]> {
      const events = await table.query<ReadingEvent>({ pk: partitions.book(bookId), skPrefix: 'READING#' });
      return since ? events.filter((e) => e.at >= since) : events;
    },

    /** Counters, the activity entry and any badge now earned; with `reading`, the book's event too. */
    async record(
      userId: string,
      event: UserEvent,
      deltas: Partial<StatCounters> = {},
      reading?: ReadingFacts,
    ): Promise<ActivityEvent> {
      const at = isoNow(deps.clock);
      const updated = await counters.add(userId, deltas);
      const activity = await putActivity(userId, event, at);
      if (reading) {
        const { book_id, ...facts } = reading;
        const kept: ReadingEvent = { id: activity.id, type: event.type, user_id: userId, at, ...facts };
        await table.put({ ...keys.readingEvent(book_id, at, activity.id), ...kept });
      }
      await awardEarnedBadges(userId, updated, at);
      return activity;
    },
  };
}

export type UserActivity = ReturnType<typeof createUserActivity>;

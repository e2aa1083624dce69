import {
  listBadgeAwards,
  putActivity,
  putBadgeAward,
  type ActivityEvent,
} from '../lib/repositories/activity';
import { addToCounters, type StatCounters } from '../lib/repositories/stats';
import { BADGE_RULES, isEarned } from './badges';

export interface UserEvent {
  type: string;
  title: string;
  detail?: string;
  ref?: string;
}

/**
 * The one way domains report something a user did: counters are updated atomically, the event
 * lands in recent activity, and any badge the new counters earn is awarded (once) with its date.
 */
export async function recordUserEvent(
  userId: string,
  event: UserEvent,
  deltas: Partial<StatCounters>,
  now: string,
): Promise<ActivityEvent> {
  const counters = await addToCounters(userId, deltas);
  const activity = await putActivity(userId, { ...event, at: now });
  await awardEarnedBadges(userId, counters, now);
  return activity;
}

export async function awardEarnedBadges(
  userId: string,
  counters: StatCounters,
  now: string,
): Promise<string[]> {
  const awarded: string[] = [];
  const held = new Set((await listBadgeAwards(userId)).map((award) => award.badge_id));
  for (const rule of BADGE_RULES) {
    if (held.has(rule.id) || !isEarned(rule, counters)) continue;
    if (await putBadgeAward(userId, { badge_id: rule.id, earned_at: now })) {
      awarded.push(rule.id);
      await addToCounters(userId, { badges_earned: 1 });
      await putActivity(userId, {
        type: 'badge_earned',
        title: `Earned the “${rule.name}” badge`,
        ref: rule.id,
        at: now,
      });
    }
  }
  return awarded;
}

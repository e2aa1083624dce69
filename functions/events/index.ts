import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { createUserActivity, type UserActivity } from './user-activity';

export * from './user-activity';
export * from './counters';
export { BADGE_RULES, isEarned } from './badges';

let activity: UserActivity | undefined;

/** User activity on the production adapters (one per process). */
export function getUserActivity(): UserActivity {
  activity ??= createUserActivity({ table: getAdapters().table, clock: getAdapters().clock, uuid });
  return activity;
}

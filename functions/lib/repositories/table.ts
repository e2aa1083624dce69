import { config } from '../config';

/**
 * Single-table layout. Every item has `pk`/`sk`; `gsi1` lists an owner's items by kind and date.
 *
 *   USER#<sub>   PROFILE                     profile (display name, role, bio, ...)
 *   USER#<sub>   STATS                       counters (ADD-updated)
 *   USER#<sub>   EVENT#<iso>#<id>            recent activity
 *   USER#<sub>   BADGE#<badgeId>             badge awards (written once)
 *   USER#<sub>   PROMPT#<sortable id>        creator prompts
 */
export const tableName = () => config.tableName;

export const keys = {
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  stats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'STATS' }),
  event: (userId: string, at: string, id: string) => ({ pk: `USER#${userId}`, sk: `EVENT#${at}#${id}` }),
  badge: (userId: string, badgeId: string) => ({ pk: `USER#${userId}`, sk: `BADGE#${badgeId}` }),
  prompt: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#${id}` }),
};

export const userPk = (userId: string) => `USER#${userId}`;

/** Removes the key attributes before an item leaves the repository. */
export function stripKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest } = item;
  return rest;
}

export const isConditionalCheckFailed = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { aws } from '../clients';
import { isConditionalCheckFailed, keys, tableName } from './table';

/** Raw counters. Derived figures (hours, averages, badge count) are computed in the users domain. */
export interface StatCounters {
  books_uploaded: number;
  books_read: number;
  chapters_completed: number;
  learning_seconds: number;
  quizzes_taken: number;
  quizzes_passed: number;
  quiz_score_total: number;
  badges_earned: number;
}

export type StatName = keyof StatCounters;

export const emptyCounters = (): StatCounters => ({
  books_uploaded: 0,
  books_read: 0,
  chapters_completed: 0,
  learning_seconds: 0,
  quizzes_taken: 0,
  quizzes_passed: 0,
  quiz_score_total: 0,
  badges_earned: 0,
});

export async function getCounters(userId: string): Promise<StatCounters> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.stats(userId) }));
  return toCounters(Item);
}

function toCounters(item: Record<string, unknown> | undefined): StatCounters {
  const counters = emptyCounters();
  for (const name of Object.keys(counters) as StatName[]) {
    const value = item?.[name];
    if (typeof value === 'number') counters[name] = value;
  }
  return counters;
}

export async function createCountersIfAbsent(userId: string): Promise<void> {
  try {
    await aws.ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.stats(userId), ...emptyCounters() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Atomic ADD of each delta (negative deltas subtract); returns the counters after the update. */
export async function addToCounters(userId: string, deltas: Partial<StatCounters>): Promise<StatCounters> {
  const entries = Object.entries(deltas).filter(([, v]) => typeof v === 'number' && v !== 0);
  if (entries.length === 0) return getCounters(userId);
  const { Attributes } = await aws.ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.stats(userId),
      UpdateExpression: `ADD ${entries.map(([k]) => `#${k} :${k}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toCounters(Attributes);
}

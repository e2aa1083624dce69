import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { aws } from '../clients';
import { isConditionalCheckFailed, keys, stripKeys, tableName, userPk } from './table';

export interface ActivityEvent {
  id: string;
  type: string;
  title: string;
  detail?: string;
  /** Id of the thing the event is about (a book, a quiz, a badge), for links. */
  ref?: string;
  at: string;
}

export async function putActivity(userId: string, event: Omit<ActivityEvent, 'id'>): Promise<ActivityEvent> {
  const full: ActivityEvent = { id: randomUUID(), ...event };
  await aws.ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.event(userId, full.at, full.id), ...full } }),
  );
  return full;
}

export async function listActivity(userId: string, limit: number): Promise<ActivityEvent[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': 'EVENT#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => stripKeys(item) as ActivityEvent);
}

export interface BadgeAward {
  badge_id: string;
  earned_at: string;
}

/** Records a badge the first time it is earned; returns false if it was already awarded. */
export async function putBadgeAward(userId: string, award: BadgeAward): Promise<boolean> {
  try {
    await aws.ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.badge(userId, award.badge_id), ...award },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export async function listBadgeAwards(userId: string): Promise<BadgeAward[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':prefix': 'BADGE#' },
    }),
  );
  return Items.map((item) => ({ badge_id: String(item.badge_id), earned_at: String(item.earned_at) }));
}

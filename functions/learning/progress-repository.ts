import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ProgressRecord } from '../books/repository';
import { aws } from '../lib/clients';
import { keys, stripKeys, tableName } from '../lib/repositories/table';

export async function getProgress(userId: string, bookId: string): Promise<ProgressRecord | null> {
  const { Item } = await aws.ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.progress(userId, bookId) }),
  );
  return Item ? (stripKeys(Item) as unknown as ProgressRecord) : null;
}

export async function putProgress(userId: string, record: ProgressRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.progress(userId, record.book_id), ...record } }),
  );
}

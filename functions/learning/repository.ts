import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { aws } from '../lib/clients';
import {
  bookJobsIndex,
  keys,
  ownerIndex,
  setExpression,
  stripKeys,
  tableName,
} from '../lib/repositories/table';
import type { AttemptRecord, ContentRecord, JobRecord, QuizRecord } from './model';

export async function putJob(job: JobRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.job(job.id),
        gsi1pk: bookJobsIndex(job.book_id),
        gsi1sk: `${job.chapter_id}#${job.created_at}#${job.id}`,
        ...job,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getJob(jobId: string): Promise<JobRecord | null> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.job(jobId) }));
  return Item ? (stripKeys(Item) as unknown as JobRecord) : null;
}

/** Updates a job; with `onlyWhile`, only while it still has that status (a late step never revives a failed job). */
export async function updateJob(
  jobId: string,
  patch: Partial<JobRecord>,
  onlyWhile?: JobRecord['status'],
): Promise<JobRecord | null> {
  const update = setExpression({ ...patch, updated_at: new Date().toISOString() });
  let condition = 'attribute_exists(pk)';
  if (onlyWhile) {
    update.ExpressionAttributeNames['#current_status'] = 'status';
    update.ExpressionAttributeValues[':current_status'] = onlyWhile;
    condition += ' AND #current_status = :current_status';
  }
  try {
    const { Attributes } = await aws.ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.job(jobId),
        ...update,
        ConditionExpression: condition,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys(Attributes!) as unknown as JobRecord;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

async function queryJobs(bookId: string, chapterId?: string): Promise<JobRecord[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await aws.ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: chapterId ? 'gsi1pk = :pk AND begins_with(gsi1sk, :chapter)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': bookJobsIndex(bookId),
          ...(chapterId ? { ':chapter': `${chapterId}#` } : {}),
        },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => stripKeys(item) as unknown as JobRecord);
}

/** Newest first. */
export const listChapterJobs = (bookId: string, chapterId: string) => queryJobs(bookId, chapterId);
export const listBookJobs = (bookId: string) => queryJobs(bookId);

export async function putContent(content: ContentRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.content(content.book_id, content.chapter_id, content.content_type), ...content },
    }),
  );
}

/** Ready content of one chapter, or of every chapter of the book. */
export async function listContent(bookId: string, chapterId?: string): Promise<ContentRecord[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.book(bookId).pk,
        ':prefix': chapterId ? `CONTENT#${chapterId}#` : 'CONTENT#',
      },
    }),
  );
  return Items.map((item) => stripKeys(item) as unknown as ContentRecord);
}

export async function deleteJobs(jobIds: string[]): Promise<void> {
  for (let i = 0; i < jobIds.length; i += 25) {
    let requests = jobIds.slice(i, i + 25).map((id) => ({ DeleteRequest: { Key: keys.job(id) } }));
    for (let attempt = 0; requests.length && attempt < 8; attempt++) {
      const result = await aws.ddb.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

export async function putQuiz(quiz: QuizRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.quiz(quiz.id),
        gsi1pk: ownerIndex(quiz.owner_id),
        gsi1sk: `QUIZ#${quiz.created_at}#${quiz.id}`,
        ...quiz,
      },
    }),
  );
}

export async function getQuiz(quizId: string): Promise<QuizRecord | null> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.quiz(quizId) }));
  return Item ? (stripKeys(Item) as unknown as QuizRecord) : null;
}

export async function listQuizzes(ownerId: string): Promise<QuizRecord[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :owner AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':owner': ownerIndex(ownerId), ':prefix': 'QUIZ#' },
      ScanIndexForward: false,
    }),
  );
  return Items.map((item) => stripKeys(item) as unknown as QuizRecord);
}

export async function putAttempt(userId: string, attempt: AttemptRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.attempt(userId, attempt.quiz_id, attempt.at), ...attempt },
    }),
  );
}

export async function listAttempts(userId: string, quizId?: string): Promise<AttemptRecord[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.profile(userId).pk,
        ':prefix': quizId ? `ATTEMPT#${quizId}#` : 'ATTEMPT#',
      },
    }),
  );
  return Items.map((item) => stripKeys(item) as unknown as AttemptRecord);
}

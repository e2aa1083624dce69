import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { aws } from '../lib/clients';
import {
  batchDeleteKeys,
  bookJobsIndex,
  bookQuizIndex,
  keys,
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
  await batchDeleteKeys(jobIds.map((id) => keys.job(id)));
}

export async function putQuiz(quiz: QuizRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.quiz(quiz.id),
        gsi1pk: bookQuizIndex(quiz.book_id),
        gsi1sk: `${quiz.created_at}#${quiz.id}`,
        ...quiz,
      },
    }),
  );
}

export async function getQuiz(quizId: string): Promise<QuizRecord | null> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.quiz(quizId) }));
  return Item ? (stripKeys(Item) as unknown as QuizRecord) : null;
}

/** Quizzes of a book, newest first. */
export async function listBookQuizzes(bookId: string): Promise<QuizRecord[]> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :book',
      ExpressionAttributeValues: { ':book': bookQuizIndex(bookId) },
      ScanIndexForward: false,
    }),
  );
  return Items.map((item) => stripKeys(item) as unknown as QuizRecord);
}

export async function deleteQuizzes(quizIds: string[]): Promise<void> {
  await batchDeleteKeys(quizIds.map((id) => keys.quiz(id)));
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

/**
 * Counts one finished part of a running job and moves its progress bar between `from` and `to`
 * percent. Parts finish in any order, so the count is kept atomically. Null once the job has ended.
 */
export async function countJobPart(
  jobId: string,
  total: number,
  step: string,
  from: number,
  to: number,
): Promise<JobRecord | null> {
  try {
    const { Attributes } = await aws.ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.job(jobId),
        UpdateExpression: 'ADD parts_done :one SET updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': new Date().toISOString(),
          ':processing': 'processing',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const done = Number(Attributes?.parts_done ?? 0);
    const progress = Math.round(from + ((to - from) * Math.min(done, total)) / Math.max(1, total));
    // Parts finish concurrently: the bar only ever moves forward.
    const { Attributes: updated } = await aws.ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.job(jobId),
        UpdateExpression: 'SET progress = :progress, step = :step',
        ConditionExpression: '#status = :processing AND progress < :progress',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':progress': progress,
          ':step': step.replace('{done}', String(Math.min(done, total))),
          ':processing': 'processing',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys(updated!) as unknown as JobRecord;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

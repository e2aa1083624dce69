import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { aws } from '../clients';
import { config } from '../config';

/**
 * Single-table layout. Every item has `pk`/`sk`; `gsi1` lists an owner's items by kind and date.
 *
 *   USER#<sub>   PROFILE                     profile (display name, role, bio, ...)
 *   USER#<sub>   STATS                       counters (ADD-updated)
 *   USER#<sub>   EVENT#<iso>#<id>            recent activity
 *   USER#<sub>   BADGE#<badgeId>             badge awards (written once)
 *   USER#<sub>   PROMPT#<sortable id>        creator prompts
 *   USER#<sub>   PROGRESS#<bookId>           reading/learning progress in a book
 *   BOOK#<id>    META                        book (gsi1: OWNER#<sub> / BOOK#<created_at>)
 *   BOOK#<id>    CHAPTER#<0001>              chapter (gsi1: CHAPTER#<chapterId> / BOOK)
 *   CATALOG#<type> <published_at>#<bookId>   curated catalogue entry (published by admins)
 *   BOOK#<id>    CONTENT#<chapterId>#<type>  the ready learning content of a chapter
 *   JOB#<id>     META                        generation job (gsi1: BOOKJOBS#<bookId> / <chapterId>#<created>)
 *   QUIZ#<id>    META                        quiz with answers (gsi1: BOOKQUIZ#<bookId> / <created>#<id>)
 *   USER#<sub>   ATTEMPT#<quizId>#<iso>      quiz attempt
 */
export const tableName = () => config.tableName;

export const keys = {
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  stats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'STATS' }),
  event: (userId: string, at: string, id: string) => ({ pk: `USER#${userId}`, sk: `EVENT#${at}#${id}` }),
  badge: (userId: string, badgeId: string) => ({ pk: `USER#${userId}`, sk: `BADGE#${badgeId}` }),
  prompt: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `PROMPT#${id}` }),
  progress: (userId: string, bookId: string) => ({ pk: `USER#${userId}`, sk: `PROGRESS#${bookId}` }),
  book: (bookId: string) => ({ pk: `BOOK#${bookId}`, sk: 'META' }),
  chapter: (bookId: string, chapterNumber: number) => ({
    pk: `BOOK#${bookId}`,
    sk: `CHAPTER#${String(chapterNumber).padStart(4, '0')}`,
  }),
  content: (bookId: string, chapterId: string, type: string) => ({
    pk: `BOOK#${bookId}`,
    sk: `CONTENT#${chapterId}#${type}`,
  }),
  job: (jobId: string) => ({ pk: `JOB#${jobId}`, sk: 'META' }),
  quiz: (quizId: string) => ({ pk: `QUIZ#${quizId}`, sk: 'META' }),
  attempt: (userId: string, quizId: string, at: string) => ({
    pk: `USER#${userId}`,
    sk: `ATTEMPT#${quizId}#${at}`,
  }),
  catalogEntry: (bookType: string, publishedAt: string, bookId: string) => ({
    pk: `CATALOG#${bookType}`,
    sk: `${publishedAt}#${bookId}`,
  }),
};

export const ownerIndex = (userId: string) => `OWNER#${userId}`;
export const bookJobsIndex = (bookId: string) => `BOOKJOBS#${bookId}`;
export const bookQuizIndex = (bookId: string) => `BOOKQUIZ#${bookId}`;
export const chapterIndex = (chapterId: string) => `CHAPTER#${chapterId}`;

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

/** SET expression for the defined fields of `patch` (undefined fields are left as they are). */
export function setExpression(patch: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  return {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Deletes items by key, 25 per request, retrying what DynamoDB leaves unprocessed. */
export async function batchDeleteKeys(keysToDelete: { pk: string; sk: string }[]): Promise<void> {
  for (let i = 0; i < keysToDelete.length; i += 25) {
    let requests = keysToDelete.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: key } }));
    for (let attempt = 0; requests.length && attempt < 8; attempt++) {
      const result = await aws.ddb.send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

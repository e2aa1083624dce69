import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { BookType } from '../contracts/books';
import { aws } from '../lib/clients';
import {
  batchDeleteKeys,
  chapterIndex,
  keys,
  ownerIndex,
  setExpression,
  stripKeys,
  tableName,
} from '../lib/repositories/table';
import type { BookRecord, ChapterRecord } from './model';

async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await aws.ddb.send(
      new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function putBook(book: BookRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.book(book.id),
        gsi1pk: ownerIndex(book.owner_id),
        gsi1sk: `BOOK#${book.created_at}#${book.id}`,
        ...book,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getBooks(bookIds: string[]): Promise<BookRecord[]> {
  const found: BookRecord[] = [];
  for (let i = 0; i < bookIds.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
      [tableName()]: { Keys: bookIds.slice(i, i + 100).map((id) => keys.book(id)) },
    };
    for (let attempt = 0; request && attempt < 8; attempt++) {
      const result: BatchGetCommandOutput = await aws.ddb.send(
        new BatchGetCommand({ RequestItems: request }),
      );
      found.push(
        ...(result.Responses?.[tableName()] ?? []).map((item) => stripKeys(item) as unknown as BookRecord),
      );
      request =
        result.UnprocessedKeys && Object.keys(result.UnprocessedKeys).length
          ? (result.UnprocessedKeys as typeof request)
          : undefined;
    }
  }
  return found;
}

export async function getBook(bookId: string): Promise<BookRecord | null> {
  const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: keys.book(bookId) }));
  return Item ? (stripKeys(Item) as unknown as BookRecord) : null;
}

/**
 * Updates fields of an existing book. `expectedStatus` makes the write conditional, so two
 * actions racing on one book (e.g. a retry and a delete) cannot both win.
 */
export async function updateBook(
  bookId: string,
  patch: Partial<BookRecord>,
  expectedStatus?: BookRecord['status'][],
): Promise<BookRecord> {
  const update = setExpression(patch);
  const condition = ['attribute_exists(pk)'];
  if (expectedStatus?.length) {
    update.ExpressionAttributeNames['#expected_status'] = 'status';
    expectedStatus.forEach((status, i) => (update.ExpressionAttributeValues[`:expected${i}`] = status));
    condition.push(`#expected_status IN (${expectedStatus.map((_, i) => `:expected${i}`).join(', ')})`);
  }
  const { Attributes } = await aws.ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.book(bookId),
      ...update,
      ConditionExpression: condition.join(' AND '),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys(Attributes!) as unknown as BookRecord;
}

/** Counts a processed chapter and returns how many are done. */
export async function addChapterDone(bookId: string): Promise<number> {
  const { Attributes } = await aws.ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.book(bookId),
      UpdateExpression: 'ADD chapters_done :one',
      ExpressionAttributeValues: { ':one': 1 },
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.chapters_done ?? 0);
}

export async function listBooksByOwner(ownerId: string): Promise<BookRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :owner AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':owner': ownerIndex(ownerId), ':prefix': 'BOOK#' },
    ScanIndexForward: false,
  });
  return items.map((item) => stripKeys(item) as unknown as BookRecord);
}

export async function putChapter(chapter: ChapterRecord): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.chapter(chapter.book_id, chapter.chapter_number),
        gsi1pk: chapterIndex(chapter.id),
        gsi1sk: 'CHAPTER',
        ...chapter,
      },
    }),
  );
}

export async function listChapters(bookId: string): Promise<ChapterRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.book(bookId).pk, ':prefix': 'CHAPTER#' },
  });
  return items.map((item) => stripKeys(item) as unknown as ChapterRecord);
}

export async function getChapterById(chapterId: string): Promise<ChapterRecord | null> {
  const { Items = [] } = await aws.ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :id',
      ExpressionAttributeValues: { ':id': chapterIndex(chapterId) },
      Limit: 1,
    }),
  );
  return Items[0] ? (stripKeys(Items[0]) as unknown as ChapterRecord) : null;
}

/** Removes chapters numbered above `keep` (left over from an earlier, longer structure). */
export async function deleteChaptersAbove(bookId: string, keep: number): Promise<number> {
  const stale = (await listChapters(bookId)).filter((c) => c.chapter_number > keep);
  await batchDeleteKeys(stale.map((c) => keys.chapter(bookId, c.chapter_number)));
  return stale.length;
}

/** Every item of the book (the book and its chapters). */
export async function deleteBookItems(bookId: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.book(bookId).pk },
    ProjectionExpression: 'pk, sk',
  });
  await batchDeleteKeys(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}

export interface CatalogEntry {
  book_id: string;
  book_type: BookType;
  published_at: string;
}

export async function putCatalogEntry(entry: CatalogEntry): Promise<void> {
  await aws.ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.catalogEntry(entry.book_type, entry.published_at, entry.book_id), ...entry },
    }),
  );
}

export async function deleteCatalogEntry(entry: CatalogEntry): Promise<void> {
  await aws.ddb.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.catalogEntry(entry.book_type, entry.published_at, entry.book_id),
    }),
  );
}

export async function listCatalog(bookType: BookType): Promise<CatalogEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `CATALOG#${bookType}` },
    ScanIndexForward: false,
  });
  return items.map((item) => stripKeys(item) as unknown as CatalogEntry);
}

export interface ProgressRecord {
  book_id: string;
  progress: number;
  last_chapter_id: string | null;
  completed_chapters: string[];
  updated_at: string;
}

export async function listProgress(userId: string): Promise<ProgressRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.profile(userId).pk, ':prefix': 'PROGRESS#' },
  });
  return items.map((item) => stripKeys(item) as unknown as ProgressRecord);
}

export async function deleteProgress(userId: string, bookId: string): Promise<void> {
  await aws.ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.progress(userId, bookId) }));
}

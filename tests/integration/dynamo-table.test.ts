import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aws } from '../../functions/lib/aws/clients';
import { createDynamoTable } from '../../functions/lib/aws/dynamo-table';
import type { Table } from '../../functions/lib/ports';
import { MemoryTable } from '../support/memory';
import { startTestRuntime, type TestRuntime } from './helpers';

/**
 * The Table port's DynamoDB adapter against the local runtime's DynamoDB (which checks every
 * signature), side by side with the in-memory table the domain tests use where both can answer.
 */
let t: TestRuntime;
let table: Table;
beforeAll(async () => {
  t = await startTestRuntime();
  table = createDynamoTable(() => t.runtime.env.TABLE_NAME!);
});
afterAll(async () => {
  await t.stop();
});

const both = () => [createDynamoTable(() => t.runtime.env.TABLE_NAME!), new MemoryTable()] as const;

describe('the DynamoDB Table adapter', () => {
  it('stores and reads back every kind of value the domains keep, without the key attributes', async () => {
    const item = {
      pk: 'VALUES#1',
      sk: 'A',
      gsi1pk: 'VALUES-OWNER',
      gsi1sk: 'A',
      title: 'The Harbour Light',
      progress: 42.5,
      total_chapters: 3,
      review_pending: false,
      error_message: null,
      skipped: undefined,
      tags: ['sea', 'night', ''],
      flags: new Set(['draft']),
      source: { key: 'books/b1/source.txt', size: 1024, format: null, nested: { deep: [1, { x: 'y' }] } },
      empty_list: [],
      empty_map: {},
    };
    expect(await table.put(item)).toBe(true);
    const { pk, sk, gsi1pk, gsi1sk, skipped, ...expected } = item;
    expect([pk, sk, gsi1pk, gsi1sk, skipped]).toHaveLength(5);
    expect(await table.get({ pk: 'VALUES#1', sk: 'A' })).toEqual(expected);
    expect(await table.get({ pk: 'VALUES#1', sk: 'A' }, { consistent: true })).toEqual(expected);
    expect(await table.get({ pk: 'VALUES#1', sk: 'missing' })).toBeNull();
  });

  it('writes only when the condition holds, as the in-memory table does', async () => {
    for (const store of both()) {
      const key = { pk: 'COND#1', sk: 'JOB' };
      expect(await store.put({ ...key, status: 'RUNNING', attempts: 1 }, { exists: false })).toBe(true);
      expect(await store.put({ ...key, status: 'NEW' }, { exists: false })).toBe(false);
      expect(await store.put({ ...key, status: 'NEW' }, { exists: true, equals: { status: 'DONE' } })).toBe(
        false,
      );
      // reserved words as field names (status, size) are placeholders in every expression
      expect(
        await store.update(key, { set: { status: 'DONE', size: 3 } }, { oneOf: { status: ['RUNNING'] } }),
      ).toEqual({ status: 'DONE', attempts: 1, size: 3 });
      expect(
        await store.update(key, { set: { status: 'RUNNING' } }, { oneOf: { status: ['NEW'] } }),
      ).toBeNull();
      expect(await store.update(key, { add: { attempts: 1 } }, { lessThan: { attempts: 2 } })).toMatchObject({
        attempts: 2,
      });
      expect(await store.update(key, { add: { attempts: 1 } }, { lessThan: { attempts: 2 } })).toBeNull();
      // below a limit or not started yet
      expect(await store.update(key, { add: { used: 5 } }, { belowOrAbsent: { used: 10 } })).toMatchObject({
        used: 5,
      });
      expect(await store.update(key, { add: { used: 5 } }, { belowOrAbsent: { used: 5 } })).toBeNull();
      // nothing to change: the item as it is
      expect(await store.update(key, { set: { ignored: undefined } })).toMatchObject({
        status: 'DONE',
        used: 5,
      });
      expect(await store.get(key)).toEqual({ status: 'DONE', attempts: 2, size: 3, used: 5 });
      expect(await store.delete(key)).toEqual({ status: 'DONE', attempts: 2, size: 3, used: 5 });
      expect(await store.delete(key)).toBeNull();
      expect(await store.update(key, { set: { status: 'X' } }, { exists: true })).toBeNull();
      expect(await store.get(key)).toBeNull();
    }
  });

  it('counts atomically: fifty concurrent additions all land', async () => {
    const key = { pk: 'COUNTER#1', sk: 'USAGE' };
    await Promise.all(Array.from({ length: 50 }, () => table.update(key, { add: { units: 1, spent: -2 } })));
    expect(await table.get(key, { consistent: true })).toEqual({ units: 50, spent: -100 });
  });

  it('queries by key or index, prefix, order and limit, and projects fields, as the in-memory table does', async () => {
    const book = (n: number) => ({
      pk: `PROJECT#${n}`,
      sk: 'BOOK',
      gsi1pk: 'PROJECT-OWNER',
      gsi1sk: `BOOK#${n}`,
      id: `b${n}`,
      title: `Book ${n}`,
      owner_set: ['title'],
      source: { key: `books/b${n}/source.txt`, format: 'txt', size: 10 },
      status: 'READY',
      size: n,
    });
    const fields = ['id', 'status', 'source.format', 'missing'];
    const projected = (n: number) => ({ id: `b${n}`, status: 'READY', source: { format: 'txt' } });
    const byId = (a: unknown, b: unknown) =>
      String((a as { id: string }).id).localeCompare((b as { id: string }).id);
    for (const store of both()) {
      for (const n of [1, 2, 3]) await store.put(book(n));
      await store.put({ pk: 'PROJECT#1', sk: 'CHAPTER#01', n: 1 });
      await store.put({ pk: 'PROJECT#1', sk: 'CHAPTER#02', n: 2 });
      const index = { index: 'gsi1' as const, pk: 'PROJECT-OWNER', skPrefix: 'BOOK#' };
      expect(await store.query({ ...index, fields })).toEqual([1, 2, 3].map(projected));
      expect(await store.query({ ...index, fields, descending: true, limit: 2 })).toEqual(
        [3, 2].map(projected),
      );
      expect(
        [
          ...(await store.batchGet(
            [1, 2].map((n) => ({ pk: `PROJECT#${n}`, sk: 'BOOK' })),
            fields,
          )),
        ].sort(byId),
      ).toEqual([1, 2].map(projected));
      // without fields, every attribute
      const whole = await store.query<{ owner_set: string[]; size: number }>(index);
      expect(whole.map((item) => [item.owner_set, item.size])).toEqual([
        [['title'], 1],
        [['title'], 2],
        [['title'], 3],
      ]);
      expect(await store.query({ pk: 'PROJECT#1', skPrefix: 'CHAPTER#', consistent: true })).toEqual([
        { n: 1 },
        { n: 2 },
      ]);
      expect(await store.queryKeys({ pk: 'PROJECT#1' })).toEqual([
        { pk: 'PROJECT#1', sk: 'BOOK' },
        { pk: 'PROJECT#1', sk: 'CHAPTER#01' },
        { pk: 'PROJECT#1', sk: 'CHAPTER#02' },
      ]);
    }
  });

  it('reads every page of a query larger than one DynamoDB answer, and stops at its limit', async () => {
    const text = 'x'.repeat(100_000);
    await Promise.all(
      Array.from({ length: 14 }, (_, n) =>
        table.put({ pk: 'PAGED#1', sk: `PART#${String(n).padStart(2, '0')}`, n, text }),
      ),
    );
    // DynamoDB answers at most 1 MB per page: one page does not hold these 1.4 MB.
    const first = await aws.ddb.send(
      new QueryCommand({
        TableName: t.runtime.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'PAGED#1' },
      }),
    );
    expect(first.LastEvaluatedKey).toBeDefined();
    expect(first.Items!.length).toBeLessThan(14);

    const all = await table.query<{ n: number }>({ pk: 'PAGED#1', fields: ['n'] });
    expect(all.map((item) => item.n)).toEqual([...Array(14).keys()]);
    const whole = await table.query<{ n: number; text: string }>({ pk: 'PAGED#1' });
    expect(whole).toHaveLength(14);
    expect(whole.every((item) => item.text.length === 100_000)).toBe(true);
    const newest = await table.query<{ n: number }>({ pk: 'PAGED#1', descending: true, limit: 12 });
    expect(newest.map((item) => item.n)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(await table.queryKeys({ pk: 'PAGED#1' })).toHaveLength(14);
  });

  it('reads and deletes in batches beyond one DynamoDB call (100 reads, 25 deletes per call)', async () => {
    const keys = Array.from({ length: 130 }, (_, n) => ({
      pk: 'BATCH#1',
      sk: `ITEM#${String(n).padStart(3, '0')}`,
    }));
    await Promise.all(keys.map((key, n) => table.put({ ...key, n })));
    const missing = { pk: 'BATCH#1', sk: 'NONE' };
    const found = await table.batchGet<{ n: number }>([...keys, missing]);
    expect(found.map((item) => item.n).sort((a, b) => a - b)).toEqual([...Array(130).keys()]);
    const projected = await table.batchGet<Record<string, unknown>>(keys.slice(0, 3), ['n']);
    expect(projected.map((item) => Object.keys(item))).toEqual([['n'], ['n'], ['n']]);

    await table.batchDelete(keys.slice(0, 60));
    const left = await table.queryKeys({ pk: 'BATCH#1' });
    expect(left).toEqual(keys.slice(60));
    await table.batchDelete(left);
    expect(await table.queryKeys({ pk: 'BATCH#1' })).toEqual([]);
    expect(await table.batchGet([])).toEqual([]);
  });

  it('passes on what DynamoDB refuses by the name DynamoDB gives it', async () => {
    const refused = await table.put({ pk: 'REFUSED#1', sk: '' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe('ValidationException');
    const tooLarge = await table
      .put({ pk: 'REFUSED#1', sk: 'BIG', text: 'x'.repeat(410 * 1024) })
      .catch((error: unknown) => error);
    expect((tooLarge as Error).name).toBe('ValidationException');
    expect(await table.get({ pk: 'REFUSED#1', sk: 'BIG' })).toBeNull();
  });

  // Last: the DynamoDB of this runtime stays stopped.
  it('fails as the SDK does once DynamoDB has stopped: the connection error, after its retries', async () => {
    const key = { pk: 'STOPPED#1', sk: 'A' };
    await table.put({ ...key, n: 1 });
    expect(await table.get(key)).toEqual({ n: 1 });
    await t.runtime.stopService('dynamodb');
    const failure = (await table.get(key).catch((error: unknown) => error)) as Error & {
      code?: string;
      $metadata?: { attempts?: number };
    };
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toMatch(/^(ECONNREFUSED|ECONNRESET)$/);
    expect(failure.$metadata?.attempts).toBe(3);
    await expect(table.put({ ...key, n: 2 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

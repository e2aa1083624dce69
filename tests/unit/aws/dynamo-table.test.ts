import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClients } from '../../../functions/lib/aws/clients';
import { createDynamoTable, UnprocessedBatchError } from '../../../functions/lib/aws/dynamo-table';
import { resetConfig } from '../../../functions/lib/config';
import { answerDynamoFromMemory, dynamoError, type DynamoAnswer } from '../../support/dynamo-answers';

/**
 * What DynamoDB in the cloud does and the local one never does (throttling, keys left unprocessed by
 * a batch, server errors): the adapter and the SDK below it, answered from memory.
 */
const ENV = {
  TABLE_NAME: 'books-table',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
  AWS_EC2_METADATA_DISABLED: 'true',
};
const saved: Record<string, string | undefined> = {};

let requests: { operation: string; body: Record<string, unknown> }[] = [];
let answers: DynamoAnswer[] = [];

beforeAll(() => {
  for (const [name, value] of Object.entries(ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  delete process.env.DYNAMODB_ENDPOINT;
  resetConfig();
  resetClients();
  answerDynamoFromMemory((operation, body) => {
    requests.push({ operation, body: JSON.parse(body) as Record<string, unknown> });
    const next = answers.shift();
    if (!next) throw new Error(`no answer left for ${operation}`);
    return next;
  });
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetConfig();
  resetClients();
  vi.useRealTimers();
});

beforeEach(() => {
  requests = [];
  answers = [];
});

const ok = (body: unknown): DynamoAnswer => ({ body: JSON.stringify(body) });
const table = () => createDynamoTable(() => 'books-table');
const wireKey = (n: number) => ({ pk: { S: `BOOK#${n}` }, sk: { S: 'BOOK' } });
const key = (n: number) => ({ pk: `BOOK#${n}`, sk: 'BOOK' });

/** Runs `work` with the clock's timers under the test's control (backoffs pass at once). */
async function withoutWaiting<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    let settled = false;
    const running = work().finally(() => (settled = true));
    running.catch(() => undefined);
    // The SDK reads its settings and credentials between backoffs: timers are run until it is done.
    while (!settled) {
      await vi.runAllTimersAsync();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return await running;
  } finally {
    vi.useRealTimers();
  }
}

describe('batch reads and deletes DynamoDB leaves partly unprocessed', () => {
  it('asks again for the keys left unprocessed, with the same projection, until every one is read', async () => {
    answers = [
      ok({
        Responses: { 'books-table': [{ ...wireKey(1), id: { S: 'b1' } }] },
        UnprocessedKeys: {
          'books-table': {
            Keys: [wireKey(2), wireKey(3)],
            ProjectionExpression: '#id',
            ExpressionAttributeNames: { '#id': 'id' },
          },
        },
      }),
      ok({ Responses: { 'books-table': [{ id: { S: 'b2' } }, { id: { S: 'b3' } }] }, UnprocessedKeys: {} }),
    ];
    const found = await withoutWaiting(() => table().batchGet([key(1), key(2), key(3)], ['id']));
    expect(found).toEqual([{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }]);
    expect(requests.map((r) => r.operation)).toEqual(['BatchGetItem', 'BatchGetItem']);
    expect(requests[1]!.body).toEqual({
      RequestItems: {
        'books-table': {
          Keys: [wireKey(2), wireKey(3)],
          ProjectionExpression: '#id',
          ExpressionAttributeNames: { '#id': 'id' },
        },
      },
    });
  });

  it('fails, naming what is left, when DynamoDB keeps a batch read unprocessed', async () => {
    const unprocessed = ok({ Responses: {}, UnprocessedKeys: { 'books-table': { Keys: [wireKey(1)] } } });
    answers = Array.from({ length: 8 }, () => unprocessed);
    const failure = await withoutWaiting(() =>
      table()
        .batchGet([key(1)])
        .catch((error: unknown) => error),
    );
    expect(failure).toBeInstanceOf(UnprocessedBatchError);
    expect((failure as Error).message).toBe('DynamoDB left 1 keys of a batch read unprocessed');
    expect(requests).toHaveLength(8);
  });

  it('deletes again what a batch left unprocessed, and fails when it stays unprocessed', async () => {
    const deleteOf = (n: number) => ({ DeleteRequest: { Key: wireKey(n) } });
    answers = [ok({ UnprocessedItems: { 'books-table': [deleteOf(2)] } }), ok({ UnprocessedItems: {} })];
    await withoutWaiting(() => table().batchDelete([key(1), key(2)]));
    expect(requests.map((r) => r.body)).toEqual([
      { RequestItems: { 'books-table': [deleteOf(1), deleteOf(2)] } },
      { RequestItems: { 'books-table': [deleteOf(2)] } },
    ]);

    requests = [];
    answers = Array.from({ length: 8 }, () => ok({ UnprocessedItems: { 'books-table': [deleteOf(1)] } }));
    await expect(withoutWaiting(() => table().batchDelete([key(1)]))).rejects.toThrow(
      'DynamoDB left 1 deletes of a batch unprocessed',
    );
    expect(requests).toHaveLength(8);
  });
});

describe('failures DynamoDB answers', () => {
  it('tries a throttled or failed call again and answers what the next attempt reads', async () => {
    answers = [
      dynamoError('ProvisionedThroughputExceededException'),
      dynamoError('InternalServerError', 500),
      ok({ Item: { ...wireKey(1), title: { S: 'The Harbour Light' } } }),
    ];
    expect(await withoutWaiting(() => table().get(key(1)))).toEqual({ title: 'The Harbour Light' });
    expect(requests).toHaveLength(3);
  });

  it('gives up after three attempts with the last error', async () => {
    answers = [0, 1, 2].map(() => dynamoError('ServiceUnavailable', 503));
    const failure = await withoutWaiting(() =>
      table()
        .get(key(1))
        .catch((error: unknown) => error),
    );
    expect(failure).toMatchObject({
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503, attempts: 3 },
    });
    expect(requests).toHaveLength(3);
  });

  it('does not repeat what DynamoDB refused, and maps a failed condition to "not written"', async () => {
    answers = [dynamoError('ValidationException', 400, 'One or more parameter values were invalid')];
    await expect(table().put({ ...key(1), title: 'x' })).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid',
    });
    answers = [
      dynamoError('ConditionalCheckFailedException'),
      dynamoError('ConditionalCheckFailedException'),
    ];
    expect(await table().put({ ...key(1), title: 'x' }, { exists: false })).toBe(false);
    expect(await table().update(key(1), { set: { title: 'y' } }, { exists: true })).toBeNull();
    expect(requests).toHaveLength(3);
    expect(requests[1]!.body).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': 'pk' },
    });
  });
});

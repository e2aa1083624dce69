import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoTable } from '../../functions/lib/aws/dynamo-table';
import { createDynamoWire, DynamoServiceError } from '../../functions/lib/aws/dynamo-wire';
import type { Table } from '../../functions/lib/ports';
import { MemoryTable } from '../support/memory';
import { startTestRuntime, type TestRuntime } from './helpers';

/** The lean DynamoDB client against the local runtime's DynamoDB (which checks every signature). */
describe('DynamoDB over its JSON protocol', () => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await startTestRuntime();
  });
  afterAll(async () => {
    await t.stop();
  });

  const wire = (secret?: string) =>
    createDynamoWire({
      region: 'us-east-1',
      endpoint: t.runtime.env.DYNAMODB_ENDPOINT,
      credentials: async () => ({
        accessKeyId: t.runtime.credentials.accessKeyId,
        secretAccessKey: secret ?? t.runtime.credentials.secretAccessKey,
      }),
    });
  const table = () => t.runtime.env.TABLE_NAME;

  it('writes, reads and reports a failed condition by its type', async () => {
    const client = wire();
    const Key = { pk: { S: 'WIRE#1' }, sk: { S: 'A' } };
    await client.call('PutItem', { TableName: table(), Item: { ...Key, n: { N: '7' } } });
    const { Item } = await client.call<{ Item: Record<string, unknown> }>('GetItem', {
      TableName: table(),
      Key,
    });
    expect(Item.n).toEqual({ N: '7' });
    const refused = await client
      .call('PutItem', {
        TableName: table(),
        Item: Key,
        ConditionExpression: 'attribute_not_exists(pk)',
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DynamoServiceError);
    expect((refused as Error).name).toBe('ConditionalCheckFailedException');
    client.destroy();
  });

  it('reads only the projected fields, a field of a map included, as the in-memory table does', async () => {
    const book = (n: number) => ({
      pk: `PROJECT#${n}`,
      sk: 'BOOK',
      gsi1pk: 'PROJECT-OWNER',
      gsi1sk: `BOOK#${n}`,
      id: `b${n}`,
      title: `Book ${n}`,
      owner_set: ['title'],
      source: { key: `books/b${n}/source.txt`, format: 'txt', size: 10 },
      // reserved words in DynamoDB's expression language
      status: 'READY',
      size: n,
    });
    const fields = ['id', 'status', 'source.format', 'missing'];
    const expected = [
      { id: 'b1', status: 'READY', source: { format: 'txt' } },
      { id: 'b2', status: 'READY', source: { format: 'txt' } },
    ];
    const memory = new MemoryTable();
    const dynamo = createDynamoTable(() => table()!);
    const answers = async (store: Table) => {
      for (const n of [1, 2]) await store.put(book(n));
      const listed = await store.query({ index: 'gsi1', pk: 'PROJECT-OWNER', skPrefix: 'BOOK#', fields });
      const got = await store.batchGet(
        [1, 2].map((n) => ({ pk: `PROJECT#${n}`, sk: 'BOOK' })),
        fields,
      );
      const whole = await store.query<{ owner_set: string[] }>({ index: 'gsi1', pk: 'PROJECT-OWNER' });
      return { listed, got, whole };
    };
    for (const store of [dynamo, memory]) {
      const { listed, got, whole } = await answers(store);
      expect(listed).toEqual(expected);
      expect(
        [...got].sort((a, b) => String((a as { id: string }).id).localeCompare((b as { id: string }).id)),
      ).toEqual(expected);
      // without fields, every attribute
      expect(whole.map((item) => item.owner_set)).toEqual([['title'], ['title']]);
    }
  });

  it('asks again for an answer it kept and is told it is unchanged, until a write changes it', async () => {
    // Between the client and DynamoDB, a relay that notes each answer's status.
    const statuses: number[] = [];
    const upstream = new URL(t.runtime.env.DYNAMODB_ENDPOINT!);
    const relay = createServer((req, res) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          statuses.push(answer.statusCode ?? 0);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const client = createDynamoWire({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(relay.address() as { port: number }).port}`,
      credentials: async () => t.runtime.credentials,
    });
    const Key = { pk: { S: 'WIRE#KEPT' }, sk: { S: 'A' } };
    const read = () => client.call<{ Item: Record<string, unknown> }>('GetItem', { TableName: table(), Key });
    await client.call('PutItem', { TableName: table(), Item: { ...Key, n: { N: '1' } } });
    statuses.length = 0;
    for (let i = 0; i < 3; i++) expect((await read()).Item.n).toEqual({ N: '1' });
    // read from the table, then from the read cache (tagged), then "not modified"
    expect(statuses).toEqual([200, 200, 304]);
    await client.call('PutItem', { TableName: table(), Item: { ...Key, n: { N: '2' } } });
    statuses.length = 0;
    expect((await read()).Item.n).toEqual({ N: '2' });
    expect(statuses).toEqual([200]);
    client.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  it('marks a kept answer as shared, and the table hands every reader its own copy of its items', async () => {
    const client = wire();
    const Key = { pk: { S: 'WIRE#SHARED' }, sk: { S: 'A' } };
    await client.call('PutItem', { TableName: table(), Item: { ...Key, n: { N: '1' } } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await client.call('GetItem', { TableName: table(), Key }));
    // the table's answer, the cache's tagged one (kept), then the kept one again ("not modified")
    expect(answers.map((answer) => client.isShared(answer))).toEqual([false, true, true]);
    expect(answers[2]).toBe(answers[1]);
    client.destroy();

    const store = createDynamoTable(() => table()!);
    const item = {
      pk: 'WIRE#COPIES',
      sk: 'A',
      title: 'Kept',
      source: { format: 'txt', pages: [1, 2] },
      tags: ['a'],
      flags: new Set(['x']),
    };
    await store.put(item);
    const expected = {
      title: 'Kept',
      source: { format: 'txt', pages: [1, 2] },
      tags: ['a'],
      flags: new Set(['x']),
    };
    for (let i = 0; i < 4; i++) {
      const [got] = await store.query<typeof expected>({ pk: 'WIRE#COPIES' });
      const one = await store.get<typeof expected>({ pk: 'WIRE#COPIES', sk: 'A' });
      expect(got).toEqual(expected);
      expect(one).toEqual(expected);
      // What a caller does to its items is its own business.
      for (const mine of [got!, one!]) {
        mine.title = 'Changed';
        mine.source.format = 'pdf';
        mine.source.pages.push(3);
        mine.tags.length = 0;
        mine.flags.add('y');
      }
    }
  });

  it('is refused when signed with another secret', async () => {
    const client = wire('not-the-secret');
    const refused = await client
      .call('GetItem', { TableName: table(), Key: { pk: { S: 'WIRE#1' }, sk: { S: 'A' } } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DynamoServiceError);
    expect((refused as DynamoServiceError).statusCode).toBeGreaterThanOrEqual(400);
    client.destroy();
  });
});

describe('DynamoDB calls that fail on the way', () => {
  let server: Server;
  let answers: ((res: ServerResponse) => void)[] = [];
  let seen = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen++;
        const answer = answers.shift();
        if (answer) answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (timeoutMs = 5000) =>
    createDynamoWire({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      credentials: async () => ({ accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: 'token' }),
      timeoutMs,
    });
  const json = (status: number, body: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  };

  it('tries again after a throttle and a server error, then answers', async () => {
    seen = 0;
    answers = [
      json(400, { __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException', message: 'slow down' }),
      json(500, { __type: 'com.amazon.coral.service#InternalFailure' }),
      json(200, { Item: { id: { S: 'x' } } }),
    ];
    await expect(client().call('GetItem', {})).resolves.toEqual({ Item: { id: { S: 'x' } } });
    expect(seen).toBe(3);
  });

  it('gives up after three attempts with the last error', async () => {
    seen = 0;
    answers = [0, 1, 2].map(() => json(503, { message: 'unavailable' }));
    await expect(client().call('GetItem', {})).rejects.toMatchObject({ statusCode: 503 });
    expect(seen).toBe(3);
  });

  it('does not repeat a request DynamoDB refused for what it asked', async () => {
    seen = 0;
    answers = [
      json(400, { __type: 'x#ValidationException', message: 'One or more parameter values were invalid' }),
    ];
    await expect(client().call('PutItem', {})).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid',
    });
    expect(seen).toBe(1);
  });

  it('abandons a call that does not answer and tries again', async () => {
    seen = 0;
    answers = [() => undefined, json(200, {})];
    await expect(client(200).call('GetItem', {})).resolves.toEqual({});
    expect(seen).toBe(2);
  });
});

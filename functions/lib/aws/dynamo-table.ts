import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Condition, Item, Key, Query, Table, Update } from '../ports';
import { aws } from './clients';

/**
 * The Table port on DynamoDB (dynalite locally). Conditions and updates are turned into expressions
 * with placeholder names for every attribute, so field names never clash with reserved words.
 */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];

export function stripKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = { ...item };
  for (const name of KEY_ATTRIBUTES) delete rest[name];
  return rest as T;
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private counter = 0;

  name(field: string): string {
    const placeholder = `#${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
    this.names[placeholder] = field;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.counter++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  condition(condition: Condition | undefined): string | undefined {
    if (!condition) return undefined;
    const parts: string[] = [];
    if (condition.exists === true) parts.push(`attribute_exists(${this.name('pk')})`);
    if (condition.exists === false) parts.push(`attribute_not_exists(${this.name('pk')})`);
    for (const [field, value] of Object.entries(condition.equals ?? {}))
      parts.push(`${this.name(field)} = ${this.value(value)}`);
    for (const [field, values] of Object.entries(condition.oneOf ?? {}))
      parts.push(`${this.name(field)} IN (${values.map((v) => this.value(v)).join(', ')})`);
    for (const [field, value] of Object.entries(condition.lessThan ?? {}))
      parts.push(`${this.name(field)} < ${this.value(value)}`);
    return parts.length ? parts.join(' AND ') : undefined;
  }

  update(update: Update): string {
    const sets = Object.entries(update.set ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => `${this.name(field)} = ${this.value(value)}`);
    const adds = Object.entries(update.add ?? {})
      .filter(([, value]) => value !== 0)
      .map(([field, value]) => `${this.name(field)} ${this.value(value)}`);
    return [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
      .filter(Boolean)
      .join(' ');
  }

  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

export function createDynamoTable(tableName: () => string): Table {
  async function queryPages(query: Query, projectKeys: boolean): Promise<Record<string, unknown>[]> {
    const expression = new Expression();
    const pkField = query.index === 'gsi1' ? 'gsi1pk' : 'pk';
    const skField = query.index === 'gsi1' ? 'gsi1sk' : 'sk';
    let keyCondition = `${expression.name(pkField)} = ${expression.value(query.pk)}`;
    if (query.skPrefix !== undefined)
      keyCondition += ` AND begins_with(${expression.name(skField)}, ${expression.value(query.skPrefix)})`;
    const input: Omit<QueryCommandInput, 'ExclusiveStartKey'> = {
      TableName: tableName(),
      ...(query.index ? { IndexName: query.index } : {}),
      KeyConditionExpression: keyCondition,
      ...(projectKeys ? { ProjectionExpression: `${expression.name('pk')}, ${expression.name('sk')}` } : {}),
      ...expression.attributes(),
      ScanIndexForward: !query.descending,
      ...(query.limit ? { Limit: query.limit } : {}),
    };
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await aws.ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start && (!query.limit || items.length < query.limit));
    return query.limit ? items.slice(0, query.limit) : items;
  }

  return {
    async get<T>(key: Key) {
      const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: key }));
      return Item ? stripKeys<T>(Item) : null;
    },

    async put(item: Item, condition?: Condition) {
      const expression = new Expression();
      const conditionExpression = expression.condition(condition);
      try {
        await aws.ddb.send(
          new PutCommand({
            TableName: tableName(),
            Item: item,
            ...(conditionExpression
              ? { ConditionExpression: conditionExpression, ...expression.attributes() }
              : {}),
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async update<T>(key: Key, update: Update, condition?: Condition) {
      const expression = new Expression();
      const updateExpression = expression.update(update);
      const conditionExpression = expression.condition(condition);
      try {
        if (!updateExpression) {
          // Nothing to change: answer the item as it is (still honouring the condition's "exists").
          const { Item } = await aws.ddb.send(new GetCommand({ TableName: tableName(), Key: key }));
          return Item ? stripKeys<T>(Item) : null;
        }
        const { Attributes } = await aws.ddb.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: updateExpression,
            ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
            ...expression.attributes(),
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? stripKeys<T>(Attributes) : null;
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
    },

    async delete<T>(key: Key) {
      const { Attributes } = await aws.ddb.send(
        new DeleteCommand({ TableName: tableName(), Key: key, ReturnValues: 'ALL_OLD' }),
      );
      return Attributes ? stripKeys<T>(Attributes) : null;
    },

    async query<T>(query: Query) {
      return (await queryPages(query, false)).map((item) => stripKeys<T>(item));
    },

    async queryKeys(query: Query) {
      return (await queryPages(query, true)).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
    },

    async batchGet<T>(keys: Key[]) {
      const found: T[] = [];
      for (let i = 0; i < keys.length; i += 100) {
        let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
          [tableName()]: { Keys: keys.slice(i, i + 100) as unknown as Record<string, unknown>[] },
        };
        for (let attempt = 0; request && attempt < 8; attempt++) {
          const result: BatchGetCommandOutput = await aws.ddb.send(
            new BatchGetCommand({ RequestItems: request }),
          );
          found.push(...(result.Responses?.[tableName()] ?? []).map((item) => stripKeys<T>(item)));
          request =
            result.UnprocessedKeys && Object.keys(result.UnprocessedKeys).length
              ? (result.UnprocessedKeys as typeof request)
              : undefined;
          if (request) await backoff(attempt);
        }
      }
      return found;
    },

    async batchDelete(keys: Key[]) {
      for (let i = 0; i < keys.length; i += 25) {
        let requests = keys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: key } }));
        for (let attempt = 0; requests.length && attempt < 8; attempt++) {
          const result = await aws.ddb.send(
            new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
          );
          requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
          if (requests.length) await backoff(attempt);
        }
      }
    },
  };
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));

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
 * The Table port on DynamoDB (dynalite locally), through the SDK's document client: values are
 * converted to and from DynamoDB's attribute form by the client. Conditions and updates are turned
 * into expressions with placeholder names for every attribute, so field names never clash with
 * reserved words.
 */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];

/** A batch call is repeated this often for what DynamoDB left unprocessed (throttling) before failing. */
const BATCH_ATTEMPTS = 8;

type Stored = Record<string, unknown>;

/**
 * The item without the table's key attributes (copied, not deleted: deleting slows the object). A
 * projected item (a list's fields) has none, and is answered as it is.
 */
function stripKeys<T>(item: Stored): T {
  if (!('pk' in item || 'sk' in item || 'gsi1pk' in item || 'gsi1sk' in item)) return item as T;
  const rest: Stored = {};
  for (const name in item) if (!KEY_ATTRIBUTES.includes(name)) rest[name] = item[name];
  return rest as T;
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** DynamoDB kept refusing part of a batch (throttling): nothing is dropped without saying so. */
export class UnprocessedBatchError extends Error {
  override name = 'UnprocessedBatchError';
}

/** Field name → its placeholder (the same few fields are named on every call). */
const placeholders = new Map<string, string>();

class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private counter = 0;

  name(field: string): string {
    let placeholder = placeholders.get(field);
    if (placeholder === undefined) {
      placeholder = `#${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
      if (placeholders.size < 1000) placeholders.set(field, placeholder);
    }
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
    for (const [field, value] of Object.entries(condition.belowOrAbsent ?? {})) {
      const name = this.name(field);
      parts.push(`(attribute_not_exists(${name}) OR ${name} < ${this.value(value)})`);
    }
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

  /** A projection expression naming `fields` (`a.b`: field `b` of map `a`). */
  projection(fields: readonly string[]): string {
    return fields
      .map((field) =>
        field
          .split('.')
          .map((part) => this.name(part))
          .join('.'),
      )
      .join(', ');
  }

  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));

/** Every page of a query (up to its limit), as DynamoDB stores the items. */
async function queryPages(table: string, query: Query, projectKeys: boolean): Promise<Stored[]> {
  const expression = new Expression();
  const pkField = query.index === 'gsi1' ? 'gsi1pk' : 'pk';
  const skField = query.index === 'gsi1' ? 'gsi1sk' : 'sk';
  let keyCondition = `${expression.name(pkField)} = ${expression.value(query.pk)}`;
  if (query.skPrefix !== undefined)
    keyCondition += ` AND begins_with(${expression.name(skField)}, ${expression.value(query.skPrefix)})`;
  const fields = projectKeys ? ['pk', 'sk'] : query.fields;
  const input: QueryCommandInput = {
    TableName: table,
    ...(query.index ? { IndexName: query.index } : {}),
    KeyConditionExpression: keyCondition,
    ...(fields?.length ? { ProjectionExpression: expression.projection(fields) } : {}),
    ...expression.attributes(),
    ScanIndexForward: !query.descending,
    ...(query.limit ? { Limit: query.limit } : {}),
    ...(query.consistent && !query.index ? { ConsistentRead: true } : {}),
  };
  const items: Stored[] = [];
  let start: Stored | undefined;
  do {
    const page = await aws.ddb.send(new QueryCommand(start ? { ...input, ExclusiveStartKey: start } : input));
    for (const item of page.Items ?? []) {
      if (query.limit && items.length >= query.limit) break;
      items.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start && (!query.limit || items.length < query.limit));
  return items;
}

export function createDynamoTable(tableName: () => string): Table {
  const getItem = async <T>(key: Key, options?: { consistent?: boolean }) => {
    const { Item } = await aws.ddb.send(
      new GetCommand({
        TableName: tableName(),
        Key: key,
        ...(options?.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    return Item ? stripKeys<T>(Item) : null;
  };

  return {
    get: getItem,

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
        // Nothing to change: answer the item as it is (still honouring the condition's "exists").
        if (!updateExpression) return await getItem<T>(key);
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
      return (await queryPages(tableName(), query, false)).map((item) => stripKeys<T>(item));
    },

    async queryKeys(query: Query) {
      return (await queryPages(tableName(), query, true)).map((item) => ({
        pk: String(item.pk),
        sk: String(item.sk),
      }));
    },

    async batchGet<T>(keys: Key[], fields?: readonly string[]) {
      const found: T[] = [];
      const projection = new Expression();
      const projected = fields?.length
        ? { ProjectionExpression: projection.projection(fields), ...projection.attributes() }
        : {};
      const table = tableName();
      for (let i = 0; i < keys.length; i += 100) {
        let request: NonNullable<BatchGetCommandOutput['UnprocessedKeys']> | undefined = {
          [table]: { Keys: keys.slice(i, i + 100), ...projected },
        };
        for (let attempt = 0; request; attempt++) {
          if (attempt === BATCH_ATTEMPTS) {
            const left = request[table]?.Keys?.length ?? 0;
            throw new UnprocessedBatchError(`DynamoDB left ${left} keys of a batch read unprocessed`);
          }
          if (attempt > 0) await backoff(attempt - 1);
          const result: BatchGetCommandOutput = await aws.ddb.send(
            new BatchGetCommand({ RequestItems: request }),
          );
          for (const item of result.Responses?.[table] ?? []) found.push(stripKeys<T>(item));
          request =
            result.UnprocessedKeys && Object.keys(result.UnprocessedKeys).length
              ? result.UnprocessedKeys
              : undefined;
        }
      }
      return found;
    },

    async batchDelete(keys: Key[]) {
      const table = tableName();
      for (let i = 0; i < keys.length; i += 25) {
        let requests = keys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: key } }));
        for (let attempt = 0; requests.length; attempt++) {
          if (attempt === BATCH_ATTEMPTS)
            throw new UnprocessedBatchError(
              `DynamoDB left ${requests.length} deletes of a batch unprocessed`,
            );
          if (attempt > 0) await backoff(attempt - 1);
          const result = await aws.ddb.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
      }
    },
  };
}

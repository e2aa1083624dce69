import { marshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import type { Condition, Item, Key, Query, Table, Update } from '../ports';
import { aws } from './clients';

/**
 * The Table port on DynamoDB (dynalite locally), spoken through the lean JSON-protocol client of
 * dynamo-wire.ts. Conditions and updates are turned into expressions with placeholder names for
 * every attribute, so field names never clash with reserved words.
 */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];

type AttributeMap = Record<string, unknown>;
interface BatchGetAnswer {
  Responses?: Record<string, AttributeMap[]>;
  UnprocessedKeys?: Record<string, { Keys: AttributeMap[] }>;
}

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;
const toWire = (value: object) =>
  marshall(value as Record<string, NativeAttributeValue>, MARSHALL) as AttributeMap;

/** The item without the table's key attributes (copied, not deleted: deleting slows the object). */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = {};
  for (const name in item) if (!KEY_ATTRIBUTES.includes(name)) rest[name] = item[name];
  return rest as T;
}

/**
 * One attribute value from DynamoDB's JSON form. A direct switch on the type tag: the SDK's generic
 * unmarshall was the largest cost of listing 50 items. Numbers become JavaScript numbers, as they do
 * with the SDK's document client.
 */
export function nativeOf(value: unknown): unknown {
  const attribute = value as Record<string, unknown>;
  for (const type in attribute) {
    const inner = attribute[type];
    switch (type) {
      case 'S':
        return inner;
      case 'N':
        return Number(inner);
      case 'BOOL':
        return inner;
      case 'NULL':
        return null;
      case 'M':
        return nativeMap(inner as AttributeMap);
      case 'L':
        return (inner as unknown[]).map(nativeOf);
      case 'SS':
        return new Set(inner as string[]);
      case 'NS':
        return new Set((inner as string[]).map(Number));
      case 'B':
        return Buffer.from(inner as string, 'base64');
      case 'BS':
        return new Set((inner as string[]).map((b) => Buffer.from(b, 'base64')));
      default:
        throw new Error(`Unknown DynamoDB attribute type ${type}`);
    }
  }
  throw new Error('Empty DynamoDB attribute value');
}

function nativeMap(map: AttributeMap): AttributeMap {
  const native: AttributeMap = {};
  for (const name in map) native[name] = nativeOf(map[name]);
  return native;
}

/** A stored item in DynamoDB's JSON form, as the application sees it (key attributes left out). */
export function fromWire<T>(item: AttributeMap): T {
  const native: AttributeMap = {};
  for (const name in item) if (!KEY_ATTRIBUTES.includes(name)) native[name] = nativeOf(item[name]);
  return native as T;
}

/**
 * Items of answers the wire may hand out again (see `isShared` of dynamo-wire.ts: the local runtime's
 * tagged answers), each converted once: a later read of the same unchanged answer gets a copy of the
 * conversion (a spread of the item, its maps, lists and sets copied too), which costs a tenth of
 * converting again. Callers own what they get, as always.
 */
const converted = new WeakMap<AttributeMap, { native: AttributeMap; nested: string[] }>();

function copyNative(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyNative);
  if (value instanceof Set) return new Set([...value].map(copyNative));
  if (Buffer.isBuffer(value)) return Buffer.from(value);
  const copy: AttributeMap = {};
  for (const name in value) copy[name] = copyNative((value as AttributeMap)[name]);
  return copy;
}

function fromAnswer<T>(item: AttributeMap, shared: boolean): T {
  if (!shared) return fromWire<T>(item);
  let entry = converted.get(item);
  if (entry === undefined) {
    const native = fromWire<AttributeMap>(item);
    const nested = Object.keys(native).filter(
      (name) => typeof native[name] === 'object' && native[name] !== null,
    );
    entry = { native, nested };
    converted.set(item, entry);
  }
  const copy = { ...entry.native };
  for (const name of entry.nested) copy[name] = copyNative(copy[name]);
  return copy as T;
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

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
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: toWire(this.values) } : {}),
    };
  }
}

export function createDynamoTable(tableName: () => string): Table {
  const call = <T = AttributeMap>(operation: string, input: object) => aws.ddbWire.call<T>(operation, input);

  /** Every page of a query, each item as `convert` makes it (`shared`: its page may be handed out again). */
  async function queryPages<R>(
    query: Query,
    projectKeys: boolean,
    convert: (item: AttributeMap, shared: boolean) => R,
  ): Promise<R[]> {
    const expression = new Expression();
    const pkField = query.index === 'gsi1' ? 'gsi1pk' : 'pk';
    const skField = query.index === 'gsi1' ? 'gsi1sk' : 'sk';
    let keyCondition = `${expression.name(pkField)} = ${expression.value(query.pk)}`;
    if (query.skPrefix !== undefined)
      keyCondition += ` AND begins_with(${expression.name(skField)}, ${expression.value(query.skPrefix)})`;
    const input = {
      TableName: tableName(),
      ...(query.index ? { IndexName: query.index } : {}),
      KeyConditionExpression: keyCondition,
      ...(projectKeys
        ? { ProjectionExpression: expression.projection(['pk', 'sk']) }
        : query.fields?.length
          ? { ProjectionExpression: expression.projection(query.fields) }
          : {}),
      ...expression.attributes(),
      ScanIndexForward: !query.descending,
      ...(query.limit ? { Limit: query.limit } : {}),
      ...(query.consistent && !query.index ? { ConsistentRead: true } : {}),
    };
    const items: R[] = [];
    let start: AttributeMap | undefined;
    do {
      const page = await call<{ Items?: AttributeMap[]; LastEvaluatedKey?: AttributeMap }>('Query', {
        ...input,
        ...(start ? { ExclusiveStartKey: start } : {}),
      });
      const shared = aws.ddbWire.isShared(page);
      for (const item of page.Items ?? []) {
        if (query.limit && items.length >= query.limit) break;
        items.push(convert(item, shared));
      }
      start = page.LastEvaluatedKey;
    } while (start && (!query.limit || items.length < query.limit));
    return items;
  }

  const getItem = async <T>(key: Key, options?: { consistent?: boolean }) => {
    const answer = await call<{ Item?: AttributeMap }>('GetItem', {
      TableName: tableName(),
      Key: toWire(key),
      ...(options?.consistent ? { ConsistentRead: true } : {}),
    });
    return answer.Item ? fromAnswer<T>(answer.Item, aws.ddbWire.isShared(answer)) : null;
  };

  return {
    get: getItem,

    async put(item: Item, condition?: Condition) {
      const expression = new Expression();
      const conditionExpression = expression.condition(condition);
      try {
        await call('PutItem', {
          TableName: tableName(),
          Item: toWire(item),
          ...(conditionExpression
            ? { ConditionExpression: conditionExpression, ...expression.attributes() }
            : {}),
        });
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
        const { Attributes } = await call<{ Attributes?: AttributeMap }>('UpdateItem', {
          TableName: tableName(),
          Key: toWire(key),
          UpdateExpression: updateExpression,
          ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
          ...expression.attributes(),
          ReturnValues: 'ALL_NEW',
        });
        return Attributes ? fromWire<T>(Attributes) : null;
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
    },

    async delete<T>(key: Key) {
      const { Attributes } = await call<{ Attributes?: AttributeMap }>('DeleteItem', {
        TableName: tableName(),
        Key: toWire(key),
        ReturnValues: 'ALL_OLD',
      });
      return Attributes ? fromWire<T>(Attributes) : null;
    },

    async query<T>(query: Query) {
      return queryPages(query, false, (item, shared) => fromAnswer<T>(item, shared));
    },

    async queryKeys(query: Query) {
      return queryPages(query, true, (item) => ({
        pk: String(nativeOf(item.pk)),
        sk: String(nativeOf(item.sk)),
      }));
    },

    async batchGet<T>(keys: Key[], fields?: readonly string[]) {
      const found: T[] = [];
      const projection = new Expression();
      const projected = fields?.length
        ? { ProjectionExpression: projection.projection(fields), ...projection.attributes() }
        : {};
      for (let i = 0; i < keys.length; i += 100) {
        let request: Record<string, { Keys: AttributeMap[] }> | undefined = {
          [tableName()]: { Keys: keys.slice(i, i + 100).map(toWire), ...projected },
        };
        for (let attempt = 0; request && attempt < 8; attempt++) {
          const result: BatchGetAnswer = await call<BatchGetAnswer>('BatchGetItem', {
            RequestItems: request,
          });
          const shared = aws.ddbWire.isShared(result);
          for (const item of result.Responses?.[tableName()] ?? []) found.push(fromAnswer<T>(item, shared));
          request =
            result.UnprocessedKeys && Object.keys(result.UnprocessedKeys).length
              ? result.UnprocessedKeys
              : undefined;
          if (request) await backoff(attempt);
        }
      }
      return found;
    },

    async batchDelete(keys: Key[]) {
      for (let i = 0; i < keys.length; i += 25) {
        let requests: unknown[] = keys
          .slice(i, i + 25)
          .map((key) => ({ DeleteRequest: { Key: toWire(key) } }));
        for (let attempt = 0; requests.length && attempt < 8; attempt++) {
          const result = await call<{ UnprocessedItems?: Record<string, unknown[]> }>('BatchWriteItem', {
            RequestItems: { [tableName()]: requests },
          });
          requests = result.UnprocessedItems?.[tableName()] ?? [];
          if (requests.length) await backoff(attempt);
        }
      }
    },
  };
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));

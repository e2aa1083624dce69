import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  assertSafeKey,
  ObjectNotFoundError,
  type Clock,
  type Condition,
  type ExecutionStatus,
  type Item,
  type Key,
  type ObjectStore,
  type Query,
  type Storage,
  type Table,
  type Update,
  type Workflows,
} from '../../functions/lib/ports';

/**
 * In-memory implementations of the ports, for unit tests of the domain services: the same contracts
 * as the DynamoDB, S3 and Step Functions adapters (conditions, ADD, index queries, newest first),
 * without I/O.
 */
const KEY_FIELDS = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
const strip = <T>(item: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_FIELDS.includes(k))) as T;
const clone = <T>(value: T): T => structuredClone(value);
const id = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** Only the named attributes (`a.b`: field `b` of map `a`), as a DynamoDB projection answers. */
function project(
  item: Record<string, unknown>,
  fields: readonly string[] | undefined,
): Record<string, unknown> {
  if (!fields?.length) return item;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = field.split('.');
    let from: unknown = item;
    for (const part of path) from = (from as Record<string, unknown> | undefined)?.[part];
    if (from === undefined) continue;
    let to = out;
    for (const part of path.slice(0, -1)) to = (to[part] ??= {}) as Record<string, unknown>;
    to[path[path.length - 1]!] = from;
  }
  return out;
}

function holds(item: Record<string, unknown> | undefined, condition: Condition | undefined): boolean {
  if (!condition) return true;
  if (condition.exists === true && !item) return false;
  if (condition.exists === false && item) return false;
  for (const [field, value] of Object.entries(condition.equals ?? {}))
    if (item?.[field] !== value) return false;
  for (const [field, values] of Object.entries(condition.oneOf ?? {}))
    if (!values.includes(item?.[field])) return false;
  for (const [field, value] of Object.entries(condition.lessThan ?? {})) {
    const current = item?.[field];
    if (typeof current !== 'number' || !(current < value)) return false;
  }
  for (const [field, value] of Object.entries(condition.belowOrAbsent ?? {})) {
    const current = item?.[field];
    if (current !== undefined && (typeof current !== 'number' || !(current < value))) return false;
  }
  return true;
}

export class MemoryTable implements Table {
  readonly items = new Map<string, Record<string, unknown>>();
  /** Every write, for tests that check what a service stored. */
  writes = 0;

  async get<T>(key: Key) {
    const item = this.items.get(id(key));
    return item ? strip<T>(clone(item)) : null;
  }

  async put(item: Item, condition?: Condition) {
    if (!holds(this.items.get(id(item)), condition)) return false;
    this.items.set(id(item), clone(item));
    this.writes++;
    return true;
  }

  async update<T>(key: Key, update: Update, condition?: Condition) {
    const current = this.items.get(id(key));
    if (!holds(current, condition)) return null;
    const next: Record<string, unknown> = { ...(current ?? { ...key }) };
    for (const [field, value] of Object.entries(update.set ?? {}))
      if (value !== undefined) next[field] = clone(value);
    for (const [field, value] of Object.entries(update.add ?? {}))
      next[field] = (typeof next[field] === 'number' ? (next[field] as number) : 0) + value;
    this.items.set(id(key), next);
    this.writes++;
    return strip<T>(clone(next));
  }

  async delete<T>(key: Key) {
    const current = this.items.get(id(key));
    this.items.delete(id(key));
    return current ? strip<T>(current) : null;
  }

  private find(query: Query): Record<string, unknown>[] {
    const pkField = query.index === 'gsi1' ? 'gsi1pk' : 'pk';
    const skField = query.index === 'gsi1' ? 'gsi1sk' : 'sk';
    const found = [...this.items.values()]
      .filter((item) => item[pkField] === query.pk)
      .filter(
        (item) => query.skPrefix === undefined || String(item[skField] ?? '').startsWith(query.skPrefix),
      )
      .sort((a, b) => String(a[skField]).localeCompare(String(b[skField])));
    if (query.descending) found.reverse();
    return query.limit ? found.slice(0, query.limit) : found;
  }

  async query<T>(query: Query) {
    return this.find(query).map((item) => strip<T>(project(clone(item), query.fields)));
  }

  async queryKeys(query: Query) {
    return this.find(query).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  }

  async batchGet<T>(keys: Key[], fields?: readonly string[]) {
    return keys.flatMap((key) => {
      const item = this.items.get(id(key));
      return item ? [strip<T>(project(clone(item), fields))] : [];
    });
  }

  async batchDelete(keys: Key[]) {
    for (const key of keys) this.items.delete(id(key));
  }
}

export class MemoryStore implements ObjectStore {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string }>();

  async put(key: string, body: Uint8Array | string, contentType: string) {
    assertSafeKey(key);
    this.objects.set(key, {
      body: typeof body === 'string' ? Buffer.from(body) : Buffer.from(body),
      contentType,
    });
  }

  async getBytes(key: string) {
    const object = this.objects.get(assertSafeKey(key));
    if (!object) throw new ObjectNotFoundError(`No object ${key}`);
    return new Uint8Array(object.body);
  }

  async head(key: string) {
    const object = this.objects.get(key);
    return object ? { size: object.body.length, contentType: object.contentType } : null;
  }

  async copy(fromKey: string, toKey: string, contentType?: string) {
    const object = this.objects.get(assertSafeKey(fromKey));
    assertSafeKey(toKey);
    if (!object) throw new ObjectNotFoundError(`No object ${fromKey}`);
    this.objects.set(toKey, { body: object.body, contentType: contentType ?? object.contentType });
  }

  async delete(key: string) {
    this.objects.delete(key);
  }

  async deletePrefix(prefix: string) {
    const keys = [...this.objects.keys()].filter((key) => key.startsWith(prefix));
    for (const key of keys) this.objects.delete(key);
    return keys.length;
  }

  /** Tests of workers use real files for media; the store itself keeps bytes in memory. */
  async download(key: string, path: string) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await this.getBytes(key));
    return path;
  }

  async upload(key: string, path: string, contentType: string) {
    await this.put(key, await readFile(path), contentType);
  }

  async getRange(key: string, start: number, length: number) {
    const body = await this.getBytes(key);
    return body.slice(start, start + Math.max(0, length));
  }

  async presignGet(key: string, expiresInSeconds: number) {
    assertSafeKey(key);
    return `memory://${key}?get&expires=${expiresInSeconds}`;
  }

  async presignPut(key: string, contentType: string, expiresInSeconds: number, contentLength?: number) {
    assertSafeKey(key);
    return `memory://${key}?type=${encodeURIComponent(contentType)}&length=${contentLength ?? ''}&expires=${expiresInSeconds}`;
  }

  /** Multipart uploads in progress: their parts by number. */
  readonly multiparts = new Map<
    string,
    { key: string; contentType: string; parts: Map<number, Uint8Array> }
  >();
  private multipartCount = 0;

  async createMultipart(key: string, contentType: string) {
    assertSafeKey(key);
    const id = `mpu-${++this.multipartCount}`;
    this.multiparts.set(id, { key, contentType, parts: new Map() });
    return id;
  }

  async presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number) {
    assertSafeKey(key);
    return `memory://${key}?uploadId=${uploadId}&partNumber=${partNumber}&expires=${expiresInSeconds}`;
  }

  /** What a browser's PUT of a part does (tests call it); the ETag is the part's number and length. */
  putPart(uploadId: string, partNumber: number, body: Uint8Array): string {
    const upload = this.multiparts.get(uploadId);
    if (!upload) throw new Error('NoSuchUpload');
    upload.parts.set(partNumber, body);
    return `"${partNumber}-${body.length}"`;
  }

  async listParts(_key: string, uploadId: string) {
    const upload = this.multiparts.get(uploadId);
    if (!upload) throw Object.assign(new Error('No such upload'), { name: 'NoSuchUpload' });
    return [...upload.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([partNumber, body]) => ({
        partNumber,
        etag: `"${partNumber}-${body.length}"`,
        size: body.length,
      }));
  }

  async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]) {
    const upload = this.multiparts.get(uploadId);
    if (!upload || upload.key !== key) throw new Error('NoSuchUpload');
    const bodies = parts.map((p) => {
      const body = upload.parts.get(p.partNumber);
      if (!body || `"${p.partNumber}-${body.length}"` !== p.etag) throw new Error('InvalidPart');
      return body;
    });
    this.multiparts.delete(uploadId);
    await this.put(key, Buffer.concat(bodies), upload.contentType);
  }

  async abortMultipart(_key: string, uploadId: string) {
    this.multiparts.delete(uploadId);
  }

  keys(prefix = '') {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  }
}

export interface Execution {
  machine: string;
  name: string;
  input: unknown;
  arn: string;
  status: ExecutionStatus;
  stopCause?: string;
}

export class MemoryWorkflows implements Workflows {
  readonly executions: Execution[] = [];
  /** Makes the next start fail, as a throttled or misconfigured Step Functions would. */
  failNextStart = false;

  async start(machine: string, executionName: string, input: unknown) {
    if (this.failNextStart) {
      this.failNextStart = false;
      throw new Error('StartExecution failed');
    }
    if (this.executions.some((e) => e.machine === machine && e.name === executionName))
      return { executionArn: null, alreadyStarted: true };
    const arn = `arn:aws:states:local:0:execution:${machine}:${executionName}`;
    this.executions.push({ machine, name: executionName, input: clone(input), arn, status: 'RUNNING' });
    return { executionArn: arn, alreadyStarted: false };
  }

  async stop(executionArn: string, cause: string) {
    const execution = this.executions.find((e) => e.arn === executionArn);
    if (execution?.status === 'RUNNING') Object.assign(execution, { status: 'ABORTED', stopCause: cause });
  }

  async status(executionArn: string): Promise<ExecutionStatus> {
    return this.executions.find((e) => e.arn === executionArn)?.status ?? 'MISSING';
  }

  /** Ends an execution as Step Functions would report it (the workers are not run here). */
  end(executionArn: string, status: Exclude<ExecutionStatus, 'RUNNING' | 'MISSING'>) {
    const execution = this.executions.find((e) => e.arn === executionArn);
    if (execution) execution.status = status;
  }
}

export class ManualClock implements Clock {
  constructor(private time = Date.parse('2026-11-23T10:00:00.000Z')) {}
  now() {
    return new Date(this.time);
  }
  advance(ms: number) {
    this.time += ms;
  }
}

/** Everything a service needs, in memory. */
export function memoryAdapters() {
  const table = new MemoryTable();
  const storage: Storage & { uploads: MemoryStore; media: MemoryStore } = {
    uploads: new MemoryStore(),
    media: new MemoryStore(),
  };
  const workflows = new MemoryWorkflows();
  const clock = new ManualClock();
  let next = 0;
  const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
  return { table, storage, workflows, clock, uuid };
}

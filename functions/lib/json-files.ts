import { gunzipSync, gzipSync } from 'node:zlib';
import type { ObjectStore } from './ports';

/**
 * JSON work files in a bucket. Keys ending in .gz are gzip-compressed (fast level): a book's
 * extracted text is several megabytes of JSON that compresses four to five times, which saves more
 * time in transfer than it costs to compress.
 */
export async function putJson(store: ObjectStore, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  if (key.endsWith('.gz')) await store.put(key, gzipSync(text, { level: 1 }), 'application/gzip');
  else await store.put(key, text, 'application/json');
}

export async function getJson<T>(store: ObjectStore, key: string): Promise<T> {
  const bytes = await store.getBytes(key);
  const text = key.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : Buffer.from(bytes).toString('utf8');
  return JSON.parse(text) as T;
}

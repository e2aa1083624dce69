import type { BookType } from '@contracts/books';
import type { MethodChoice } from './state';

/**
 * What the person chose before paying for an upload, kept across the checkout page (a full page
 * visit): the file itself cannot go in sessionStorage, so it is kept in IndexedDB, which stores
 * File objects as they are. Keyed by the paid book id so a stale choice is never restored.
 */
export interface PendingUpload {
  bookId: string;
  choice: MethodChoice;
  bookType: BookType;
}

const DB_NAME = 'bookstudio-upload';
const STORE = 'pending';
const KEY = 'upload';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => {
      db.close();
      resolve(request.result);
    };
    tx.onerror = () => {
      db.close();
      reject(tx.error);
    };
  });
}

/** Best effort: without IndexedDB (a private window) the person picks the book again. */
export async function savePendingUpload(pending: PendingUpload): Promise<void> {
  try {
    await run('readwrite', (store) => store.put(pending, KEY));
  } catch {
    // nothing kept
  }
}

/** The choice kept for this paid book, once (it is removed as it is read). */
export async function takePendingUpload(bookId: string): Promise<PendingUpload | null> {
  try {
    const pending = (await run('readonly', (store) => store.get(KEY))) as PendingUpload | undefined;
    await run('readwrite', (store) => store.delete(KEY));
    return pending && pending.bookId === bookId ? pending : null;
  } catch {
    return null;
  }
}

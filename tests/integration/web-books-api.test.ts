import type { Book } from '@contracts/books';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as BooksApi from '../../web/src/features/books/api/books';
import type * as ApiClient from '../../web/src/lib/api-client';
import type * as BookData from '../../web/src/lib/data/books';
import { installBrowserShim, shim } from './browser-shim';
import { createUser, settledStatus, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The SPA's books calls (web/src/features/books/api/books.ts) against the local runtime: pasted text
 * and small files in one request, a large file straight to storage with progress, the review of the
 * extracted structure, details, retry and delete, and the server's words on failure.
 */
installBrowserShim();

let t: TestRuntime;
let books: typeof BooksApi;
let data: typeof BookData;
let client: typeof ApiClient;
let token: string;

const chapterText = (n: number, words: number) =>
  `Chapter ${n}\n\n` +
  Array.from({ length: words }, (_, i) => `The keeper of the lighthouse counted wave ${i} before dawn.`).join(
    ' ',
  );

beforeAll(async () => {
  t = await startTestRuntime();
  shim.origin = new URL(t.runtime.apiUrl).origin;
  token = (await createUser(t, { plan: 'basic' })).accessToken;
  shim.storage.setItem('authToken', token);
  books = await import('../../web/src/features/books/api/books');
  data = await import('../../web/src/lib/data/books');
  client = await import('../../web/src/lib/api-client');
});

afterAll(async () => {
  // Work the calls started (book processing, images) ends before the runtime's stores close.
  await t?.runtime.stepFunctions.idle();
  await t?.stop();
});

describe("the SPA's books calls", () => {
  let pasted: Book;

  it('uploads pasted text in one request; the book is queued and reports progress once', async () => {
    const progress: number[] = [];
    pasted = await books.uploadBook(
      {
        bookType: 'learning',
        title: 'The Lighthouse',
        description: 'A keeper and the sea.',
        text: [1, 2, 3].map((n) => chapterText(n, 60)).join('\n\n'),
      },
      (f) => progress.push(f),
    );
    expect(pasted.title).toBe('The Lighthouse');
    expect(books.isInProgress(pasted)).toBe(true);
    expect(progress).toEqual([1]);
    const status = await settledStatus(t, pasted.id, token);
    expect(status.review_pending).toBe(true);
    expect((await books.getBookStatus(pasted.id)).review_pending).toBe(true);
  });

  it('saves the reviewed structure, edits the details, reads a chapter and deletes the book', async () => {
    const status = await settledStatus(t, pasted.id, token);
    const chapters = status.preview_chapters!.map((c) => ({
      title: `${c.title} (edited)`,
      chapter_number: c.chapter_number,
      source_chapter_number: c.chapter_number,
    }));
    const saved = await books.saveStructure(pasted.id, chapters);
    expect(saved.id).toBe(pasted.id);
    await t.runtime.stepFunctions.idle();
    const updated = await books.updateBookDetails(pasted.id, {
      title: 'The Lighthouse Keeper',
      description: 'Revised.',
    } as never);
    expect(updated.title).toBe('The Lighthouse Keeper');
    const detail = await client
      .createApiClient({
        tokens: { access: () => token, refresh: () => null, set() {}, clear() {} },
        baseUrl: t.runtime.apiUrl,
      })
      .get<{ chapters: { id: string; title: string }[] }>(data.bookKeys.detail(pasted.id));
    expect(detail.chapters[0]!.title).toMatch(/\(edited\)$/);
    const chapter = await data.getChapter(pasted.id, detail.chapters[0]!.id);
    expect(chapter.content).toContain('lighthouse');
    await books.deleteBook(pasted.id);
    await expect(books.getBookStatus(pasted.id)).rejects.toMatchObject({ status: 404 });
  });

  it('sends a file over the threshold straight to storage, with progress up to the whole', async () => {
    const text = [1, 2].map((n) => chapterText(n, 40_000)).join('\n\n');
    const file = new File([text], 'long-watch.txt', { type: 'text/plain' });
    expect(file.size).toBeGreaterThan(4 * 1024 * 1024);
    const progress: number[] = [];
    shim.puts = [];
    const book = await books.uploadBook(
      { bookType: 'entertainment', title: 'The Long Watch', description: '', file },
      (f) => progress.push(f),
    );
    expect(shim.puts).toHaveLength(1);
    expect(progress.at(-1)).toBe(1);
    expect(book.book_type).toBe('entertainment');
    const status = await settledStatus(t, book.id, token);
    expect(status.status).not.toBe('FAILED');
  });

  it("a failed direct PUT is an ApiError; the server's words come back on a refused upload", async () => {
    const file = new File([new Uint8Array(4 * 1024 * 1024 + 10).fill(65)], 'big.txt', { type: 'text/plain' });
    shim.refuse = () => 503;
    await expect(
      books.uploadBook({ bookType: 'learning', title: 'X', description: '', file }),
    ).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Upload failed',
      status: 503,
    });
    shim.refuse = () => 0;
    await expect(
      books.uploadBook({ bookType: 'learning', title: 'X', description: '', file }),
    ).rejects.toMatchObject({
      message: 'Upload failed: the connection was interrupted.',
    });
    shim.refuse = () => null;
    const refused = await books
      .uploadBook({ bookType: 'learning', title: 'Empty', description: '', text: '' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(client.ApiError);
    expect(client.errorText(refused)).not.toBe(client.FALLBACK_ERROR);
    expect((refused as ApiClient.ApiError).status).toBe(400);
  });

  it('uploads a small file in one request and retries a failed book', async () => {
    const file = new File(
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x25])],
      'broken.pdf',
      {
        type: 'application/pdf',
      },
    );
    const book = await books.uploadBook({ bookType: 'learning', title: 'Broken', description: '', file });
    const status = await settledStatus(t, book.id, token);
    expect(status.status).toBe('FAILED');
    expect(status.error_message).toBeTruthy();
    const retried = await books.retryBook(book.id);
    expect(retried.id).toBe(book.id);
    expect(books.isInProgress(retried)).toBe(true);
    // The same broken file fails again, in the same words.
    const again = await settledStatus(t, book.id, token);
    expect(again.status).toBe('FAILED');
    expect(again.error_message).toBe(status.error_message);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters, RemovedMatter } from '../../functions/contracts/books';
import { CORPUS, comparableTitle } from '../fixtures/corpus';
import type { CorpusBook } from '../fixtures/corpus';
import { createUser, settledStatus, startTestRuntime, uploadBook, type TestRuntime } from './helpers';
import type { ApiAnswer } from './helpers';

/**
 * Real-layout books through the public API, as a new user uploads them: multipart for small files,
 * the presigned upload for files over 4 MB; then the chapters the review step shows, the removed
 * front and back matter beside them, and a removed item restored as a chapter.
 */
let t: TestRuntime;
let token: string;
beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author', plan: 'basic' })).accessToken;
});
afterAll(async () => {
  await t?.stop();
});

const book = (name: string) => CORPUS.find((candidate) => candidate.name === name) as CorpusBook;

async function upload(name: string, data: Uint8Array): Promise<ApiAnswer> {
  if (data.length <= 4 * 1024 * 1024) return uploadBook(t, { token, file: { name, data } });
  const target = await t.api<{ upload_url: string; file_key: string; headers: Record<string, string> }>(
    'POST',
    '/books/upload-url',
    { token, body: { filename: name, size: data.length, content_type: 'application/epub+zip' } },
  );
  expect(target.status).toBe(200);
  const put = await fetch(target.body.upload_url, {
    method: 'PUT',
    headers: target.body.headers,
    body: data as BodyInit,
  });
  expect(put.status).toBe(200);
  return t.api('POST', '/books/upload', {
    token,
    body: { book_type: 'entertainment', title: name, file_key: target.body.file_key, filename: name },
  });
}

describe('real-layout books through the API', () => {
  it.each([
    'wonderland-word-small-headings.pdf',
    'wonderland-standard.epub',
    'wonderland-illustrated.epub',
    'adventures-gutenberg.txt',
    'netherfield-manuscript.docx',
  ])('%s: every chapter title right and in order, front and back matter listed as removed', async (name) => {
    const corpusBook = book(name);
    const data = await corpusBook.make();
    const answer = await upload(name, data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const status = await settledStatus(t, String(answer.body.id), token);
    expect(status).toMatchObject({ status: 'READY', review_pending: true });
    expect(status.preview_chapters!.map((c) => comparableTitle(c.title))).toEqual(
      corpusBook.expected.titles.map(comparableTitle),
    );
    const removed = status.structure!.removed as RemovedMatter[];
    expect(removed.length).toBeGreaterThan(0);
    for (const item of removed) {
      expect(item.title).not.toBe('');
      expect(item.content.length).toBeGreaterThan(0);
    }
  });

  it('restores a removed item by sending it back as a chapter with its text', async () => {
    const answer = await upload('orchard.epub', await book('orchard-epub2.epub').make());
    const id = String(answer.body.id);
    const status = await settledStatus(t, id, token);
    const dedication = status.structure!.removed!.find((item) => item.kind === 'dedication')!;
    const chapters = [
      { title: dedication.title, content: dedication.content, chapter_number: 1 },
      ...status.preview_chapters!.map((c) => ({
        title: c.title,
        chapter_number: c.chapter_number + 1,
        source_chapter_number: c.chapter_number,
      })),
    ];
    const saved = await t.api('POST', `/books/${id}/save-structure`, { token, body: { chapters } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const done = await t.api<BookWithChapters>('GET', `/books/${id}`, { token });
    expect(done.body.chapters[0]).toMatchObject({ title: 'Dedication', content: dedication.content });
    expect(done.body.chapters).toHaveLength(status.preview_chapters!.length + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import {
  makeBookOfSize,
  makeCorruptPdf,
  makeEncryptedPdf,
  makeLatin1Txt,
  makePngBytes,
  makeScannedPdf,
  makeSingleParagraph,
  makeXxeDocx,
  makeXxeEpub,
  makeZipBombDocx,
  makeZipBombEpub,
} from '../fixtures/books';
import {
  confirmAsExtracted,
  createUser,
  settledStatus,
  startTestRuntime,
  uploadBook,
  type ApiAnswer,
  type TestRuntime,
} from './helpers';

let t: TestRuntime;
let token: string;
beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t, { role: 'author', plan: 'basic' })).accessToken;
});
afterAll(async () => {
  await t?.stop();
});

const MB = 1024 * 1024;

async function listBooks() {
  return (await t.api<{ id: string; status: string }[]>('GET', '/books', { token })).body;
}

/** Uploads a file and waits for the pipeline; answers the final status. */
async function process(name: string, data: Uint8Array) {
  const upload = await uploadBook(t, { token, file: { name, data } });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  return { id: String(upload.body.id), status: await settledStatus(t, String(upload.body.id), token) };
}

/** Presigned direct-to-storage upload, as the SPA does for files over 4 MB. */
async function uploadDirect(name: string, data: Uint8Array, declaredSize = data.length): Promise<ApiAnswer> {
  const target = await t.api<{ upload_url: string; file_key: string; headers: Record<string, string> }>(
    'POST',
    '/books/upload-url',
    {
      token,
      body: { filename: name, size: declaredSize, content_type: 'text/plain' },
    },
  );
  if (target.status !== 200) return target as unknown as ApiAnswer;
  const put = await fetch(target.body.upload_url, {
    method: 'PUT',
    headers: target.body.headers,
    body: data as BodyInit,
  });
  if (put.status !== 200) return { status: put.status, body: { detail: await put.text() } };
  return t.api('POST', '/books/upload', {
    token,
    body: { book_type: 'learning', title: name, file_key: target.body.file_key, filename: name },
  });
}

describe('bad input ends in a clear message, never a crash or a half-saved book', () => {
  it('corrupt PDF → FAILED "damaged"; retrying fails the same way', async () => {
    const { id, status } = await process('broken.pdf', await makeCorruptPdf());
    expect(status).toMatchObject({
      status: 'FAILED',
      error_message: "This PDF file is damaged and can't be read.",
    });
    expect((await t.api('POST', `/books/${id}/retry`, { token })).status).toBe(202);
    expect(await settledStatus(t, id, token)).toMatchObject({
      status: 'FAILED',
      error_message: "This PDF file is damaged and can't be read.",
    });
    expect((await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.chapters).toEqual([]);
  });

  it('encrypted PDF → FAILED asking to remove the password', async () => {
    const { status } = await process('secret.pdf', await makeEncryptedPdf());
    expect(status.status).toBe('FAILED');
    expect(status.error_message).toMatch(/password-protected/);
  });

  it('PDF without a text layer → FAILED explaining that scans need text', async () => {
    const { status } = await process('scan.pdf', await makeScannedPdf());
    expect(status.status).toBe('FAILED');
    expect(status.error_message).toMatch(/no text layer/);
  });

  it('zip bomb DOCX and EPUB → FAILED without expanding them', async () => {
    for (const [name, data] of [
      ['bomb.docx', await makeZipBombDocx()],
      ['bomb.epub', await makeZipBombEpub()],
    ] as const) {
      const { status } = await process(name, data);
      expect(status.status).toBe('FAILED');
      expect(status.error_message).toMatch(/expands to far more data/);
    }
  });

  it('XML external entities in EPUB and DOCX are never resolved', async () => {
    for (const [name, data] of [
      ['xxe.epub', await makeXxeEpub('xxe')],
      ['laughs.epub', await makeXxeEpub('billion-laughs')],
      ['xxe.docx', await makeXxeDocx('xxe')],
    ] as const) {
      const { status } = await process(name, data);
      const text = JSON.stringify(status);
      expect(text).not.toContain('root:');
      expect(text).not.toMatch(/lol(lol){20}/);
      expect(['READY', 'FAILED']).toContain(status.status);
    }
  });

  it('empty or whitespace-only text and a 0-byte file are refused at once', async () => {
    for (const text of ['', '   \n\t  ']) {
      const answer = await uploadBook(t, { token, text });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe('Please provide text content.');
    }
    const empty = await uploadBook(t, { token, file: { name: 'empty.txt', data: new Uint8Array() } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('The file is empty.');
    const nothing = await uploadBook(t, { token });
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toBe('Please select a file to upload.');
  });

  it('a .pdf that is really a PNG is refused by its bytes', async () => {
    const answer = await uploadBook(t, { token, file: { name: 'book.pdf', data: await makePngBytes() } });
    expect(answer.status).toBe(415);
    expect(answer.body.detail).toMatch(/named \.pdf but it is a PNG image/);
    const other = await uploadBook(t, {
      token,
      file: { name: 'notes.xlsx', data: new TextEncoder().encode('hello') },
    });
    expect(other.status).toBe(400);
    expect(other.body.detail).toBe('Accepted file types are .pdf, .docx, .txt and .epub.');
  });

  it('non-UTF-8 text is decoded from its real encoding', async () => {
    const latin1 = await makeLatin1Txt();
    // Read as UTF-8 the file's é would be lost: only decoding it as Latin-1 gives the words back.
    expect(new TextDecoder().decode(latin1)).not.toContain('Café');
    const { id, status } = await process('latin.txt', latin1);
    expect(status.status).toBe('READY');
    const content = status.preview_chapters!.map((c) => `${c.title}\n${c.content}`).join('\n');
    for (const word of ['Café', 'Müller', 'Élodie', 'Zürich']) expect(content).toContain(word);
    await confirmAsExtracted(t, id, token);
    expect(
      (await t.api<BookWithChapters>('GET', `/books/${id}`, { token })).body.chapters.length,
    ).toBeGreaterThan(0);
  });

  it('a 9.9 MB book goes through the direct upload; a 10.1 MB one is refused on every path', async () => {
    const before = (await listBooks()).length;
    const small = await makeBookOfSize(Math.floor(9.9 * MB));
    const accepted = await uploadDirect('big.txt', small);
    expect(accepted.status).toBe(201);
    expect(await settledStatus(t, String(accepted.body.id), token)).toMatchObject({
      status: 'READY',
      review_pending: true,
    });

    const large = await makeBookOfSize(Math.ceil(10.1 * MB));
    const refusedUrl = await uploadDirect('huge.txt', large);
    expect(refusedUrl.status).toBe(413);
    expect(refusedUrl.body.detail).toMatch(/larger than 10 MB/);
    // Declaring a smaller size does not help: the signed URL takes only the declared size.
    const lied = await uploadDirect('huge.txt', large, 1000);
    expect(lied.status).toBe(403);
    // Through the API request itself, the gateway refuses bodies a Lambda cannot carry.
    const direct = await uploadBook(t, { token, file: { name: 'huge.txt', data: large } });
    expect(direct.status).toBe(413);
    expect((await listBooks()).length).toBe(before + 1);
  });

  it('a single 2 MB paragraph is split into readable parts', async () => {
    const { status } = await process('wall.txt', await makeSingleParagraph(2 * MB));
    expect(status.status).toBe('READY');
    const parts = status.preview_chapters!;
    expect(parts.length).toBeGreaterThan(10);
    expect(status.structure!.structure_metadata.description).toMatch(/No chapter headings/);
  });
});

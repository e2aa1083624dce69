/**
 * Creator Mode with a text model (ENGINE_TEXT_PROVIDER=openai against the test's own
 * chat-completions server): the script is the model's screenplay read into scenes, and the book is
 * the model's outline and chapters saved as the author's book, processed like any upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { Creation, CreatorCapabilities } from '../../functions/contracts/creator';
import { confirmAsExtracted, createUser, startTestRuntime, withEnv, type TestRuntime } from './helpers';
import { completion, startChatServer, type ChatRequest, type ChatServer } from './engine/text/chat-server';

let restoreEnv: (() => void) | undefined;
let server: ChatServer;
let t: TestRuntime;
let author: string;

const SCREENPLAY = [
  'Title: The Lifeboat',
  '',
  'FADE IN:',
  '',
  'EXT. OPEN SEA - DAWN',
  '',
  'Mara and Jon drift in a lifeboat, back to back.',
  '',
  'MARA: We row together or we drown.',
  'JON: Then we row.',
  '',
  'INT. LIGHTHOUSE - NIGHT',
  '',
  'The keeper wraps them in blankets.',
].join('\n');

const OUTLINE = [
  'Title: The Keeper’s Diary',
  'Chapter 1: The Lamp - Ada arrives at the lighthouse and finds the diary.',
  'Chapter 2: The Storm - A storm cuts the island off and the diary’s last page is torn out.',
  'Chapter 3: The Answer - Ada finds the torn page inside the lamp.',
].join('\n');

const chapterProse = (n: number) =>
  `Ada climbed the stairs of the lighthouse for the ${['first', 'second', 'third'][n - 1]} time. `.repeat(
    12,
  ) +
  `The wind pressed at the glass while she read the keeper's diary by lamplight, chapter ${n}. `.repeat(10);

/** The last user message: which generate request this is. */
const asked = (request: ChatRequest) => request.body.messages.at(-1)!.content;

function model(request: ChatRequest) {
  const prompt = asked(request);
  if (prompt.includes('Write an original short screenplay'))
    return completion(JSON.stringify({ text: SCREENPLAY }));
  if (prompt.includes('Plan a short book')) return completion(JSON.stringify({ text: OUTLINE }));
  const chapter = /Write chapter (\d+) of 3/.exec(prompt);
  if (chapter) return completion(JSON.stringify({ text: chapterProse(Number(chapter[1])) }));
  return completion('I cannot do that.');
}

beforeAll(async () => {
  server = await startChatServer();
  server.script(model);
  restoreEnv = withEnv({
    ENGINE_TEXT_PROVIDER: 'openai',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_MODEL: 'llama3.1:8b',
    OPENAI_API_KEY: 'local-key',
  });
  t = await startTestRuntime();
  author = (await createUser(t, { role: 'author' })).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await server?.close();
  restoreEnv?.();
});

async function finished(id: string): Promise<Creation> {
  await t.runtime.stepFunctions.idle();
  return (await t.api<Creation>('GET', `/creator/creations/${id}`, { token: author })).body;
}

describe('Creator Mode with a text model', () => {
  it('says a book can be written', async () => {
    const answer = await t.api<CreatorCapabilities>('GET', '/creator/capabilities', { token: author });
    expect(answer.body).toMatchObject({
      text_model: true,
      text_provider: 'openai',
      script: { mode: 'written' },
      book: { available: true, reason: null },
    });
  });

  it('has the model write the script and reads it into scenes', async () => {
    const prompt = 'Two rivals must share a lifeboat.';
    const started = await t.api<Creation>('POST', '/creator/scripts', { token: author, body: { prompt } });
    expect(started.status).toBe(202);
    const done = await finished(started.body.id);
    expect(done.status).toBe('ready');
    const script = done.script!;
    expect(script).toMatchObject({ title: 'The Lifeboat', method: 'written' });
    expect(script.scenes.map((s) => s.heading)).toEqual(['EXT. OPEN SEA - DAWN', 'INT. LIGHTHOUSE - NIGHT']);
    expect(script.scenes[0]!.elements).toEqual([
      { kind: 'action', text: 'Mara and Jon drift in a lifeboat, back to back.' },
      { kind: 'dialogue', character: 'MARA', line: 'We row together or we drown.' },
      { kind: 'dialogue', character: 'JON', line: 'Then we row.' },
    ]);
    expect(script.fountain).toContain('Title: The Lifeboat');
    expect(script.fountain).toContain('INT. LIGHTHOUSE - NIGHT #2#');
    const request = server.requests.find((r) => asked(r).includes('Write an original short screenplay'))!;
    expect(request.body.model).toBe('llama3.1:8b');
    expect(request.headers.authorization).toBe('Bearer local-key');
    // The idea goes to the model as the source text.
    expect(asked(request)).toContain(prompt);
  });

  it('writes a book from an outline and saves it as the author’s book, processed like any upload', async () => {
    const prompt = 'A cosy mystery set in a lighthouse, told through the keeper’s diary.';
    const started = await t.api<Creation>('POST', '/creator/books', { token: author, body: { prompt } });
    expect(started.status).toBe(202);
    const done = await finished(started.body.id);
    expect(done).toMatchObject({ status: 'ready', book_title: 'The Keeper’s Diary', error_message: null });
    const bookId = done.book_id!;
    // Each chapter request carried the idea and the outline as its source.
    const chapterRequests = server.requests.filter((r) => /Write chapter \d of 3/.test(asked(r)));
    expect(chapterRequests).toHaveLength(3);
    expect(asked(chapterRequests[1]!)).toContain('Chapter 2: The Storm');
    expect(asked(chapterRequests[1]!)).toContain(prompt);

    await confirmAsExtracted(t, bookId, author);
    const book = await t.api<BookWithChapters>('GET', `/books/${bookId}`, { token: author });
    expect(book.status).toBe(200);
    expect(book.body).toMatchObject({
      title: 'The Keeper’s Diary',
      status: 'READY',
      book_type: 'entertainment',
    });
    expect(book.body.chapters.map((c) => c.title)).toEqual([
      'Chapter 1: The Lamp',
      'Chapter 2: The Storm',
      'Chapter 3: The Answer',
    ]);
    const listed = await t.api<{ id: string }[]>('GET', '/books', { token: author });
    expect(listed.body.map((b) => b.id)).toContain(bookId);
  });

  it('fails the book in words when the model answers no outline, and saves no book', async () => {
    server.script(completion(JSON.stringify({ text: 'I would rather not plan a book.' })));
    const before = (await t.api<unknown[]>('GET', '/books', { token: author })).body.length;
    const started = await t.api<Creation>('POST', '/creator/books', {
      token: author,
      body: { prompt: 'A saga of the northern sea.' },
    });
    const done = await finished(started.body.id);
    expect(done.status).toBe('failed');
    expect(done.error_message).toBe(
      'The text model answered no chapter outline. Please try again or reword the prompt.',
    );
    expect((await t.api<unknown[]>('GET', '/books', { token: author })).body).toHaveLength(before);
    server.script(model);
  });
});

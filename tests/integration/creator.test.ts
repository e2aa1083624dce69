/**
 * Creator Mode on the offline engine: "Generate Script" arranges the prompt's own sentences into
 * scenes (labelled as arranged, exported as Fountain), "Generate Book" is refused in words that
 * name the setting, blank prompts get the spec's words, and only authors may create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creation, CreatorCapabilities } from '../../functions/contracts/creator';
import type { CreatorPrompt } from '../../functions/contracts/api';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

let t: TestRuntime;
let author: string;
let explorer: string;

const PROMPT = [
  'Two rivals, Mara and Jon, wake in a lifeboat at dawn. The sea is flat and grey.',
  '“We row together or we drown,” Mara says. Jon laughs. "I would rather drown," he replies.',
  'That night a storm breaks over the boat. Jon bails water with his hat.',
  'Scene 3: The next morning they see the lighthouse. Mara whispers, “Land.”',
].join('\n');

beforeAll(async () => {
  t = await startTestRuntime();
  [author, explorer] = await Promise.all([
    createUser(t, { role: 'author' }).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('Creator Mode without a text model', () => {
  it('says what the actions can do before the user tries', async () => {
    const answer = await t.api<CreatorCapabilities>('GET', '/creator/capabilities', { token: author });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      text_model: false,
      script: { mode: 'arranged' },
      book: { available: false, reason: expect.stringContaining('ENGINE_TEXT_PROVIDER') },
    });
  });

  it('arranges the prompt into scenes, every sentence and quoted line kept word for word', async () => {
    const started = await t.api<Creation>('POST', '/creator/scripts', {
      token: author,
      body: { prompt: PROMPT },
    });
    expect(started.status).toBe(202);
    expect(started.body.kind).toBe('script');
    await t.runtime.stepFunctions.idle();
    const done = await t.api<Creation>('GET', `/creator/creations/${started.body.id}`, { token: author });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('ready');
    const script = done.body.script!;
    expect(script.method).toBe('arranged');
    expect(script.notice).toMatch(/arranged into scenes in your own words, not written/);
    // Scenes split where the prompt cues them: "That night", "Scene 3:".
    expect(script.scenes.map((s) => s.heading)).toEqual([
      'EXT. LIFEBOAT - DAWN',
      'EXT. LIFEBOAT - NIGHT',
      'EXT. LIFEBOAT - MORNING',
    ]);
    const actions = script.scenes.flatMap((s) =>
      s.elements.flatMap((e) => (e.kind === 'action' ? [e.text] : [])),
    );
    for (const sentence of [
      'Two rivals, Mara and Jon, wake in a lifeboat at dawn.',
      'The sea is flat and grey.',
      'Jon laughs.',
      'That night a storm breaks over the boat.',
      'Jon bails water with his hat.',
      'The next morning they see the lighthouse.',
    ])
      expect(actions).toContain(sentence);
    const lines = script.scenes.flatMap((s) => s.elements.flatMap((e) => (e.kind === 'dialogue' ? [e] : [])));
    expect(lines.map((l) => [l.character, l.line])).toEqual([
      ['Mara', 'We row together or we drown'],
      ['Jon', 'I would rather drown'],
      ['Mara', 'Land.'],
    ]);
    expect(script.fountain).toMatch(/^Title: Two rivals, Mara and Jon, wake in a lifeboat at dawn$/m);
    expect(script.fountain).toContain('EXT. LIFEBOAT - NIGHT #2#');
    expect(script.fountain).toContain('MARA\nWe row together or we drown');
  });

  it('keeps each generated prompt as a draft and lists the creations', async () => {
    const drafts = await t.api<CreatorPrompt[]>('GET', '/creator/prompts?kind=script', { token: author });
    expect(drafts.body.map((p) => p.prompt)).toContain(PROMPT);
    const list = await t.api<Creation[]>('GET', '/creator/creations', { token: author });
    expect(list.body[0]).toMatchObject({ kind: 'script', status: 'ready', prompt: PROMPT });
  });

  it('refuses a book in words that name the setting, and keeps nothing half made', async () => {
    const answer = await t.api<{ detail?: string; message?: string }>('POST', '/creator/books', {
      token: author,
      body: { prompt: 'A cosy mystery in a lighthouse.' },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      'Writing a book needs a text model. Set ENGINE_TEXT_PROVIDER',
    );
    const books = await t.api<unknown[]>('GET', '/books', { token: author });
    expect(books.body).toEqual([]);
  });

  it('answers a blank prompt with the spec’s words for its kind', async () => {
    const script = await t.api('POST', '/creator/scripts', { token: author, body: { prompt: '   ' } });
    expect(script.status).toBe(400);
    expect(JSON.stringify(script.body)).toContain('Please enter a prompt for the script.');
    const book = await t.api('POST', '/creator/books', { token: author, body: { prompt: '' } });
    expect(book.status).toBe(400);
    expect(JSON.stringify(book.body)).toContain('Please enter a prompt for the book.');
  });

  it('lets only authors create, and only the owner read a creation', async () => {
    for (const [method, path] of [
      ['POST', '/creator/scripts'],
      ['POST', '/creator/books'],
      ['GET', '/creator/capabilities'],
      ['GET', '/creator/creations'],
    ] as const) {
      const answer = await t.api(method, path, {
        token: explorer,
        body: method === 'POST' ? { prompt: 'A tale.' } : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const other = (await createUser(t, { role: 'author' })).accessToken;
    const [mine] = (await t.api<Creation[]>('GET', '/creator/creations', { token: author })).body;
    expect((await t.api('GET', `/creator/creations/${mine!.id}`, { token: other })).status).toBe(404);
  });
});

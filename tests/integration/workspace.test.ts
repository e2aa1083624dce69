import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookWithChapters } from '../../functions/contracts/books';
import type {
  BulkDeleteResult,
  Character,
  CharacterImageQueued,
  CharacterImageStatus,
  PlotGenerationJob,
  PlotOverview,
} from '../../functions/contracts/plots';
import { NOVEL_CHARACTERS, NOVEL_TITLE, novelText } from '../fixtures/novel';
import { confirmAsExtracted, createUser, startTestRuntime, uploadBook, type TestRuntime } from './helpers';

/**
 * The entertainment workspace through the public API on the local runtime: an entertainment book
 * (a short novel with four named characters who speak to each other) → plot overview → characters
 * and their portraits → scripts; another user gets 404 everywhere; bad input answers the spec's words
 * and changes nothing.
 */
let t: TestRuntime;
let owner: string;
let stranger: string;
let book: BookWithChapters;
let overview: PlotOverview;
const origin = () => new URL(t.runtime.apiUrl).origin;

beforeAll(async () => {
  t = await startTestRuntime();
  [owner, stranger] = await Promise.all([
    createUser(t, { role: 'author' }).then((u) => u.accessToken),
    createUser(t).then((u) => u.accessToken),
  ]);
  const upload = await uploadBook(t, {
    token: owner,
    bookType: 'entertainment',
    title: NOVEL_TITLE,
    text: novelText(),
  });
  expect(upload.status).toBe(201);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token: owner })).body;
  expect(book).toMatchObject({ status: 'READY', book_type: 'entertainment' });
  expect(book.chapters).toHaveLength(3);
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown, token = owner) =>
  t.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

const overviewNow = async () => (await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`)).body;
const byName = (name: string, list = overview.characters) => list.find((c) => c.name === name);

describe('plot overview and characters', () => {
  it('has no overview before the first generation', async () => {
    const missing = await api('GET', `/plots/books/${book.id}/overview`);
    expect(missing).toMatchObject({ status: 404, body: { detail: 'Plot overview not found' } });
  });

  it('plans the plot as a job and names the main characters with roles', async () => {
    const started = await api<PlotGenerationJob>('POST', `/plots/books/${book.id}/generate`, {});
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'processing', book_id: book.id });
    await t.runtime.stepFunctions.idle();
    const status = await api<PlotGenerationJob>('GET', `/plots/books/${book.id}/status`);
    expect(status.body).toMatchObject({
      id: started.body.id,
      status: 'ready',
      progress: 100,
      error_message: null,
    });

    const answer = await api<PlotOverview>('GET', `/plots/books/${book.id}/overview`);
    expect(answer.status).toBe(200);
    overview = answer.body;
    expect(status.body.plot_id).toBe(overview.id);
    expect(overview).toMatchObject({ book_id: book.id });
    for (const field of ['logline', 'genre', 'tone', 'audience', 'setting'] as const)
      expect(overview[field].length).toBeGreaterThan(3);
    expect(overview.themes.length).toBeGreaterThanOrEqual(3);
    for (const name of NOVEL_CHARACTERS) expect(byName(name), name).toBeDefined();
    expect(byName('Nell')).toMatchObject({ role: 'protagonist' });
    expect(byName('Crane')).toMatchObject({ role: 'antagonist' });
    expect(byName('Brannigan')).toMatchObject({ role: 'mentor' });
    for (const character of overview.characters) {
      expect(character.voice).not.toBe('');
      expect(character.physical_description.length + character.personality.length).toBeGreaterThan(0);
      for (const field of ['want', 'need', 'lie', 'ghost', 'character_arc'] as const)
        expect(typeof character[field]).toBe('string');
    }
  });

  it('creates, edits, deletes and bulk-deletes characters with the spec words', async () => {
    const missingName = await api('POST', `/characters/plot/${overview.id}`, { role: 'mentor' });
    expect(missingName).toMatchObject({ status: 400, body: { detail: 'Character name is required' } });
    const badRole = await api('POST', `/characters/plot/${overview.id}`, { name: 'Ann', role: 'villain' });
    expect(badRole.status).toBe(400);
    const unknownPlot = await api('POST', '/characters/plot/00000000-0000-4000-8000-000000000bad', {
      name: 'Ann',
    });
    expect(unknownPlot).toMatchObject({ status: 404, body: { detail: 'Plot overview not found' } });
    const before = (await overviewNow()).characters.length;

    const created = await api<Character>('POST', `/characters/plot/${overview.id}`, {
      name: 'The Mayor',
      role: 'supporting',
      physical_description: 'An old man with a white moustache and a gold chain of office.',
      personality: 'Cautious, fair',
      archetypes: [' Ruler ', '', 'ruler', 'Herald'],
      want: 'A quiet harbour',
      need: 'Courage',
      lie: 'Order is the same as justice',
      ghost: 'A flood he did not prevent',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'The Mayor',
      role: 'supporting',
      archetypes: ['Ruler', 'Herald'],
      origin: 'user',
      user_edited: true,
      image_url: null,
    });
    const edited = await api<Character>('PUT', `/characters/${created.body.id}`, {
      personality: 'Careful and fair',
    });
    expect(edited.body).toMatchObject({ personality: 'Careful and fair', want: 'A quiet harbour' });
    const blank = await api('PUT', `/characters/${created.body.id}`, { name: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { detail: 'Character name is required' } });

    const extra = await Promise.all(
      ['Clerk', 'Net Mender'].map((name) =>
        api<Character>('POST', `/characters/plot/${overview.id}`, { name }),
      ),
    );
    const none = await api('POST', '/characters/bulk-delete', { ids: [] });
    expect(none.status).toBe(400);
    const bulk = await api<BulkDeleteResult>('POST', '/characters/bulk-delete', {
      ids: [...extra.map((e) => e.body.id), '00000000-0000-4000-8000-000000000bad'],
    });
    expect(bulk.body).toMatchObject({
      deleted_count: 2,
      not_found: ['00000000-0000-4000-8000-000000000bad'],
    });
    const removed = await api('DELETE', `/characters/${created.body.id}`);
    expect(removed.status).toBe(200);
    const unknown = await api('PUT', '/characters/00000000-0000-4000-8000-000000000bad', { name: 'X' });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Character not found.' } });
    expect((await overviewNow()).characters).toHaveLength(before);
  });

  it('draws a portrait of the asked aspect ratio that fixes the character’s look', async () => {
    const nell = byName('Nell')!;
    const queued = await api<CharacterImageQueued>('POST', `/characters/${nell.id}/generate-image`, {
      prompt: 'holding a storm lantern',
      style: 'realistic',
      quality: 'standard',
      aspect_ratio: '9:16',
      character_id: nell.id,
      user_id: 'ignored',
    });
    expect(queued.body).toMatchObject({ status: 'queued', estimated_time_seconds: 60 });
    await t.runtime.stepFunctions.idle();
    const status = await api<CharacterImageStatus>('GET', `/characters/${nell.id}/image-status`);
    expect(status.body).toMatchObject({ status: 'completed', error: null, width: 720, height: 1280 });
    const image = await fetch(`${origin()}${status.body.image_url}`);
    expect(image.status).toBe(200);
    const pixels = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(pixels).toMatchObject({ format: 'png', width: 720, height: 1280 });

    const drawn = byName('Nell', (await overviewNow()).characters)!;
    expect(drawn.image_url).toBe(status.body.image_url);
    expect(drawn.look).toMatchObject({ seed: nell.seed, style: 'realistic' });
    expect(drawn.look!.palette.length).toBeGreaterThan(2);

    // A second portrait replaces the first; the old file goes.
    await api('POST', `/characters/${nell.id}/generate-image`, { aspect_ratio: '1:1', quality: 'standard' });
    await t.runtime.stepFunctions.idle();
    const square = await api<CharacterImageStatus>('GET', `/characters/${nell.id}/image-status`);
    expect(square.body).toMatchObject({ status: 'completed', width: 1024, height: 1024 });
    expect((await fetch(`${origin()}${status.body.image_url}`)).status).toBe(404);
    const bad = await api('POST', `/characters/${nell.id}/generate-image`, { aspect_ratio: '2:1' });
    expect(bad.status).toBe(400);
  });

  it('regenerating keeps the characters the user edited', async () => {
    const crane = byName('Crane')!;
    await api('PUT', `/characters/${crane.id}`, { personality: 'Patient, greedy and polite' });
    await api('POST', `/plots/books/${book.id}/generate`, {});
    await t.runtime.stepFunctions.idle();
    const again = await overviewNow();
    expect(again.id).toBe(overview.id);
    expect(byName('Crane', again.characters)).toMatchObject({
      id: crane.id,
      personality: 'Patient, greedy and polite',
      user_edited: true,
    });
    expect(byName('Nell', again.characters)!.image_url).not.toBeNull();
    overview = again;
  });

  it('another user gets 404 on every plot and character route, and nothing changes', async () => {
    const nell = byName('Nell')!;
    const as = (method: string, path: string, body?: unknown) => api(method, path, body, stranger);
    const answers = await Promise.all([
      as('POST', `/plots/books/${book.id}/generate`, {}),
      as('GET', `/plots/books/${book.id}/status`),
      as('GET', `/plots/books/${book.id}/overview`),
      as('POST', `/characters/plot/${overview.id}`, { name: 'Spy' }),
      as('PUT', `/characters/${nell.id}`, { name: 'Spy' }),
      as('DELETE', `/characters/${nell.id}`),
      as('POST', `/characters/${nell.id}/generate-image`, {}),
      as('GET', `/characters/${nell.id}/image-status`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const bulk = await as('POST', '/characters/bulk-delete', { ids: [nell.id] });
    expect(bulk.body).toMatchObject({ deleted_count: 0, not_found: [nell.id] });
    expect(await overviewNow()).toEqual(overview);
  });
});

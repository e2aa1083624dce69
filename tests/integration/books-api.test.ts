import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BookWithChapters } from '../../functions/contracts/books';
import {
  confirmAsExtracted,
  createUser,
  settledStatus,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
} from './helpers';

let t: TestRuntime;
beforeAll(async () => {
  t = await startTestRuntime();
});
afterAll(async () => {
  await t?.stop();
});

const TEXT =
  'Chapter 1\n\nThe first chapter tells how the journey began at the old harbour.\n\nChapter 2\n\nThe second chapter tells how it ended in the mountains.';

async function readyBook(token: string, bookType: 'learning' | 'entertainment' = 'learning') {
  const upload = await uploadBook(t, { token, text: TEXT, bookType, title: 'Journey' });
  const id = String(upload.body.id);
  await confirmAsExtracted(t, id, token);
  return id;
}

const local = () => ({ region: 'us-east-1', credentials: t.runtime.credentials });

describe('books API', () => {
  it("keeps books private: another user's book is a 404 on every route", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const id = await readyBook(owner.accessToken);
    const routes: [string, string, unknown?][] = [
      ['GET', `/books/${id}`],
      ['GET', `/books/${id}/chapters`],
      ['GET', `/books/${id}/status`],
      ['PUT', `/books/${id}`, { title: 'Mine now' }],
      ['DELETE', `/books/${id}`],
      ['POST', `/books/${id}/retry`],
      ['POST', `/books/${id}/regenerate-chapters`],
      ['POST', `/books/${id}/save-structure`, { chapters: [{ title: 'x', chapter_number: 1 }] }],
    ];
    for (const [method, path, body] of routes) {
      const answer = await t.api(method, path, { token: stranger.accessToken, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.detail).toBe('Book not found.');
    }
    expect((await t.api<Book[]>('GET', '/books', { token: stranger.accessToken })).body).toEqual([]);
    expect((await t.api('GET', `/books/${id}`, { token: owner.accessToken })).status).toBe(200);
    expect((await t.api('GET', '/books/not-a-uuid', { token: owner.accessToken })).status).toBe(404);
  });

  it('lists by type and counts uploads in the stats', async () => {
    const user = await createUser(t);
    await uploadBook(t, { token: user.accessToken, text: TEXT, bookType: 'learning' });
    await uploadBook(t, { token: user.accessToken, text: TEXT, bookType: 'entertainment' });
    await t.runtime.stepFunctions.idle();
    const learning = await t.api<Book[]>('GET', '/books?book_type=learning', { token: user.accessToken });
    expect(learning.body.map((b) => b.book_type)).toEqual(['learning']);
    expect((await t.api<Book[]>('GET', '/books', { token: user.accessToken })).body).toHaveLength(2);
    expect((await t.api('GET', '/users/me/stats', { token: user.accessToken })).body).toMatchObject({
      books_uploaded: 2,
    });
    expect((await t.api('GET', '/books/learning-progress', { token: user.accessToken })).body).toEqual([]);
  });

  it('updates details with the spec messages and keeps owner choices over proposals', async () => {
    const user = await createUser(t);
    const id = await readyBook(user.accessToken);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ' }, 'Title is required.'],
      [{ author_name: '' }, 'Author name is required.'],
      [{ book_type: 'poetry' }, 'Book type must be learning or entertainment.'],
      [{ difficulty: 'extreme' }, 'Difficulty must be easy, medium or hard.'],
      [{ estimated_duration: 1.5 }, 'Estimated duration must be a whole number.'],
    ];
    for (const [body, detail] of cases) {
      const answer = await t.api('PUT', `/books/${id}`, { token: user.accessToken, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toBe(detail);
    }
    const saved = await t.api<Book>('PUT', `/books/${id}`, {
      token: user.accessToken,
      body: {
        title: 'A Journey',
        author_name: 'Ada',
        difficulty: 'hard',
        estimated_duration: 42,
        tags: ['Sea', 'sea', 'mountains'],
        category: 'science',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'A Journey',
      difficulty: 'hard',
      estimated_duration: 42,
      tags: ['Sea', 'mountains'],
      category: 'science',
    });
    // Regenerating the chapters does not overwrite what the owner chose.
    await t.api('POST', `/books/${id}/regenerate-chapters`, { token: user.accessToken });
    await confirmAsExtracted(t, id, user.accessToken);
    expect((await t.api<Book>('GET', `/books/${id}`, { token: user.accessToken })).body).toMatchObject({
      title: 'A Journey',
      estimated_duration: 42,
    });
  });

  it('checks, resizes and serves the cover image', async () => {
    const user = await createUser(t);
    const id = await readyBook(user.accessToken);
    const big = await sharp({ create: { width: 1600, height: 2400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('cover_image', new Blob([big], { type: 'image/png' }), 'cover.png');
    const response = await fetch(`${t.runtime.apiUrl}/books/${id}/upload-cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const { cover_image_url } = (await response.json()) as { cover_image_url: string };
    expect(cover_image_url).toMatch(/^\/media\/books\/.+\.webp\?expires=\d+&sig=[\w-]+$/);
    const image = await fetch(`${t.runtime.url}${cover_image_url}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([600, 900]);
    const ranged = await fetch(`${t.runtime.url}${cover_image_url}`, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);

    const bad = new FormData();
    bad.set(
      'cover_image',
      new Blob([new TextEncoder().encode('not an image')], { type: 'image/png' }),
      'x.png',
    );
    const refused = await fetch(`${t.runtime.apiUrl}/books/${id}/upload-cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: bad,
    });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/not an image/);
  });

  it('delete removes every record and stored object of the book', async () => {
    const user = await createUser(t);
    const id = await readyBook(user.accessToken);
    const form = new FormData();
    form.set(
      'cover_image',
      new Blob([
        await sharp({ create: { width: 40, height: 60, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ]),
      'c.png',
    );
    await fetch(`${t.runtime.apiUrl}/books/${id}/upload-cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });

    const s3 = new S3Client({ ...local(), endpoint: t.runtime.env.S3_ENDPOINT, forcePathStyle: true });
    const dynamo = new DynamoDBClient({ ...local(), endpoint: t.runtime.env.DYNAMODB_ENDPOINT });
    const objects = async () => {
      const uploads = await s3.send(
        new ListObjectsV2Command({ Bucket: t.runtime.env.UPLOADS_BUCKET, Prefix: `books/${id}/` }),
      );
      const media = await s3.send(
        new ListObjectsV2Command({ Bucket: t.runtime.env.MEDIA_BUCKET, Prefix: `media/books/${id}/` }),
      );
      return (uploads.KeyCount ?? 0) + (media.KeyCount ?? 0);
    };
    const items = async () =>
      (
        await dynamo.send(
          new QueryCommand({
            TableName: t.runtime.env.TABLE_NAME,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': { S: `BOOK#${id}` } },
          }),
        )
      ).Count;
    expect(await objects()).toBeGreaterThan(3);
    // The book, its two chapters and the lock of its processing runs.
    expect(await items()).toBe(4);

    expect((await t.api('DELETE', `/books/${id}`, { token: user.accessToken })).status).toBe(204);
    expect(await objects()).toBe(0);
    expect(await items()).toBe(0);
    expect((await t.api('GET', `/books/${id}`, { token: user.accessToken })).status).toBe(404);
    s3.destroy();
    dynamo.destroy();
  });

  it('the curated catalogue is published by admins and readable by everyone signed in', async () => {
    const admin = await createUser(t, { role: 'author' });
    const reader = await createUser(t);
    const id = await readyBook(admin.accessToken, 'entertainment');
    expect((await t.api('POST', `/books/${id}/publish`, { token: admin.accessToken })).status).toBe(403);

    const cognito = new CognitoIdentityProviderClient({
      ...local(),
      endpoint: t.runtime.env.COGNITO_ENDPOINT,
    });
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: t.runtime.env.USER_POOL_ID,
        Username: admin.email,
        GroupName: 'admin',
      }),
    );
    cognito.destroy();
    const relogin = await t.api<{ access_token: string }>('POST', '/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    const adminToken = relogin.body.access_token;
    expect((await t.api('GET', '/users/me', { token: adminToken })).body).toMatchObject({ is_admin: true });

    expect((await t.api('POST', `/books/${id}/publish`, { token: adminToken })).status).toBe(200);
    const catalogue = await t.api<Book[]>('GET', '/books/superadmin-entertainment-books', {
      token: reader.accessToken,
    });
    expect(catalogue.body.map((b) => b.id)).toEqual([id]);
    expect(
      (await t.api<Book[]>('GET', '/books/superadmin-learning-books', { token: reader.accessToken })).body,
    ).toEqual([]);
    const read = await t.api<BookWithChapters>('GET', `/books/${id}`, { token: reader.accessToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ is_owner: false, published: true });
    expect(read.body.chapters).toHaveLength(2);
    // Reading is all: the reader still cannot change it.
    expect(
      (await t.api('PUT', `/books/${id}`, { token: reader.accessToken, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await t.api('DELETE', `/books/${id}/publish`, { token: adminToken })).status).toBe(204);
    expect(
      (await t.api<Book[]>('GET', '/books/superadmin-entertainment-books', { token: reader.accessToken }))
        .body,
    ).toEqual([]);
  });

  it('save-structure validates the chapters and the book state', async () => {
    const user = await createUser(t);
    const upload = await uploadBook(t, { token: user.accessToken, text: TEXT });
    const id = String(upload.body.id);
    await settledStatus(t, id, user.accessToken);
    const none = await t.api('POST', `/books/${id}/save-structure`, {
      token: user.accessToken,
      body: { chapters: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Keep at least one chapter.');
    const unknown = await t.api('POST', `/books/${id}/save-structure`, {
      token: user.accessToken,
      body: { chapters: [{ title: 'A', chapter_number: 1, source_chapter_number: 99 }] },
    });
    expect(unknown.status).toBe(400);
    const added = await t.api('POST', `/books/${id}/save-structure`, {
      token: user.accessToken,
      body: {
        chapters: [
          { title: '', chapter_number: 1, content: 'Written by hand.' },
          { title: 'Two', chapter_number: 2, source_chapter_number: 2 },
        ],
      },
    });
    expect(added.status).toBe(202);
    await t.runtime.stepFunctions.idle();
    const book = await t.api<BookWithChapters>('GET', `/books/${id}`, { token: user.accessToken });
    expect(book.body.chapters.map((c) => [c.title, c.content])).toEqual([
      ['New Chapter', 'Written by hand.'],
      ['Two', 'The second chapter tells how it ended in the mountains.'],
    ]);
    const again = await t.api('POST', `/books/${id}/save-structure`, {
      token: user.accessToken,
      body: { chapters: [{ title: 'A', chapter_number: 1 }] },
    });
    expect(again.status).toBe(409);
  });
});

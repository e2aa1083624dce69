import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmacMediaSigner } from '../../functions/lib/media-urls';
import { createUser, startTestRuntime, uploadBook, type TestRuntime } from '../integration/helpers';

/**
 * The outside test's findings on the local runtime: media at open, permanent URLs; S3, DynamoDB and
 * Step Functions answering anyone on loopback; S3 CORS open to every web page; presigned URLs whose
 * key could be changed; the dev mailbox answering for any Host.
 */
let t: TestRuntime;
let owner: Awaited<ReturnType<typeof createUser>>;
let coverUrl: string;
let coverKey: string;

beforeAll(async () => {
  t = await startTestRuntime();
  owner = await createUser(t);
  const upload = await uploadBook(t, {
    token: owner.accessToken,
    text: 'Chapter 1\n\nA short tale of a harbour.',
  });
  const image = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('cover_image', new Blob([image], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${t.runtime.apiUrl}/books/${String(upload.body.id)}/upload-cover`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.accessToken}` },
    body: form,
  });
  coverUrl = ((await response.json()) as { cover_image_url: string }).cover_image_url;
  coverKey = new URL(coverUrl, 'http://x').pathname.slice(1);
  await t.runtime.stepFunctions.idle();
});
afterAll(async () => {
  await t?.stop();
});

const media = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.runtime.url}${path}`, { headers });

describe('media URLs', () => {
  it('serves a signed URL, with range requests', async () => {
    const whole = await media(coverUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = (await whole.arrayBuffer()).byteLength;
    const ranged = await media(coverUrl, { range: 'bytes=2-11' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 2-11/${size}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
  });

  it('refuses the same path unsigned, tampered, re-dated or expired, with 403', async () => {
    const url = new URL(coverUrl, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const attempts = {
      unsigned: `/${coverKey}`,
      'signature changed': `/${coverKey}?expires=${expires}&sig=${flipped}`,
      'expiry moved': `/${coverKey}?expires=${expires + 3600}&sig=${sig}`,
      'other key, same signature': `/${coverKey.replace('cover-', 'cover-0')}?expires=${expires}&sig=${sig}`,
      'signature only': `/${coverKey}?sig=${sig}`,
    };
    for (const [name, path] of Object.entries(attempts)) {
      const answer = await media(path, { range: 'bytes=0-9' });
      expect(answer.status, name).toBe(403);
      expect(await answer.text(), name).not.toContain('RIFF');
    }
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = createHmacMediaSigner(t.runtime.env.MEDIA_URL_SECRET!).sign(coverKey, past);
    const answer = await media(`/${coverKey}?${expired}`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/expired/);
  });

  it('keeps the URL the same within the hour, so a playing video keeps its source', async () => {
    const again = await t.api<{ cover_image_url: string }[]>('GET', '/books', { token: owner.accessToken });
    expect(again.body[0]!.cover_image_url).toBe(coverUrl);
  });

  it('signs nothing a stranger can reuse for another object: a missing key is 403 too, not 404', async () => {
    expect((await media('/media/books/00000000-0000-0000-0000-000000000000/cover-x.webp')).status).toBe(403);
  });
});

describe('local S3', () => {
  const bucket = () => t.runtime.env.UPLOADS_BUCKET!;
  const s3url = (path: string) => `${t.runtime.env.S3_ENDPOINT}/${bucket()}${path}`;
  const client = (credentials = t.runtime.credentials) =>
    new S3Client({
      region: 'us-east-1',
      endpoint: t.runtime.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  it('refuses anonymous list, read, write and delete', async () => {
    const answers = await Promise.all([
      fetch(s3url('?list-type=2')),
      fetch(s3url('/incoming/x')),
      fetch(s3url('/incoming/x'), { method: 'PUT', body: 'hello' }),
      fetch(s3url('/incoming/x'), { method: 'DELETE' }),
      fetch(`${t.runtime.env.S3_ENDPOINT}/`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
  });

  it('serves requests signed with the data directory keys, and refuses the well-known or a wrong key', async () => {
    const listed = await client().send(new ListObjectsV2Command({ Bucket: bucket(), MaxKeys: 5 }));
    expect(listed.$metadata.httpStatusCode).toBe(200);
    for (const credentials of [
      { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      { accessKeyId: t.runtime.credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
    ]) {
      await expect(
        client(credentials).send(new ListObjectsV2Command({ Bucket: bucket() })),
      ).rejects.toThrow();
      await expect(
        client(credentials).send(new PutObjectCommand({ Bucket: bucket(), Key: 'incoming/evil', Body: 'x' })),
      ).rejects.toThrow();
    }
  });

  it('takes a presigned upload as issued, and refuses it with the key, type or size changed, or expired', async () => {
    const target = await t.api<{ upload_url: string; headers: Record<string, string> }>(
      'POST',
      '/books/upload-url',
      { token: owner.accessToken, body: { filename: 'a.txt', size: 5, content_type: 'text/plain' } },
    );
    expect(target.status).toBe(200);
    const issued = new URL(target.body.upload_url);
    const changedKey = new URL(issued);
    changedKey.pathname = changedKey.pathname.replace(/[^/]+$/, 'somebody-elses-file');
    const put = (url: URL | string, headers = target.body.headers, body = 'hello') =>
      fetch(url, { method: 'PUT', headers, body });

    expect((await put(changedKey)).status).toBe(403);
    expect((await put(issued, { ...target.body.headers, 'content-type': 'text/html' })).status).toBe(403);
    expect((await put(issued, target.body.headers, 'hello, and much more')).status).toBe(403);
    const reSigned = new URL(issued);
    reSigned.searchParams.set('X-Amz-Expires', '604800');
    expect((await put(reSigned)).status).toBe(403);
    expect((await put(issued)).status).toBe(200);

    const old = await getSignedUrl(
      client(),
      new GetObjectCommand({ Bucket: bucket(), Key: 'incoming/old' }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 3600_000),
      },
    );
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');
  });

  it("answers CORS for the app's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(s3url('/incoming/x'), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const app = await preflight(new URL(t.runtime.url).origin);
    expect(app.headers.get('access-control-allow-origin')).toBe(new URL(t.runtime.url).origin);
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const signedFromEvil = await fetch(
      await getSignedUrl(client(), new GetObjectCommand({ Bucket: bucket(), Key: 'incoming/x' }), {
        expiresIn: 60,
      }),
      { headers: { origin: 'https://evil.example' } },
    );
    expect(signedFromEvil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('local DynamoDB and Step Functions', () => {
  it('answer only requests signed with the data directory keys', async () => {
    const wrong = { accessKeyId: t.runtime.credentials.accessKeyId, secretAccessKey: 'wrong' };
    const dynamo = (credentials = t.runtime.credentials) =>
      new DynamoDBClient({
        region: 'us-east-1',
        endpoint: t.runtime.env.DYNAMODB_ENDPOINT,
        credentials,
        maxAttempts: 1,
      });
    const sfn = (credentials = t.runtime.credentials) =>
      new SFNClient({
        region: 'us-east-1',
        endpoint: t.runtime.env.SFN_ENDPOINT,
        credentials,
        maxAttempts: 1,
      });

    expect((await dynamo().send(new ListTablesCommand({}))).TableNames).toContain(t.runtime.env.TABLE_NAME);
    await expect(dynamo(wrong).send(new ListTablesCommand({}))).rejects.toThrow(/signature/i);
    await expect(
      dynamo({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }).send(new ListTablesCommand({})),
    ).rejects.toThrow(/Access Key Id/);
    const stateMachineArn = t.runtime.env.USER_ONBOARDING_STATE_MACHINE_ARN!;
    expect((await sfn().send(new ListExecutionsCommand({ stateMachineArn }))).executions).toBeDefined();
    await expect(sfn(wrong).send(new ListExecutionsCommand({ stateMachineArn }))).rejects.toThrow(
      /signature/i,
    );

    const unsigned = await fetch(t.runtime.env.DYNAMODB_ENDPOINT!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.ListTables',
      },
      body: '{}',
    });
    expect(unsigned.status).toBe(403);
    const unsignedSfn = await fetch(t.runtime.env.SFN_ENDPOINT!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AWSStepFunctions.ListExecutions',
      },
      body: JSON.stringify({ stateMachineArn }),
    });
    expect(unsignedSfn.status).toBe(403);
  });
});

describe('dev mailbox', () => {
  it('answers on a loopback host name only', async () => {
    const { request } = await import('node:http');
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${t.runtime.url}/_dev/mailbox`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get(`localhost:${t.runtime.ports.gateway}`)).toBe(200);
    expect(await get(`127.0.0.1:${t.runtime.ports.gateway}`)).toBe(200);
    expect(await get('evil.example')).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  FALLBACK_ERROR,
  storageTokenStore,
  UNEXPECTED_ANSWER,
  type TokenStore,
} from '../../web/src/lib/api-client';
import { plotGenerationJob } from '../../functions/contracts/plots';

/** An in-memory stand-in for the browser's Storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive?: boolean;
};

/** A scripted server: each handler answers the request it receives, in order. */
function scriptedFetch(handlers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      keepalive: init.keepalive,
    };
    calls.push(call);
    const handler = handlers.shift();
    if (!handler) throw new Error(`Unexpected request ${call.method} ${call.url}`);
    return handler(call);
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  handlers: ((call: Call) => Response)[],
  stored: Record<string, string> = { authToken: 'old-access', refreshToken: 'refresh-1' },
) {
  const storage = memoryStorage(stored);
  const tokens: TokenStore = storageTokenStore(storage);
  const server = scriptedFetch(handlers);
  const events = { refreshed: 0, ended: 0, activity: [] as number[] };
  const client = createApiClient({
    tokens,
    fetch: server.fetch,
    onTokensRefreshed: () => events.refreshed++,
    onSessionEnded: () => events.ended++,
    onActivity: (d) => events.activity.push(d),
  });
  return { client, storage, server, events };
}

describe('api client', () => {
  it('sends JSON with the stored bearer token under /api/v1', async () => {
    const { client, server } = setup([() => json(200, { ok: true })]);
    await expect(client.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    expect(server.calls[0]).toMatchObject({
      url: '/api/v1/things',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer old-access' },
      body: { a: 1 },
    });
  });

  it('after a 401 refreshes once, stores the new tokens and retries the request once', async () => {
    const { client, server, storage, events } = setup([
      () => json(401, { detail: 'expired' }),
      (call) => {
        expect(call.url).toBe('/api/v1/auth/refresh');
        expect(call.headers.Authorization).toBeUndefined();
        expect(call.body).toEqual({ refresh_token: 'refresh-1' });
        return json(200, { access_token: 'new-access', refresh_token: 'refresh-2' });
      },
      (call) => {
        expect(call.headers.Authorization).toBe('Bearer new-access');
        return json(200, { id: 'me' });
      },
    ]);
    await expect(client.get('/users/me')).resolves.toEqual({ id: 'me' });
    expect(server.calls).toHaveLength(3);
    expect(storage.data.get('authToken')).toBe('new-access');
    expect(storage.data.get('refreshToken')).toBe('refresh-2');
    expect(events.refreshed).toBe(1);
  });

  it('does not retry a second time when the retried request is refused again', async () => {
    const { client, server } = setup([
      () => json(401, { detail: 'expired' }),
      () => json(200, { access_token: 'new-access', refresh_token: 'refresh-2' }),
      () => json(401, { detail: 'still refused' }),
    ]);
    await expect(client.get('/users/me')).rejects.toMatchObject({ status: 401, message: 'still refused' });
    expect(server.calls).toHaveLength(3);
  });

  it('removes both tokens when the refresh fails, and reports the original error', async () => {
    const { client, storage, events } = setup([
      () => json(401, { detail: 'Not authenticated' }),
      () => json(401, { detail: 'bad refresh' }),
    ]);
    await expect(client.get('/users/me')).rejects.toMatchObject({
      status: 401,
      message: 'Not authenticated',
    });
    expect(storage.data.has('authToken')).toBe(false);
    expect(storage.data.has('refreshToken')).toBe(false);
    expect(events.ended).toBe(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    const handler = (call: Call) => {
      if (call.url.endsWith('/auth/refresh')) {
        refreshes++;
        return json(200, { access_token: 'new-access', refresh_token: 'refresh-2' });
      }
      return call.headers.Authorization === 'Bearer new-access'
        ? json(200, { url: call.url })
        : json(401, {});
    };
    const { client } = setup(Array.from({ length: 5 }, () => handler));
    const results = await Promise.all([client.get('/a'), client.get('/b')]);
    expect(results).toEqual([{ url: '/api/v1/a' }, { url: '/api/v1/b' }]);
    expect(refreshes).toBe(1);
  });

  it('a refresh answered after sign-out does not bring the tokens back', async () => {
    const { client, storage } = setup([
      () => json(401, { detail: 'expired' }),
      () => {
        // The user signs out while the refresh is on its way.
        storage.data.clear();
        return json(200, { access_token: 'new-access', refresh_token: 'refresh-2' });
      },
    ]);
    await expect(client.get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(storage.data.size).toBe(0);
  });

  it('ends a session with the tokens it is given (not the store), kept alive across a page change', async () => {
    const { client, server, storage } = setup(
      [
        (call) => {
          expect(call).toMatchObject({
            url: '/api/v1/auth/logout',
            method: 'POST',
            keepalive: true,
            headers: { Authorization: 'Bearer dropped-access' },
            body: { refresh_token: 'dropped-refresh' },
          });
          return json(401, { detail: 'expired' });
        },
        (call) => {
          expect(call).toMatchObject({
            url: '/api/v1/auth/refresh',
            body: { refresh_token: 'dropped-refresh' },
          });
          expect(call.headers.Authorization).toBeUndefined();
          return json(200, { access_token: 'renewed-access', refresh_token: 'dropped-refresh' });
        },
        (call) => {
          expect(call).toMatchObject({
            url: '/api/v1/auth/logout',
            keepalive: true,
            headers: { Authorization: 'Bearer renewed-access' },
          });
          return json(200, { message: 'Logged out' });
        },
      ],
      {},
    );
    await expect(client.endSession('dropped-access', 'dropped-refresh')).resolves.toBe(true);
    expect(server.calls).toHaveLength(3);
    // The renewed tokens are not kept: the app stays signed out.
    expect(storage.data.size).toBe(0);
  });

  it('does not try to refresh for requests sent without a token (e.g. a wrong password)', async () => {
    const { client, server } = setup([() => json(401, { detail: 'Incorrect email or password.' })], {});
    await expect(client.post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect email or password.',
    });
    expect(server.calls).toHaveLength(1);
  });

  it('treats 204 as success without a body', async () => {
    const { client } = setup([() => new Response(null, { status: 204 })]);
    await expect(client.delete('/things/1')).resolves.toBeUndefined();
  });

  it('uses the detail of an error body, else the fallback message', async () => {
    const { client } = setup([
      () => json(400, { detail: 'Title is required.', code: 'validation_error' }),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
      () => json(422, { detail: [{ msg: 'field required' }, { msg: 'too long' }] }),
    ]);
    const first = await client.get('/x').catch((e: ApiError) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ message: 'Title is required.', status: 400, code: 'validation_error' });
    await expect(client.get('/x')).rejects.toMatchObject({ message: FALLBACK_ERROR, status: 502 });
    await expect(client.get('/x')).rejects.toMatchObject({ message: 'field required; too long' });
  });

  it('sends multipart bodies without a JSON content type', async () => {
    const { client, server } = setup([() => json(200, {})]);
    const form = new FormData();
    form.set('title', 'A');
    await client.postMultipart('/books/upload', form);
    expect(server.calls[0]!.headers['Content-Type']).toBeUndefined();
    expect(server.calls[0]!.body).toBe(form);
  });

  it('reports activity around every call for the global loading indicator', async () => {
    const { client, events } = setup([() => json(200, {}), () => json(500, {})]);
    await client.get('/a');
    await client.get('/b').catch(() => undefined);
    expect(events.activity).toEqual([1, -1, 1, -1]);
  });

  it('downloads a file with its name, refreshing once after a 401, and reports a failed one in its words', async () => {
    const { client, server } = setup([
      () => json(401, { detail: 'expired' }),
      () => json(200, { access_token: 'new-access', refresh_token: 'refresh-2' }),
      () =>
        new Response('Title: A', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="the-lamp.fountain"' },
        }),
      () => json(404, { detail: 'Script not found.' }),
    ]);
    const file = await client.download('/ai/script/s1/export?format=fountain');
    expect(file.filename).toBe('the-lamp.fountain');
    expect(await file.blob.text()).toBe('Title: A');
    expect(server.calls[2]!.headers.Authorization).toBe('Bearer new-access');
    await expect(client.download('/ai/script/gone/export')).rejects.toMatchObject({
      message: 'Script not found.',
      status: 404,
    });
  });

  describe('an answer parsed with its contract schema', () => {
    const job = {
      id: 'job-1',
      book_id: 'book-1',
      status: 'processing',
      progress: 40,
      step: 'Finding the characters',
      error_message: null,
      plot_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:01.000Z',
    };

    it('answers the typed value, without fields the contract does not name', async () => {
      const { client } = setup([() => json(200, { ...job, owner_id: 'user-1' })]);
      const answer = await client.get('/plots/books/book-1/status', { schema: plotGenerationJob });
      expect(answer).toEqual(job);
      expect(answer.status).toBe('processing');
    });

    it('is an API error when the shape is not the contract’s (an unknown status, a missing field)', async () => {
      const { client } = setup([
        () => json(200, { ...job, status: 'thinking' }),
        () => json(200, { ...job, progress: undefined }),
      ]);
      const quietConsole = console.error;
      console.error = () => {};
      try {
        for (let i = 0; i < 2; i++)
          await expect(
            client.get('/plots/books/book-1/status', { schema: plotGenerationJob }),
          ).rejects.toMatchObject({
            name: 'ApiError',
            message: FALLBACK_ERROR,
            status: 200,
            code: UNEXPECTED_ANSWER,
          });
      } finally {
        console.error = quietConsole;
      }
    });

    it('leaves a 204 without a body as success (nothing to parse)', async () => {
      const { client } = setup([() => new Response(null, { status: 204 })]);
      await expect(
        client.get('/plots/books/book-1/status', { schema: plotGenerationJob }),
      ).resolves.toBeUndefined();
    });
  });
});

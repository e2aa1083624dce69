/**
 * The one API client of the SPA, following the product's rules: base path /api/v1, JSON bodies,
 * a Bearer token when one is stored, errors carrying the server's `detail` (or "An API error
 * occurred"), one token refresh and one retry after a 401, and 204 as success without a body.
 * A call may name the zod schema of its answer (functions/contracts): the answer is then parsed
 * with it, so a shape the SPA does not expect is an error here rather than a broken screen later.
 */
export const API_BASE = '/api/v1';
export const FALLBACK_ERROR = 'An API error occurred';
export const ACCESS_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The parsed error body, for answers that carry more than `detail` (a 409 naming what runs). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell the user about a failed call: the API's own words, or `fallback` for anything else. */
export const errorText = (error: unknown, fallback = 'An unknown error occurred.') =>
  error instanceof ApiError ? error.message : fallback;

export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  set(access: string, refresh: string): void;
  clear(): void;
}

export function storageTokenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): TokenStore {
  return {
    access: () => storage.getItem(ACCESS_TOKEN_KEY),
    refresh: () => storage.getItem(REFRESH_TOKEN_KEY),
    set(access, refresh) {
      storage.setItem(ACCESS_TOKEN_KEY, access);
      storage.setItem(REFRESH_TOKEN_KEY, refresh);
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
    },
  };
}

export interface ApiClientOptions {
  tokens: TokenStore;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** After a successful refresh (the app reloads the user). */
  onTokensRefreshed?: () => void;
  /** After a failed refresh, once the tokens are gone. */
  onSessionEnded?: () => void;
  /** +1 when a call starts, -1 when it ends: drives the global loading indicator. */
  onActivity?: (delta: 1 | -1) => void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the global loading indicator (background polling). */
  quiet?: boolean;
}

/**
 * The schema an answer is parsed with: a zod schema of functions/contracts (its `parse` answers
 * the typed value, without fields the schema does not name, and throws when the shape is wrong).
 * Structural, so the client itself carries no schema library.
 */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/** The code of the error a call answers when its answer does not have its schema's shape. */
export const UNEXPECTED_ANSWER = 'unexpected_answer';

type ParsedOptions<T> = RequestOptions & { schema?: AnswerSchema<T> };

/** Reads `detail` (a string, or FastAPI-style list of issues) from an error body. */
export function errorMessage(body: unknown): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
    if (Array.isArray(detail)) {
      const parts = detail.map((d) => (d && typeof d === 'object' && 'msg' in d ? String(d.msg) : String(d)));
      if (parts.length) return parts.join('; ');
    }
  }
  return FALLBACK_ERROR;
}

function parseAnswer<T>(schema: AnswerSchema<T>, answer: unknown, status: number): T {
  try {
    return schema.parse(answer);
  } catch (error) {
    // The API and the SPA disagree about a shape: worth a trace for whoever reads the console.
    console.error('Unexpected API answer', error);
    throw new ApiError(FALLBACK_ERROR, status, UNEXPECTED_ANSWER, answer);
  }
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? API_BASE;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshing: Promise<boolean> | null = null;

  /** One refresh at a time: concurrent 401s wait for the same attempt. */
  function refreshTokens(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = options.tokens.refresh();
      if (!refreshToken) return false;
      try {
        const response = await doFetch(`${baseUrl}/auth/refresh`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        if (!response.ok) throw new Error('refresh failed');
        const body = (await response.json()) as { access_token?: string; refresh_token?: string };
        if (!body.access_token) throw new Error('refresh failed');
        // Signed out (or in again) while the refresh was on its way: its tokens must not come back.
        if (options.tokens.refresh() !== refreshToken) return false;
        options.tokens.set(body.access_token, body.refresh_token || refreshToken);
        options.onTokensRefreshed?.();
        return true;
      } catch {
        options.tokens.clear();
        options.onSessionEnded?.();
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send(method: Method, path: string, body: unknown, multipart: boolean, signal?: AbortSignal) {
    const headers: Record<string, string> = {};
    if (!multipart) headers['Content-Type'] = 'application/json';
    const token = options.tokens.access();
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal,
    });
    return { response, sentToken: Boolean(token) };
  }

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    multipart = false,
    opts: ParsedOptions<T> = {},
  ): Promise<T> {
    if (!opts.quiet) options.onActivity?.(1);
    try {
      const first = await send(method, path, body, multipart, opts.signal);
      let response = first.response;
      // Only a request that carried a token can be rescued by refreshing it.
      if (response.status === 401 && first.sentToken && (await refreshTokens())) {
        ({ response } = await send(method, path, body, multipart, opts.signal));
      }
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      if (!response.ok) {
        const code =
          parsed && typeof parsed === 'object' && 'code' in parsed
            ? String((parsed as { code: unknown }).code)
            : undefined;
        throw new ApiError(errorMessage(parsed), response.status, code, parsed);
      }
      return opts.schema && parsed !== undefined
        ? parseAnswer(opts.schema, parsed, response.status)
        : (parsed as T);
    } finally {
      if (!opts.quiet) options.onActivity?.(-1);
    }
  }

  /**
   * A file answer (an export): the same token, refresh and error rules as the JSON calls, answered
   * as a Blob with the file name of its Content-Disposition.
   */
  async function download(
    path: string,
    opts: RequestOptions = {},
  ): Promise<{ blob: Blob; filename: string }> {
    if (!opts.quiet) options.onActivity?.(1);
    try {
      const first = await send('GET', path, undefined, false, opts.signal);
      let response = first.response;
      if (response.status === 401 && first.sentToken && (await refreshTokens())) {
        ({ response } = await send('GET', path, undefined, false, opts.signal));
      }
      if (!response.ok) {
        let parsed: unknown;
        try {
          parsed = await response.json();
        } catch {
          parsed = undefined;
        }
        throw new ApiError(errorMessage(parsed), response.status);
      }
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'download';
      return { blob: await response.blob(), filename };
    } finally {
      if (!opts.quiet) options.onActivity?.(-1);
    }
  }

  /**
   * Ends a session on the server whose tokens the app has already dropped (signing out forgets them
   * at once, so a page opened right after finds no session): sent with those tokens, not the
   * store's, kept alive across a page change, and — when the access token has expired — sent once
   * more after a refresh made with them (the new tokens are not stored). True when the server ended it.
   */
  async function endSession(access: string, refresh: string | null): Promise<boolean> {
    const post = (path: string, body: unknown, token?: string) =>
      doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        keepalive: true,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const body = refresh ? { refresh_token: refresh } : {};
    let response = await post('/auth/logout', body, access);
    if (response.status === 401 && refresh) {
      const renewed = await post('/auth/refresh', { refresh_token: refresh });
      const pair = renewed.ok ? ((await renewed.json()) as { access_token?: string }) : {};
      if (pair.access_token) response = await post('/auth/logout', body, pair.access_token);
    }
    return response.ok;
  }

  return {
    get: <T>(path: string, opts?: ParsedOptions<T>) => request<T>('GET', path, undefined, false, opts),
    post: <T>(path: string, body?: unknown, opts?: ParsedOptions<T>) =>
      request<T>('POST', path, body ?? {}, false, opts),
    put: <T>(path: string, body?: unknown, opts?: ParsedOptions<T>) =>
      request<T>('PUT', path, body ?? {}, false, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, false, opts),
    postMultipart: <T>(path: string, form: FormData, opts?: RequestOptions) =>
      request<T>('POST', path, form, true, opts),
    download,
    refreshTokens,
    endSession,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

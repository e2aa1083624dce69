/**
 * What the SPA's data layer needs of a browser, for running it in node against the local runtime:
 * `window.localStorage` (where the API client keeps its tokens), `fetch` of the app's relative
 * `/api/v1/...` paths (sent to the runtime's origin) and `XMLHttpRequest` PUTs (the uploaders use
 * it for progress), made over fetch. A test can make storage refuse chosen PUTs (`refuse`).
 */

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** A PUT the shim answers itself instead of sending: an HTTP status, or 0 for a dropped connection. */
export type Refusal = number | null;

export interface BrowserShim {
  storage: MemoryStorage;
  /** Where relative paths go (the runtime's origin). */
  origin: string;
  /** Decides, for each PUT in order, whether storage refuses it (null: sent for real). */
  refuse: (url: string, count: number) => Refusal;
  /** Every PUT URL, refused or sent, in order. */
  puts: string[];
}

export const shim: BrowserShim = {
  storage: new MemoryStorage(),
  origin: '',
  refuse: () => null,
  puts: [],
};

const nodeFetch = globalThis.fetch.bind(globalThis);

class ShimXhr {
  status = 0;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private answer: Headers | null = null;
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.answer?.get(name) ?? null;
  }
  abort() {
    this.controller.abort();
  }
  send(body: Blob) {
    void this.run(body);
  }
  private async run(body: Blob) {
    shim.puts.push(this.url);
    const refusal = shim.refuse(this.url, shim.puts.length);
    try {
      if (refusal !== null) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (this.controller.signal.aborted) throw new DOMException('Aborted', 'AbortError');
        if (refusal === 0) return this.onerror?.();
        this.status = refusal;
        this.answer = new Headers();
        return this.onload?.();
      }
      const response = await nodeFetch(this.url, {
        method: this.method,
        headers: this.headers,
        body,
        signal: this.controller.signal,
      });
      await response.arrayBuffer();
      this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
      this.status = response.status;
      this.answer = response.headers;
      this.onload?.();
    } catch (error) {
      if (this.controller.signal.aborted) this.onabort?.();
      else if (error) this.onerror?.();
    }
  }
}

/** Installs the shim's globals (call before importing anything that reads `window`). */
export function installBrowserShim() {
  Object.assign(globalThis, {
    window: { localStorage: shim.storage },
    XMLHttpRequest: ShimXhr,
    fetch: (input: string | URL | Request, init?: RequestInit) =>
      nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${shim.origin}${input}` : input, init),
  });
}

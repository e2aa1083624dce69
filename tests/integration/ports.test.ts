import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeServer, drainable, holdPort, listen, listenOn } from '../../infra/local/http-util';

describe('ports held for the local services', () => {
  it('keeps a chosen port from anyone else until its service listens on it', async () => {
    const hold = await holdPort(0);
    const intruder = createServer();
    await expect(listen(intruder, hold.port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const service = createServer((_req, res) => res.end('served'));
    expect(await listenOn(service, hold, '127.0.0.1')).toBe(hold.port);
    expect(await (await fetch(`http://127.0.0.1:${hold.port}/`)).text()).toBe('served');
    await closeServer(service);
  });

  it('turns away a client that comes while the port is held, so releasing it never waits on the client', async () => {
    const hold = await holdPort(0);
    const early = await fetch(`http://127.0.0.1:${hold.port}/`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(early).toBe('refused');
    const service = createServer((_req, res) => res.end('served'));
    expect(await listenOn(service, hold, '127.0.0.1')).toBe(hold.port);
    expect(await (await fetch(`http://127.0.0.1:${hold.port}/`)).text()).toBe('served');
    await closeServer(service);
  });

  it('takes another port when the preferred one is busy, unless that exact one was asked for', async () => {
    const busy = await holdPort(0);
    const other = await holdPort(busy.port);
    expect(other.port).not.toBe(busy.port);
    await expect(holdPort(busy.port, '127.0.0.1', true)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await Promise.all([busy.release(), other.release()]);
  });
});

describe('a local service drained before it closes', () => {
  it('answers the requests it is serving, refuses new ones, and resolves once they are answered', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const served: string[] = [];
    const service = drainable(
      (req, res) => {
        void held.then(() => {
          served.push(req.url ?? '');
          res.end('done');
        });
      },
      (res) => res.writeHead(503).end('stopping'),
    );
    const server = createServer(service.listener);
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const first = fetch(`http://127.0.0.1:${port}/first`).then(async (r) => [r.status, await r.text()]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      let drained = false;
      const drain = service.drain().then(() => (drained = true));
      const second = await fetch(`http://127.0.0.1:${port}/second`);
      expect([second.status, await second.text()]).toEqual([503, 'stopping']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(drained).toBe(false);
      release();
      expect(await first).toEqual([200, 'done']);
      await drain;
      expect(served).toEqual(['/first']);
    } finally {
      await closeServer(server);
    }
  });

  it('resolves at once when nothing is being served', async () => {
    const service = drainable(
      (_req, res) => res.end(),
      (res) => res.writeHead(503).end(),
    );
    await expect(service.drain(10_000)).resolves.toBeUndefined();
  });
});

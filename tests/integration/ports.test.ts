import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { closeServer, holdPort, listen, listenOn } from '../../infra/local/http-util';

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

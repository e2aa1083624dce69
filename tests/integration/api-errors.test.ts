import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The API handler's last resort: an error it has no words for (here the database gone) is answered
 * as a generic 500 — the same short body on every route, nothing of the error, the service or the code.
 */
let t: TestRuntime;
let token: string;

beforeAll(async () => {
  t = await startTestRuntime();
  token = (await createUser(t)).accessToken;
  expect((await t.api('GET', '/users/me', { token })).status).toBe(200);
  await t.runtime.stopService('dynamodb');
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** Words that would give away internals: the error, the service, the code or its files. */
const INTERNALS =
  /dynamo|ECONNREFUSED|connect|127\.0\.0\.1|localhost|at .*\(|\.ts|\.js|stack|Error:|Table|aws/i;

describe('an unexpected failure behind the API', () => {
  it.each([
    ['GET', '/users/me'],
    ['GET', '/books'],
    ['GET', '/users/me/stats'],
  ])('%s %s answers a generic 500 with no internals', async (method, path) => {
    const response = await fetch(`${t.runtime.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Internal server error' });
    expect(text).not.toMatch(INTERNALS);
  });

  it('still answers what needs no database: health says which service is down', async () => {
    const health = await t.api('GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', services: { dynamodb: 'down' } });
  });
});

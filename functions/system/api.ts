import type { HealthResponse } from '../contracts/api';
import { createApiHandler } from '../lib/api-handler';
import { dependencyChecks } from '../lib/aws/health';
import { defineHandler } from '../lib/http';

const CHECK_TIMEOUT_MS = 2000;

/** One cheap call per dependency; each either answers within the timeout or counts as down. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const health = defineHandler({}, async () => {
  const names = Object.keys(dependencyChecks);
  const states = await Promise.all(names.map((name) => probe(dependencyChecks[name]!)));
  const services = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
  const down = names.filter((name) => services[name] === 'down');
  const body: HealthResponse = down.length
    ? { status: 'degraded', services, detail: `Service unavailable: ${down.join(', ')}` }
    : { status: 'ok', services };
  return { statusCode: down.length ? 503 : 200, body };
});

export const handlers = { health };
export const handler = createApiHandler('system', handlers);

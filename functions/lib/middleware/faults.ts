import type middy from '@middy/core';

/**
 * Fault injection for tests of failure paths: with
 * FAULT_INJECTION="bookProcessing.Extract,learningContent.RenderPart" the named operations (workers
 * by `<workflow>.<State>`, routes by handler name) throw an InjectedFault before they run; a point
 * written `<point>:hang` never returns instead, so a test can kill the runtime while the step runs; a
 * point written `<point>:once` throws only the first time it is reached in the process (the fired
 * points are kept in the environment, which the local runtime's worker threads share), so a retry
 * of the failed step succeeds. Unset everywhere but in tests.
 */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

const injected = (point: string) =>
  (process.env.FAULT_INJECTION ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith(point));

const FIRED = 'FAULT_INJECTION_FIRED';

export function injectFault(point: string): void {
  const points = injected(point);
  if (points.includes(point)) throw new InjectedFault(`Injected fault at ${point}`);
  if (points.includes(`${point}:once`)) {
    const fired = (process.env[FIRED] ?? '').split(',');
    if (fired.includes(point)) return;
    process.env[FIRED] = [...fired.filter(Boolean), point].join(',');
    throw new InjectedFault(`Injected fault at ${point}`);
  }
}

export function faultInjection<E>(pointOf: (request: middy.Request<E>) => string): middy.MiddlewareObj<E> {
  return {
    before: async (request) => {
      if (!process.env.FAULT_INJECTION) return;
      const point = pointOf(request);
      if (injected(point).includes(`${point}:hang`)) await new Promise<never>(() => {});
      injectFault(point);
    },
  };
}

import type middy from '@middy/core';

/**
 * Fault injection for tests of failure paths: with
 * FAULT_INJECTION="bookProcessing.Extract,learningContent.RenderPart" the named operations (workers
 * by `<workflow>.<State>`, routes by handler name) throw an InjectedFault before they run; a point
 * written `<point>:hang` never returns instead, so a test can kill the runtime while the step runs.
 * Unset everywhere but in tests.
 */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

const injected = (point: string) =>
  (process.env.FAULT_INJECTION ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith(point));

export function injectFault(point: string): void {
  if (injected(point).includes(point)) throw new InjectedFault(`Injected fault at ${point}`);
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

import type middy from '@middy/core';

/**
 * Fault injection for tests of failure paths: with
 * FAULT_INJECTION="bookProcessing.Extract,learningContent.RenderPart" the named operations (workers
 * by `<workflow>.<State>`, routes by handler name) throw an InjectedFault before they run.
 * Unset everywhere but in tests.
 */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

export function injectFault(point: string): void {
  const points = process.env.FAULT_INJECTION;
  if (!points) return;
  if (points.split(',').some((p) => p.trim() === point))
    throw new InjectedFault(`Injected fault at ${point}`);
}

export function faultInjection<E>(pointOf: (request: middy.Request<E>) => string): middy.MiddlewareObj<E> {
  return {
    before: (request) => {
      if (process.env.FAULT_INJECTION) injectFault(pointOf(request));
    },
  };
}

/**
 * Fault injection for tests of failure paths: with FAULT_INJECTION="extractBook,processChapter" the
 * named steps throw an InjectedFault. Unset everywhere but in tests.
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

/** A use case with its context given: the function as a caller of the façade sees it. */
type WithContext<C, F> = F extends (context: C, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * A domain's façade: its use cases (plain functions whose first parameter is the domain's
 * context) with one context given, for the callers that hold a service object.
 */
export function bindContext<C, T extends Record<string, (context: C, ...args: never[]) => unknown>>(
  context: C,
  useCases: T,
): { [K in keyof T]: WithContext<C, T[K]> } {
  const bound: Record<string, unknown> = {};
  for (const [name, useCase] of Object.entries(useCases))
    bound[name] = (...args: never[]) => useCase(context, ...args);
  return bound as { [K in keyof T]: WithContext<C, T[K]> };
}

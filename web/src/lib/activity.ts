import { useSyncExternalStore } from 'react';

/** Count of API calls in flight, for the global loading indicator. */
let inFlight = 0;
const listeners = new Set<() => void>();

export function trackActivity(delta: 1 | -1): void {
  inFlight = Math.max(0, inFlight + delta);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useIsLoading = () => useSyncExternalStore(subscribe, () => inFlight > 0);

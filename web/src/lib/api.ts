import { createApiClient, storageTokenStore } from './api-client';
import { trackActivity } from './activity';

export const tokens = storageTokenStore(window.localStorage);

/** Session events the auth provider listens to (it registers itself at start). */
export const sessionEvents = {
  onRefreshed: () => {},
  onEnded: () => {},
};

export const api = createApiClient({
  tokens,
  onActivity: trackActivity,
  onTokensRefreshed: () => sessionEvents.onRefreshed(),
  onSessionEnded: () => sessionEvents.onEnded(),
});

/** SWR fetcher: keys are API paths. */
export const fetcher = <T>(path: string) => api.get<T>(path);

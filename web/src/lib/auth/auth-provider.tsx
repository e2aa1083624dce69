import type { UserMe } from '@contracts/api';
import type { SignUpRequest } from '@contracts/auth';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { api, sessionEvents, tokens } from '@/lib/api';
import { sessionApi } from './session-api';
import { AuthContext } from './use-auth';

/** The signed-in user, or null after discarding tokens that no longer work. */
async function fetchCurrentUser(): Promise<UserMe | null> {
  try {
    return await api.get<UserMe>('/users/me');
  } catch {
    tokens.clear();
    return null;
  }
}

/** Holds the session for the whole app: restores it at start, signs in, up and out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserMe | null>(null);
  const [loading, setLoading] = useState(true);
  const { mutate } = useSWRConfig();

  const reloadUser = useCallback(async () => {
    const me = await (tokens.access() ? fetchCurrentUser() : Promise.resolve(null));
    setUser(me);
    return me;
  }, []);

  useEffect(() => {
    sessionEvents.onRefreshed = () => void reloadUser();
    sessionEvents.onEnded = () => setUser(null);
    let active = true;
    void (async () => {
      const me = await (tokens.access() ? fetchCurrentUser() : Promise.resolve(null));
      if (!active) return;
      setUser(me);
      setLoading(false);
    })();
    return () => {
      active = false;
    };
  }, [reloadUser]);

  const login = useCallback(
    async (email: string, password: string) => {
      const pair = await sessionApi.login(email, password);
      tokens.set(pair.access_token, pair.refresh_token);
      return reloadUser();
    },
    [reloadUser],
  );

  // A new account signs in only once its email is verified: nothing to try before that (a sign-in
  // now would only be refused, and would count against the address's sign-in attempts).
  const register = useCallback(async (payload: SignUpRequest): Promise<void> => {
    await sessionApi.register(payload);
  }, []);

  const logout = useCallback(() => {
    // The tokens are forgotten at once, before anything else happens: a page opened (or reloaded)
    // right after signing out finds no session, and no request still on its way can use them or
    // refresh them back. The server ends the session too, so a copied token stops working: that
    // request carries the dropped tokens itself and outlives a page change.
    const access = tokens.access();
    const refresh = tokens.refresh();
    tokens.clear();
    if (access) void sessionApi.logout(access, refresh).catch(() => false);
    setUser(null);
    // Forget every cached response of the previous user.
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);

  const value = useMemo(
    () => ({ user, loading, login, register, logout, reloadUser }),
    [user, loading, login, register, logout, reloadUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import type { UserMe } from '@contracts/api';
import type { SignUpRequest } from '@contracts/auth';
import { createContext, useContext } from 'react';

export interface AuthState {
  user: UserMe | null;
  /** True until the stored session (if any) has been checked. */
  loading: boolean;
  login(email: string, password: string): Promise<UserMe | null>;
  /** Creates the account; it can sign in once its email is verified. */
  register(payload: SignUpRequest): Promise<void>;
  logout(): void;
  reloadUser(): Promise<UserMe | null>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The session: the signed-in user and what changes it. Inside AuthProvider only. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

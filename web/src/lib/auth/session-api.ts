import type { MessageResponse, TokenPair } from '@contracts/api';
import type { SignUpRequest } from '@contracts/auth';
import { api } from '@/lib/api';

/** The requests that open and end a session: the provider makes them and keeps the tokens. */
export const sessionApi = {
  login: (email: string, password: string) => api.post<TokenPair>('/auth/login', { email, password }),
  register: (payload: SignUpRequest) => api.post<MessageResponse>('/auth/register', payload),
  /**
   * Ends the session on the server (its refresh token and access tokens stop working), with the
   * tokens the app has just dropped.
   */
  logout: (accessToken: string, refreshToken: string | null) => api.endSession(accessToken, refreshToken),
};

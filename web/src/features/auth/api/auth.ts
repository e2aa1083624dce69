import type { MessageResponse, TokenPair } from '@contracts/api';
import { api } from '@/lib/api';

export interface RegisterPayload {
  display_name: string;
  email: string;
  password: string;
  role: 'author' | 'explorer';
}

export const authApi = {
  login: (email: string, password: string) => api.post<TokenPair>('/auth/login', { email, password }),
  register: (payload: RegisterPayload) => api.post<MessageResponse>('/auth/register', payload),
  verifyEmail: (email: string, code: string) =>
    api.post<MessageResponse>('/auth/verify-email', { email, code }),
  resendVerification: (email: string) => api.post<MessageResponse>('/auth/resend-verification', { email }),
  requestPasswordReset: (email: string) =>
    api.post<MessageResponse>('/auth/request-password-reset', { email }),
  confirmPasswordReset: (email: string, token: string, new_password: string) =>
    api.post<MessageResponse>('/auth/confirm-password-reset', { email, token, new_password }),
};

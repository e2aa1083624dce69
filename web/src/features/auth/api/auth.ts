import type { MessageResponse } from '@contracts/api';
import { api } from '@/lib/api';

/** The auth pages' own requests; signing in and up go through the session (useAuth). */
export const authApi = {
  verifyEmail: (email: string, code: string) =>
    api.post<MessageResponse>('/auth/verify-email', { email, code }),
  resendVerification: (email: string) => api.post<MessageResponse>('/auth/resend-verification', { email }),
  requestPasswordReset: (email: string) =>
    api.post<MessageResponse>('/auth/request-password-reset', { email }),
  confirmPasswordReset: (email: string, token: string, new_password: string) =>
    api.post<MessageResponse>('/auth/confirm-password-reset', { email, token, new_password }),
};

import { messages } from '@contracts/validation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '@/lib/api-client';
import { authApi } from './auth';

/** Sends the verification email again, saying how it went; `resending` while it is on its way. */
export function useResendVerification() {
  const [resending, setResending] = useState(false);
  const resend = async (email: string) => {
    if (!email.trim()) {
      toast.error(messages.emailFirst);
      return;
    }
    setResending(true);
    try {
      await authApi.resendVerification(email.trim());
      toast.success('Verification email sent! Check your inbox.');
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status === 429 ? err.message : 'Failed to send verification email.',
      );
    } finally {
      setResending(false);
    }
  };
  return { resending, resend };
}

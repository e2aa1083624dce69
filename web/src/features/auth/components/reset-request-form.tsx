import { passwordResetRequest } from '@contracts/auth';
import { firstError } from '@contracts/validation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { authApi } from '../api/auth';
import { AuthForm } from './auth-form';
import { EmailField } from './fields';

export function ResetRequestForm(props: {
  email: string;
  onEmail: (v: string) => void;
  onSent: () => void;
  onBack: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(passwordResetRequest, { email: props.email });
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      await authApi.requestPasswordReset(props.email.trim());
      toast.success('Password reset email sent! Check your inbox.');
      props.onSent();
    } catch (err) {
      toast.error(errorText(err, 'Failed to send password reset email.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthForm
      title="Reset your password"
      intro="We will email you a reset code."
      onSubmit={submit}
      onBack={props.onBack}
    >
      <EmailField value={props.email} onChange={props.onEmail} />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Sending...' : 'Send Reset Email'}
      </Button>
    </AuthForm>
  );
}

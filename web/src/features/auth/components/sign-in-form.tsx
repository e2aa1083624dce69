import { signInRequest } from '@contracts/auth';
import { firstError } from '@contracts/validation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useResendVerification } from '../api/use-resend-verification';
import { AuthForm, TextButton } from './auth-form';
import { EmailField, PasswordField } from './fields';

interface SignInError {
  message: string;
  /** The account exists but its email is not verified: the resend link stands out. */
  unverified: boolean;
}

export function SignInForm(props: {
  email: string;
  onEmail: (v: string) => void;
  notice: string | null;
  onSignUp: () => void;
  onForgot: () => void;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { resending, resend } = useResendVerification();
  const { busy, error, setError, submit } = useFormSubmit<SignInError>();

  const check = () => {
    const message = firstError(signInRequest, { email: props.email, password });
    return message ? { message, unverified: false } : null;
  };
  const send = async () => {
    try {
      await login(props.email.trim(), password);
      toast.success('Logged in successfully!');
      navigate(paths.dashboard);
    } catch (err) {
      setError({
        message: errorText(err),
        unverified: err instanceof ApiError && err.code === 'email_not_verified',
      });
    }
  };

  return (
    <AuthForm
      title="Welcome back"
      intro="Sign in to continue learning and creating."
      onSubmit={submit(check, send)}
    >
      {props.notice && (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:bg-brand-600/15 dark:text-brand-100"
        >
          {props.notice}
        </p>
      )}
      <EmailField value={props.email} onChange={props.onEmail} />
      <PasswordField label="Password" value={password} onChange={setPassword} />
      <FormError message={error?.message} />
      <Button type="submit" className="w-full" busy={busy} disabled={!props.email || !password}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <TextButton onClick={props.onForgot}>Forgot password?</TextButton>
        <TextButton
          className={error?.unverified ? 'font-semibold' : ''}
          onClick={() => void resend(props.email)}
          disabled={resending}
        >
          {resending ? 'Sending...' : 'Resend verification email'}
        </TextButton>
      </div>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <TextButton className="font-medium" onClick={props.onSignUp}>
          Create an account
        </TextButton>
      </p>
    </AuthForm>
  );
}

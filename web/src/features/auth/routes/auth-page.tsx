import { validateResetConfirm, validateSignUp } from '@contracts/auth';
import { messages } from '@contracts/validation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { authApi } from '../api/auth';
import { useAuth } from '@/lib/auth/use-auth';

type Mode = 'signin' | 'signup' | 'reset-request' | 'reset-confirm';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'An unknown error occurred.';

/** The screen restarts in the mode the URL asks for whenever that changes. */
export function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const initialMode: Mode =
    location.pathname === paths.resetPassword
      ? 'reset-confirm'
      : params.get('mode') === 'signup'
        ? 'signup'
        : 'signin';
  return <AuthScreen key={initialMode} initialMode={initialMode} />;
}

function AuthScreen({ initialMode }: { initialMode: Mode }) {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        {mode === 'signin' && (
          <SignInForm
            email={email}
            onEmail={setEmail}
            notice={verifyNotice}
            onSignUp={() => setMode('signup')}
            onForgot={() => setMode('reset-request')}
          />
        )}
        {mode === 'signup' && (
          <SignUpForm
            email={email}
            onEmail={setEmail}
            defaultRole={params.get('role') === 'author' ? 'author' : 'explorer'}
            onSignIn={() => setMode('signin')}
            onVerify={(address) => {
              setVerifyNotice(`We sent a verification link to ${address}. Open it, then sign in.`);
              setMode('signin');
            }}
          />
        )}
        {mode === 'reset-request' && (
          <ResetRequestForm
            email={email}
            onEmail={setEmail}
            onSent={() => setMode('reset-confirm')}
            onBack={() => setMode('signin')}
          />
        )}
        {mode === 'reset-confirm' && (
          <ResetConfirmForm
            email={email}
            onEmail={setEmail}
            initialCode={params.get('code') ?? ''}
            onDone={() => setMode('signin')}
            onBack={() => setMode('signin')}
          />
        )}
      </Card>
    </div>
  );
}

function SignInForm(props: {
  email: string;
  onEmail: (v: string) => void;
  notice: string | null;
  onSignUp: () => void;
  onForgot: () => void;
}) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<{ message: string; unverified: boolean } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(props.email.trim(), password);
      toast.success('Logged in successfully!');
      navigate(paths.dashboard);
    } catch (err) {
      setError({
        message: errorText(err),
        unverified: err instanceof ApiError && err.code === 'email_not_verified',
      });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!props.email.trim()) {
      toast.error(messages.emailFirst);
      return;
    }
    setResending(true);
    try {
      await authApi.resendVerification(props.email.trim());
      toast.success('Verification email sent! Check your inbox.');
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status === 409 ? err.message : 'Failed to send verification email.',
      );
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Welcome back</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Sign in to continue learning and creating.
        </p>
      </div>
      {props.notice && (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:bg-brand-600/15 dark:text-brand-100"
        >
          {props.notice}
        </p>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error?.message} />
      <Button type="submit" className="w-full" busy={busy} disabled={!props.email || !password}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-brand-600 hover:underline dark:text-brand-100"
          onClick={props.onForgot}
        >
          Forgot password?
        </button>
        <button
          type="button"
          className={`text-brand-600 hover:underline dark:text-brand-100 ${error?.unverified ? 'font-semibold' : ''}`}
          onClick={resend}
          disabled={resending}
        >
          {resending ? 'Sending...' : 'Resend verification email'}
        </button>
      </div>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        New here?{' '}
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline dark:text-brand-100"
          onClick={props.onSignUp}
        >
          Create an account
        </button>
      </p>
    </form>
  );
}

function SignUpForm(props: {
  email: string;
  onEmail: (v: string) => void;
  defaultRole: 'author' | 'explorer';
  onSignIn: () => void;
  onVerify: (email: string) => void;
}) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [role, setRole] = useState<'author' | 'explorer'>(props.defaultRole);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignUp({
      display_name: displayName,
      email: props.email,
      password,
      confirmPassword,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await register({
        display_name: displayName.trim(),
        email: props.email.trim(),
        password,
        role,
      });
      toast.success('Account created successfully! Please check your email for verification.');
      if (outcome === 'signed-in') navigate(paths.dashboard);
      else props.onVerify(props.email.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const roleOption = (value: 'explorer' | 'author', title: string, text: string) => (
    <label
      className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm transition-colors ${
        role === value
          ? 'border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-brand-600/15'
          : 'border-slate-300 hover:border-slate-400 dark:border-slate-700'
      }`}
    >
      <span className="flex items-center gap-2 font-medium">
        <input
          type="radio"
          name="role"
          value={value}
          checked={role === value}
          onChange={() => setRole(value)}
          className="accent-brand-600"
        />
        {title}
      </span>
      <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">{text}</span>
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Create your account</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Turn any book into lessons, stories and videos.
        </p>
      </div>
      <TextField
        label="Username"
        autoComplete="nickname"
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        maxLength={50}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 6 characters."
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">I want to</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {roleOption('explorer', 'Explore & Learn', 'Read, learn and explore books.')}
          {roleOption('author', 'Create Content', 'Upload books and produce media.')}
        </div>
      </fieldset>
      <FormError message={error} />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline dark:text-brand-100"
          onClick={props.onSignIn}
        >
          Sign in
        </button>
      </p>
    </form>
  );
}

function ResetRequestForm(props: {
  email: string;
  onEmail: (v: string) => void;
  onSent: () => void;
  onBack: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!props.email.trim()) {
      toast.error(messages.emailRequired);
      return;
    }
    setBusy(true);
    try {
      await authApi.requestPasswordReset(props.email.trim());
      toast.success('Password reset email sent! Check your inbox.');
      props.onSent();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Failed to send password reset email.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <BackToSignIn onBack={props.onBack} />
      <div>
        <h1 className="text-2xl font-semibold">Reset your password</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">We will email you a reset code.</p>
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
      />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Sending...' : 'Send Reset Email'}
      </Button>
    </form>
  );
}

function ResetConfirmForm(props: {
  email: string;
  onEmail: (v: string) => void;
  initialCode: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState(props.initialCode);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateResetConfirm({
      email: props.email,
      token: code,
      new_password: password,
      confirmPassword,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.confirmPasswordReset(props.email.trim(), code.trim(), password);
      toast.success('Password reset successfully!');
      navigate(paths.signInAs(props.email.trim()), { replace: true });
      props.onDone();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Failed to reset password.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <BackToSignIn onBack={props.onBack} />
      <div>
        <h1 className="text-2xl font-semibold">Choose a new password</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Enter the code from the email we sent you.
        </p>
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
      />
      <TextField
        label="Reset Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Link
      to={paths.auth}
      onClick={(e) => {
        e.preventDefault();
        onBack();
      }}
      className="text-sm text-brand-600 hover:underline dark:text-brand-100"
    >
      ← Back to Sign In
    </Link>
  );
}

export default AuthPage;

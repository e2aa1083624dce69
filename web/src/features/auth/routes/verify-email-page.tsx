import { verifyEmailRequest } from '@contracts/auth';
import { firstError } from '@contracts/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { authApi } from '../api/auth';
import { CodeField, EmailField } from '../components/fields';

type State =
  | { kind: 'form' }
  | { kind: 'verifying' }
  | { kind: 'verified'; message: string }
  | { kind: 'failed'; message: string; resend: boolean };

/** Target of the link in the verification email; also lets a person type the code by hand. */
function VerifyEmailPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [state, setState] = useState<State>(
    params.get('email') && params.get('code') ? { kind: 'verifying' } : { kind: 'form' },
  );
  const started = useRef(false);

  const verify = async (address: string, value: string) => {
    const problem = firstError(verifyEmailRequest, { email: address, code: value });
    if (problem) {
      setState({ kind: 'failed', message: problem, resend: true });
      return;
    }
    setState({ kind: 'verifying' });
    try {
      const result = await authApi.verifyEmail(address.trim(), value.trim());
      setState({ kind: 'verified', message: result.message });
    } catch (err) {
      setState({
        kind: 'failed',
        message: errorText(err),
        resend: true,
      });
    }
  };

  useEffect(() => {
    if (started.current || state.kind !== 'verifying') return;
    started.current = true;
    void verify(email, code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the link's parameters
  }, []);

  const resend = async () => {
    try {
      await authApi.resendVerification(email.trim());
      toast.success('Verification email sent! Check your inbox.');
      setState({ kind: 'form' });
      setCode('');
    } catch {
      toast.error('Failed to send verification email.');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void verify(email, code);
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8">
        <h1 className="text-2xl font-semibold">Verify your email</h1>
        {state.kind === 'verifying' && (
          <div className="mt-6 text-slate-600 dark:text-slate-300">
            <Spinner label="Verifying..." />
          </div>
        )}
        {state.kind === 'verified' && (
          <div className="mt-4 space-y-4">
            <p role="status" className="text-green-700 dark:text-green-400">
              {state.message}
            </p>
            <ButtonLink to={paths.signInAs(email)}>Sign In</ButtonLink>
          </div>
        )}
        {(state.kind === 'form' || state.kind === 'failed') && (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            {state.kind === 'failed' && <FormError message={state.message} />}
            <EmailField value={email} onChange={setEmail} />
            <CodeField label="Verification code" value={code} onChange={setCode} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={!email.trim() || !code.trim()}>
                Verify
              </Button>
              <Button variant="secondary" onClick={resend} disabled={!email.trim()}>
                Resend verification email
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}

export default VerifyEmailPage;

import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CheckEmail } from '../components/check-email';
import { ResetConfirmForm } from '../components/reset-confirm-form';
import { ResetRequestForm } from '../components/reset-request-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

type Mode = 'signin' | 'signup' | 'check-email' | 'reset-request' | 'reset-confirm';

/** The screen restarts in the mode the URL asks for whenever that changes. */
function AuthPage() {
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

/** One form at a time; the email typed in one is kept for the next. */
function AuthScreen({ initialMode }: { initialMode: Mode }) {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);
  const signIn = () => setMode('signin');

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
            onSignIn={signIn}
            onVerify={(address) => {
              setEmail(address);
              setVerifyNotice(`We sent a verification link to ${address}. Open it, then sign in.`);
              setMode('check-email');
            }}
          />
        )}
        {mode === 'check-email' && <CheckEmail email={email} onSignIn={signIn} />}
        {mode === 'reset-request' && (
          <ResetRequestForm
            email={email}
            onEmail={setEmail}
            onSent={() => setMode('reset-confirm')}
            onBack={signIn}
          />
        )}
        {mode === 'reset-confirm' && (
          <ResetConfirmForm
            email={email}
            onEmail={setEmail}
            initialCode={params.get('code') ?? ''}
            onDone={signIn}
            onBack={signIn}
          />
        )}
      </Card>
    </div>
  );
}

export default AuthPage;

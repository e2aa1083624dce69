import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/use-resend-verification';
import { TextButton } from './auth-form';

/**
 * After sign-up: the account signs in once its email is verified, so the screen says what to do
 * next (open the link), and offers to send it again or to go on to sign in.
 */
export function CheckEmail({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  const { resending, resend } = useResendVerification();
  return (
    <div className="space-y-4 text-center">
      <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600 dark:text-brand-100" />
      <h1 className="text-2xl font-bold">Check your email</h1>
      <p role="status" className="break-words text-sm text-slate-600 dark:text-slate-400">
        We sent a verification link to <span className="font-medium">{email}</span>. Open it to verify your
        account, then sign in.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No email after a few minutes? Look in your spam folder, or send the link again.
      </p>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        busy={resending}
        onClick={() => void resend(email)}
      >
        {resending ? 'Sending...' : 'Resend verification link'}
      </Button>
      <p className="text-sm">
        <TextButton className="font-medium" onClick={onSignIn}>
          I have verified my email: sign in
        </TextButton>
      </p>
    </div>
  );
}

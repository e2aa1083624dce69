import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** What signed-out visitors see on pages that need an account. */
export function SignInPrompt({ title = 'Sign in required', message }: { title?: string; message: string }) {
  return (
    <Card className="mx-auto mt-12 max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <ButtonLink to={paths.auth}>Sign In</ButtonLink>
        <ButtonLink to={paths.signUp()} variant="secondary">
          Create account
        </ButtonLink>
      </div>
    </Card>
  );
}

import type { UserMe } from '@contracts/api';
import type { ReactNode } from 'react';
import { PageLoading } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { SignInPrompt } from './sign-in-prompt';

/** A page that needs an account: loading while the session is checked, else a sign-in prompt. */
export function RequireUser({
  message,
  children,
}: {
  /** What signed-out visitors are told they would find here. */
  message: string;
  children: (user: UserMe) => ReactNode;
}) {
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (!user) return <SignInPrompt message={message} />;
  return children(user);
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** Renders its children for authors; everyone else sees "Author access required" and a sign-in link. */
export function AuthorGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (user?.role === 'author') return <>{children}</>;
  return (
    <Card className="mx-auto mt-12 max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">Author access required</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {user
          ? 'This area is for accounts created as authors.'
          : 'Sign in with an author account to use this area.'}
      </p>
      <Link
        to={paths.auth}
        className="mt-6 inline-block font-medium text-brand-600 hover:underline dark:text-brand-100"
      >
        Sign in
      </Link>
    </Card>
  );
}

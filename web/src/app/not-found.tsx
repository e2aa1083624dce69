import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-100">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">The page you are looking for does not exist.</p>
      <ButtonLink to={paths.home} className="mt-8">
        Go home
      </ButtonLink>
    </div>
  );
}

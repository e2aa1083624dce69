import { useRouteError } from 'react-router';

/** The router's unexpected-error screen. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{error?.message ?? 'Something went wrong.'}</p>
      <button
        type="button"
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-white"
        onClick={() => window.location.reload()}
      >
        Reload page
      </button>
    </div>
  );
}

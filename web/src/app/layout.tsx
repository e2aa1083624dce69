import { Outlet, ScrollRestoration } from 'react-router';
import { useIsLoading } from '@/lib/activity';
import { Navbar } from './navbar';

function GlobalLoadingBar() {
  const loading = useIsLoading();
  return (
    <div
      aria-hidden={!loading}
      className={`fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden transition-opacity ${loading ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="loading-bar h-full w-1/3 bg-brand-500" />
      {loading && (
        <span className="sr-only" role="status">
          Loading
        </span>
      )}
    </div>
  );
}

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <GlobalLoadingBar />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} BookStudio · Books into learning and entertainment
      </footer>
      <ScrollRestoration />
    </div>
  );
}

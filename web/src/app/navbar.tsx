import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { paths } from '@/config/paths';
import { useTheme } from '@/lib/use-theme';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-600/20 dark:text-brand-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/** A 24-unit outline icon of the navigation bar. */
function Icon({ className = 'h-5 w-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {theme === 'dark' ? (
        <Icon>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </Icon>
      ) : (
        <Icon>
          <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
        </Icon>
      )}
    </button>
  );
}

export function Navbar() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const signOut = () => {
    close();
    logout();
    navigate(paths.auth);
  };

  const items: ReactNode = user ? (
    <>
      <NavLink to={paths.dashboard} className={linkClass} onClick={close}>
        Dashboard
      </NavLink>
      {user.role === 'author' && (
        <NavLink to={paths.author} className={linkClass} onClick={close}>
          Create
        </NavLink>
      )}
      <NavLink to={paths.merge} className={linkClass} onClick={close}>
        Merge
      </NavLink>
      <NavLink to={paths.subscription} className={linkClass} onClick={close}>
        Subscription
      </NavLink>
      <NavLink to={paths.profile} className={linkClass} onClick={close}>
        {user.display_name}
      </NavLink>
      {user.role === 'author' && (
        <Link
          to={paths.author}
          onClick={close}
          className="block rounded-lg border border-brand-600 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-brand-600/20"
        >
          Author Panel
        </Link>
      )}
      <button
        type="button"
        onClick={signOut}
        className={linkClass({ isActive: false }) + ' w-full text-left md:w-auto'}
      >
        Sign Out
      </button>
    </>
  ) : (
    <>
      <button
        type="button"
        className={linkClass({ isActive: false }) + ' w-full text-left md:w-auto'}
        onClick={() => {
          close();
          toast('Explore feature coming soon!');
        }}
      >
        Explore
      </button>
      <NavLink to={paths.auth} className={linkClass} onClick={close}>
        Sign In
      </NavLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
        <Link
          to={paths.home}
          className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white"
          onClick={close}
        >
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          BookStudio
        </Link>
        <div className="hidden items-center gap-1 md:flex">{items}</div>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <button
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            <Icon className="h-6 w-6">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </Icon>
          </button>
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          {items}
        </div>
      )}
    </header>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** One form of the auth page: an optional way back to sign-in, its heading and its fields. */
export function AuthForm({
  title,
  intro,
  onSubmit,
  onBack,
  children,
}: {
  title: string;
  intro: string;
  onSubmit: (event: FormEvent) => void;
  /** Shows "← Back to Sign In". */
  onBack?: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {onBack && (
        <Link
          to={paths.auth}
          onClick={(e) => {
            e.preventDefault();
            onBack();
          }}
          className="text-sm text-brand-600 hover:underline dark:text-brand-100"
        >
          ← Back to Sign In
        </Link>
      )}
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{intro}</p>
      </div>
      {children}
    </form>
  );
}

/** A button that reads as a link: switching forms, resending an email. */
export function TextButton({
  onClick,
  disabled,
  className = '',
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`text-brand-600 hover:underline dark:text-brand-100 ${className}`}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

import type { InputHTMLAttributes } from 'react';
import { TextField } from '@/components/ui/field';

type Input = { value: string; onChange: (value: string) => void };
type Extra = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

export function EmailField({ value, onChange, ...rest }: Input & Extra) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
}

export function PasswordField({
  label,
  value,
  onChange,
  isNew = false,
  hint,
}: Input & { label: string; isNew?: boolean; hint?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={hint}
    />
  );
}

/** A code from an email. */
export function CodeField({ label, value, onChange }: Input & { label: string }) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

import { useState, type FormEvent } from 'react';

/**
 * A form's submission: when `check` finds a problem it is shown and nothing is sent; otherwise the
 * error is cleared and `send` runs while `busy`. `send` reports its own failures (`setError` or a
 * toast).
 */
export function useFormSubmit<E = string>() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | null>(null);
  const submit = (check: () => E | null, send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send();
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

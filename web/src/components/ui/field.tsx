import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const control =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  className?: string;
}

/** What a field gives its control: its id, its look, and the text that describes it. */
interface ControlAttributes {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The field's own props apart from those of its control. */
function split<P extends FieldProps>({ label, hint, error, id, className = '', ...control }: P) {
  return [{ label, hint, error, id, className }, control] as const;
}

/**
 * A control with its label, and under it the hint or, when there is one, the error; the control
 * is described by whichever is shown.
 */
function Field({
  label,
  hint,
  error,
  id,
  className,
  control: render,
}: FieldProps & { control: (attributes: ControlAttributes) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const shown = error ? 'error' : hint ? 'hint' : null;
  return (
    <div className={className}>
      <label
        htmlFor={controlId}
        className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {label}
      </label>
      {render({
        id: controlId,
        className: control,
        'aria-invalid': Boolean(error),
        'aria-describedby': shown ? `${controlId}-${shown}` : undefined,
      })}
      {shown === 'hint' && (
        <p id={`${controlId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {shown === 'error' && (
        <p id={`${controlId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = split(props);
  return <Field {...field} control={(attributes) => <input {...attributes} {...input} />} />;
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = split(props);
  return <Field {...field} control={(attributes) => <textarea {...attributes} {...textarea} />} />;
}

export function SelectField({
  children,
  ...props
}: Omit<FieldProps, 'error'> & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field, select] = split(props);
  return (
    <Field
      {...field}
      control={({ 'aria-invalid': _, ...attributes }) => (
        <select {...attributes} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
    >
      {message}
    </p>
  );
}

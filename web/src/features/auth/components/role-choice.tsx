import type { Role } from '@contracts/api';

const roles: { value: Role; title: string; text: string }[] = [
  { value: 'explorer', title: 'Explore & Learn', text: 'Read, learn and explore books.' },
  { value: 'author', title: 'Create Content', text: 'Upload books and produce media.' },
];

/** "I want to": explore and learn, or create content. */
export function RoleChoice({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">I want to</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {roles.map((role) => (
          <label
            key={role.value}
            className={`flex cursor-pointer flex-col rounded-xl border p-3 text-sm transition-colors ${
              value === role.value
                ? 'border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-brand-600/15'
                : 'border-slate-300 hover:border-slate-400 dark:border-slate-700'
            }`}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="role"
                value={role.value}
                checked={value === role.value}
                onChange={() => onChange(role.value)}
                className="accent-brand-600"
              />
              {role.title}
            </span>
            <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">{role.text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

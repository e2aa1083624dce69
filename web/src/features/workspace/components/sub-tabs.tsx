import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** A small set of tabs (ARIA tabs pattern: arrow keys, Home and End move and open). */
export function SubTabs<T extends string>({
  label,
  tabs,
  active,
  onChange,
  labels,
  children,
}: {
  label: string;
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  labels: Record<T, string>;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(active);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? tabs[index === last ? 0 : index + 1]
        : event.key === 'ArrowLeft'
          ? tabs[index === 0 ? last : index - 1]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[last]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onChange(target);
    refs.current[target]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        // The line under the tabs is drawn inside the scroller (a border would clip the selected tab's).
        className="relative flex gap-1 overflow-x-auto overflow-y-hidden shadow-[inset_0_-1px_0_var(--color-slate-200)] dark:shadow-[inset_0_-1px_0_var(--color-slate-800)]"
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
              tab === active
                ? 'border-brand-600 text-brand-700 dark:border-brand-500 dark:text-brand-100'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-${active}`}
        tabIndex={0}
        className="pt-4"
      >
        {children}
      </div>
    </div>
  );
}

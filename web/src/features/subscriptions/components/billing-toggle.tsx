import type { BillingPeriod } from '@contracts/subscriptions';
import { ANNUAL_DISCOUNT } from '@contracts/subscriptions';

const options: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** Monthly or annual prices: a radio group drawn as a segmented switch (arrow keys move between). */
export function BillingToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-900">
        {options.map((option) => (
          <label
            key={option.value}
            className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
              value === option.value
                ? 'bg-brand-600 text-white'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            <input
              type="radio"
              name="billing-period"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Annual plans save {Math.round(ANNUAL_DISCOUNT * 100)} % against paying monthly.
      </p>
    </fieldset>
  );
}

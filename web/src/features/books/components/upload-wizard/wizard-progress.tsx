import { WIZARD_STEPS, type WizardStep } from './state';
import { Check } from 'lucide-react';

/** Where the wizard is: the steps done, the current one and those to come. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const current = WIZARD_STEPS.findIndex((s) => s.id === step) + 1;
  return (
    <ol className="mb-8 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Upload steps">
      {WIZARD_STEPS.map(({ id, label }, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li
            key={id}
            className="flex items-center gap-2"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span
              className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${
                state === 'done'
                  ? 'bg-green-600 text-white'
                  : state === 'current'
                    ? 'bg-brand-600 text-white'
                    : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-400'
              }`}
            >
              {state === 'done' ? <Check aria-label="done" className="h-3.5 w-3.5" /> : number}
            </span>
            <span className={state === 'current' ? 'font-medium' : 'text-slate-500 dark:text-slate-400'}>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

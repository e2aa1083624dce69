export const WIZARD_STEPS = [
  'Method',
  'Mode',
  'AI processing',
  'Chapter review',
  'Book details',
  'Success',
] as const;

export function WizardProgress({ step }: { step: number }) {
  return (
    <ol className="mb-8 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Upload steps">
      {WIZARD_STEPS.map((name, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'todo';
        return (
          <li
            key={name}
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
              {state === 'done' ? '✓' : number}
            </span>
            <span className={state === 'current' ? 'font-medium' : 'text-slate-500 dark:text-slate-400'}>
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

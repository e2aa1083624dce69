import { usageBar, type Usage } from '@contracts/subscriptions';
import { videoLimitLabel } from '@/lib/subscription-rules';

const barColour = {
  green: 'bg-green-600 dark:bg-green-500',
  yellow: 'bg-yellow-500 dark:bg-yellow-400',
  red: 'bg-red-600 dark:bg-red-500',
} as const;

const labelColour = {
  green: 'text-green-800 dark:text-green-300',
  yellow: 'text-yellow-800 dark:text-yellow-300',
  red: 'text-red-700 dark:text-red-300',
} as const;

/**
 * This month's videos against the plan's limit: the bar (green under 80 %, yellow from 80 %, red at
 * 100 %), its words ('Within limits', 'Approaching limit', 'Limit reached', 'Unlimited') and the
 * numbers. Worked out with the contract's rule from the usage the server answered.
 */
export function UsageMeter({ usage }: { usage: Usage }) {
  const bar = usageBar(usage.current_period_videos, usage.period_limit);
  const unlimited = bar.level === 'unlimited';
  const used = `${usage.current_period_videos} of ${unlimited ? 'unlimited' : usage.period_limit} videos used this month`;
  return (
    <div data-usage-level={bar.level}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-700 dark:text-slate-300">{used}</span>
        <span className={`font-medium ${labelColour[bar.colour]}`}>{bar.label}</span>
      </div>
      {!unlimited && (
        <div
          className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          role="progressbar"
          aria-label="Videos used this month"
          aria-valuenow={bar.percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${used}: ${bar.label}`}
        >
          <div
            className={`h-full rounded-full ${barColour[bar.colour]}`}
            style={{ width: `${bar.percent}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {unlimited
          ? 'Your plan has no monthly video limit.'
          : `${videoLimitLabel(usage.remaining_videos)} left · resets ${new Date(usage.period_end).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })}`}
      </p>
    </div>
  );
}

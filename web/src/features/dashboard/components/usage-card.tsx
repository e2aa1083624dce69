import { UsageMeter } from '@/components/subscription/usage-meter';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSubscription, useUsage } from '@/lib/data/subscriptions';
import { videoLimitLabel } from '@/lib/subscription-rules';

/**
 * This month's videos against the plan (spec 1 dashboard, spec 3 §4 usage bar). A usage load failure
 * is silent: the card is left out.
 */
export function UsageCard() {
  const { data: usage, error } = useUsage();
  const { data: subscription } = useSubscription();
  if (error) return null;
  return (
    <Card className="p-6" role="region" aria-labelledby="usage-card-heading" data-testid="usage-card">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="usage-card-heading" className="text-lg font-semibold">
          Video usage
        </h2>
        <ButtonLink to={paths.subscription} size="sm" variant="secondary">
          {subscription?.tier === 'free' ? 'Upgrade' : 'Plans'}
        </ButtonLink>
      </div>
      {usage ? (
        <>
          {subscription && (
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {subscription.display_name}
              </span>{' '}
              plan · <span data-testid="usage-limit">{videoLimitLabel(usage.period_limit)}</span> a month ·{' '}
              {subscription.video_quality}
              {subscription.has_watermark ? ' with watermark' : ''}
            </p>
          )}
          <UsageMeter usage={usage} />
        </>
      ) : (
        <Spinner label="Loading usage..." />
      )}
    </Card>
  );
}

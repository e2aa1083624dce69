import {
  subscriptionMessages,
  SUBSCRIPTION_TIERS,
  type Subscription,
  type Usage,
} from '@contracts/subscriptions';
import { UsageMeter } from '@/components/subscription/usage-meter';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { statusLabel, subscriptionAction, videoLimitLabel } from '@/lib/subscription-rules';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

const statusTone = (status: Subscription['status']) =>
  status === 'active' || status === 'trialing' ? 'green' : status === 'cancelled' ? 'slate' : 'yellow';

/**
 * The user's plan: status, plan, monthly limit, quality and this month's usage, with Cancel or
 * Reactivate for paid plans and the billing portal when there is one.
 */
export function CurrentPlan({
  subscription,
  subscriptionError,
  usage,
  usageError,
  busy,
  onCancel,
  onReactivate,
  onManageBilling,
  onRetry,
}: {
  subscription: Subscription | undefined;
  subscriptionError: unknown;
  usage: Usage | undefined;
  usageError: unknown;
  busy: 'cancel' | 'reactivate' | 'portal' | null;
  onCancel: () => void;
  onReactivate: () => void;
  onManageBilling: () => void;
  onRetry: () => void;
}) {
  return (
    <Card className="p-6" aria-labelledby="current-plan-heading" role="region">
      <h2 id="current-plan-heading" className="text-lg font-semibold">
        Current plan
      </h2>
      {subscriptionError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {subscriptionMessages.loadFailed}
          </p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !subscription ? (
        <div className="mt-3">
          <Spinner label="Loading your plan..." />
        </div>
      ) : (
        <PlanDetails
          subscription={subscription}
          usage={usage}
          usageError={usageError}
          busy={busy}
          onCancel={onCancel}
          onReactivate={onReactivate}
          onManageBilling={onManageBilling}
        />
      )}
    </Card>
  );
}

function PlanDetails({
  subscription,
  usage,
  usageError,
  busy,
  onCancel,
  onReactivate,
  onManageBilling,
}: {
  subscription: Subscription;
  usage: Usage | undefined;
  usageError: unknown;
  busy: 'cancel' | 'reactivate' | 'portal' | null;
  onCancel: () => void;
  onReactivate: () => void;
  onManageBilling: () => void;
}) {
  const action = subscriptionAction(subscription);
  const rows: [string, string][] = [
    ['Plan', subscription.display_name],
    ['Monthly limit', videoLimitLabel(subscription.monthly_video_limit)],
    ['Quality', `${subscription.video_quality}${subscription.has_watermark ? ' with watermark' : ''}`],
  ];
  if (subscription.billing_period)
    rows.push(['Billing', subscription.billing_period === 'annual' ? 'Annual' : 'Monthly']);
  if (subscription.current_period_end)
    rows.push([
      subscription.cancel_at_period_end ? 'Access until' : 'Renews on',
      date(subscription.current_period_end),
    ]);
  return (
    <div className="mt-3 grid gap-6 md:grid-cols-2">
      <div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">Status</dt>
          <dd data-testid="subscription-status">
            <Badge tone={statusTone(subscription.status)}>{statusLabel(subscription.status)}</Badge>
          </dd>
          {rows.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
              <dd className="font-medium" data-testid={`plan-${name.toLowerCase().replaceAll(' ', '-')}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {subscription.cancel_at_period_end && subscription.current_period_end && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200">
            Your subscription is cancelled and ends on {date(subscription.current_period_end)}. You keep{' '}
            {subscription.display_name} until then.
          </p>
        )}
        {subscription.scheduled_tier && subscription.scheduled_change_at && (
          <p className="mt-3 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800 dark:bg-blue-900/30 dark:text-blue-200">
            {subscriptionMessages.downgradeScheduled(
              SUBSCRIPTION_TIERS[subscription.scheduled_tier].display_name,
              date(subscription.scheduled_change_at),
            )}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {action === 'cancel' && (
            <Button variant="danger" size="sm" busy={busy === 'cancel'} onClick={onCancel}>
              Cancel Subscription
            </Button>
          )}
          {action === 'reactivate' && (
            <Button size="sm" busy={busy === 'reactivate'} onClick={onReactivate}>
              Reactivate Subscription
            </Button>
          )}
          {subscription.portal_available && (
            <Button variant="secondary" size="sm" busy={busy === 'portal'} onClick={onManageBilling}>
              Manage billing
            </Button>
          )}
        </div>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">Usage this month</h3>
        {usage ? (
          <UsageMeter usage={usage} />
        ) : usageError ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Usage is not available right now.</p>
        ) : (
          <Spinner label="Loading usage..." />
        )}
      </div>
    </div>
  );
}

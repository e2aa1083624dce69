import {
  subscriptionMessages,
  SUBSCRIPTION_TIERS,
  type BillingPeriod,
  type SubscriptionTier,
} from '@contracts/subscriptions';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageLoading, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import {
  cancelSubscription,
  openBillingPortal,
  reactivateSubscription,
  refreshSubscription,
  startCheckout,
  useSubscription,
  useTiers,
  useUsage,
} from '@/lib/data/subscriptions';
import { startsCheckout, subscriptionReturnUrls, tierButton } from '@/lib/subscription-rules';
import { BillingToggle } from '../components/billing-toggle';
import { CurrentPlan } from '../components/current-plan';
import { Faq } from '../components/faq';
import { TierCard } from '../components/tier-card';

/** The spec's words first; a refusal the server explains (4xx) adds its reason under them. */
function failure(message: string, error: unknown) {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
  toast.error(
    reason ? (
      <span>
        {message}
        <br />
        <span className="text-sm opacity-80">{reason}</span>
      </span>
    ) : (
      message
    ),
  );
}

/** Signed-out visitors go to /auth and are told why. */
function SignInRedirect() {
  useEffect(() => {
    toast.error(subscriptionMessages.signInRequired, { id: 'sign-in-required' });
  }, []);
  return <Navigate to={paths.auth} replace />;
}

function Plans() {
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  const usage = useUsage();
  const tiers = useTiers();
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [busy, setBusy] = useState<'cancel' | 'reactivate' | 'portal' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const current = subscription.data?.tier ?? null;
  // The paid plan's own period until the person picks one.
  const period: BillingPeriod = chosenPeriod ?? subscription.data?.billing_period ?? 'monthly';

  // Return from checkout: ?payment=success|cancelled.
  useEffect(() => {
    const payment = params.get('payment');
    if (payment === 'success') {
      toast.success(subscriptionMessages.upgraded);
      void refreshSubscription();
    }
    if (payment === 'cancelled') toast.error(subscriptionMessages.checkoutCancelled);
    if (payment) setParams({}, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the parameters the page was opened with
  }, []);

  const choose = async (tier: SubscriptionTier) => {
    if (!startsCheckout(tier.tier, current) || choosing) return;
    const button = tierButton(tier, current);
    if (button.disabled) return;
    if (button.kind === 'cancel') {
      setConfirmingCancel(true);
      return;
    }
    setChoosing(tier.tier);
    try {
      const answer = await startCheckout({
        tier: tier.tier,
        billing_period: period,
        ...subscriptionReturnUrls(window.location.origin),
      });
      if (answer.outcome === 'scheduled') {
        await refreshSubscription();
        toast.success(`Your plan changes to ${tier.display_name} at the end of this billing period.`);
        setChoosing(null);
        return;
      }
      // The checkout page (Stripe's or the local one), or the dashboard for an immediate upgrade.
      window.location.assign(answer.url);
    } catch (error) {
      failure(subscriptionMessages.checkoutFailed, error);
      setChoosing(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      await cancelSubscription();
      setConfirmingCancel(false);
      toast.success(subscriptionMessages.cancelled);
    } catch (error) {
      failure(subscriptionMessages.cancelFailed, error);
    } finally {
      setBusy(null);
    }
  };

  const reactivate = async () => {
    setBusy('reactivate');
    try {
      await reactivateSubscription();
      toast.success(subscriptionMessages.reactivated);
    } catch (error) {
      failure(subscriptionMessages.reactivateFailed, error);
    } finally {
      setBusy(null);
    }
  };

  const manageBilling = async () => {
    setBusy('portal');
    try {
      const { url } = await openBillingPortal(window.location.href);
      window.location.assign(url);
    } catch (error) {
      failure('Failed to open the billing portal', error);
      setBusy(null);
    }
  };

  let tierGrid: ReactNode;
  if (tiers.error)
    tierGrid = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {subscriptionMessages.tiersFailed}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void tiers.mutate()}>
          Try again
        </Button>
      </div>
    );
  else if (!tiers.data) tierGrid = <Spinner label="Loading plans..." />;
  else
    tierGrid = (
      <div className="grid gap-6 md:grid-cols-3">
        {tiers.data.tiers.map((tier) => (
          <TierCard
            key={tier.tier}
            tier={tier}
            period={period}
            current={current}
            busy={choosing === tier.tier}
            onChoose={(t) => void choose(t)}
          />
        ))}
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">Subscription Plans</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Your plan, this month&apos;s videos, and what each plan includes.
        </p>
      </header>

      <CurrentPlan
        subscription={subscription.data}
        subscriptionError={subscription.error}
        usage={usage.data}
        usageError={usage.error}
        busy={busy}
        onCancel={() => setConfirmingCancel(true)}
        onReactivate={() => void reactivate()}
        onManageBilling={() => void manageBilling()}
        onRetry={() => void subscription.mutate()}
      />

      <section aria-labelledby="plans-heading" className="space-y-6">
        <div className="flex flex-col items-center gap-4 text-center">
          <h2 id="plans-heading" className="text-2xl font-semibold">
            Choose a plan
          </h2>
          <BillingToggle value={period} onChange={setPeriod} />
        </div>
        {tierGrid}
      </section>

      <Faq />

      <Modal
        open={confirmingCancel}
        title="Cancel subscription?"
        onClose={() => busy !== 'cancel' && setConfirmingCancel(false)}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirmingCancel(false)}
              disabled={busy === 'cancel'}
            >
              Keep {subscription.data?.display_name ?? SUBSCRIPTION_TIERS.basic.display_name}
            </Button>
            <Button variant="danger" busy={busy === 'cancel'} onClick={() => void cancel()}>
              Yes, cancel
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">{subscriptionMessages.cancelConfirm}</p>
      </Modal>
    </div>
  );
}

/** /subscription (spec 3 §2): the user's plan and usage, the plans, the FAQ. Signed-in users only. */
export default function SubscriptionPage() {
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (!user) return <SignInRedirect />;
  return <Plans />;
}

import {
  FREE_WATERMARK_TEXT,
  FREE_VIDEO_SIZE,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  TIERS,
  type BillingPeriod,
  type Subscription,
  type SubscriptionStatus,
  type Tier,
} from '../contracts/subscriptions';
import { HttpError } from '../lib/errors';
import type { PaymentProvider } from '../lib/payments/port';
import { PaymentsNotConfiguredError } from '../lib/payments/port';
import { isoNow, type Clock, type Table } from '../lib/ports';
import type { UsageMeter } from '../lib/usage-meter';
import type { SubscriptionRecord } from './model';
import { createSubscriptionsRepository } from './repository';

export interface SubscriptionsDeps {
  table: Table;
  clock: Clock;
  meter: UsageMeter;
  /** The payment provider (Stripe, or the offline checkout); rejects when none is configured. */
  payments: () => Promise<PaymentProvider>;
  /** The origins of the app's pages: the only places a payment may send the browser back to. */
  appOrigins: () => Promise<string[]>;
}

export const cents = (dollars: number) => Math.round(dollars * 100);

export const intervalOf = (period: BillingPeriod) => (period === 'annual' ? 'year' : 'month');

/** `at` moved on by one billing period (calendar month or year, UTC). */
export function addPeriod(at: Date, period: BillingPeriod): Date {
  const next = new Date(at.getTime());
  if (period === 'annual') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export const freeSubscription = (userId: string, at: string): SubscriptionRecord => ({
  user_id: userId,
  tier: 'free',
  status: 'active',
  billing_period: null,
  provider: 'local',
  customer_id: null,
  subscription_id: null,
  cancel_at_period_end: false,
  current_period_start: null,
  current_period_end: null,
  scheduled_tier: null,
  scheduled_billing_period: null,
  scheduled_change_at: null,
  updated_at: at,
});

/** Statuses in which a paid tier's limits apply (a failed payment keeps access while Stripe retries). */
const ENTITLED: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/**
 * The plan in force at `now`: past the period end, a subscription set to cancel is the free tier
 * and a scheduled downgrade has happened; an offline subscription renews itself (no provider sends
 * renewals); a Stripe one keeps its tier until Stripe's events say otherwise.
 */
export function effectiveSubscription(record: SubscriptionRecord | null, userId: string, now: Date) {
  if (!record || record.tier === 'free') return record ?? freeSubscription(userId, now.toISOString());
  if (!ENTITLED.includes(record.status))
    return { ...freeSubscription(userId, record.updated_at), customer_id: record.customer_id };
  let current = { ...record };
  for (let guard = 0; guard < 500; guard++) {
    const end = current.current_period_end ? new Date(current.current_period_end) : null;
    if (!end || now < end) break;
    if (current.cancel_at_period_end)
      return { ...freeSubscription(userId, current.current_period_end!), customer_id: current.customer_id };
    if (
      current.scheduled_tier &&
      current.scheduled_change_at &&
      Date.parse(current.scheduled_change_at) <= end.getTime()
    ) {
      current = {
        ...current,
        tier: current.scheduled_tier,
        billing_period: current.scheduled_billing_period ?? current.billing_period,
        scheduled_tier: null,
        scheduled_billing_period: null,
        scheduled_change_at: null,
      };
      if (current.tier === 'free')
        return { ...freeSubscription(userId, end.toISOString()), customer_id: current.customer_id };
    }
    if (current.provider !== 'local') break;
    current.current_period_start = end.toISOString();
    current.current_period_end = addPeriod(end, current.billing_period ?? 'monthly').toISOString();
  }
  return current;
}

/** The free tier's film: 480p with the watermark; paid tiers film as asked. */
export function outputRuleOf(tier: Tier): { width: number; height: number; watermark: string } | null {
  return SUBSCRIPTION_TIERS[tier].has_watermark
    ? { ...FREE_VIDEO_SIZE, watermark: FREE_WATERMARK_TEXT }
    : null;
}

export const statusOf = (raw: unknown): SubscriptionStatus => {
  const value = String(raw ?? '').toLowerCase();
  if (value === 'canceled') return 'cancelled';
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
    ? (value as SubscriptionStatus)
    : 'active';
};

export const isTier = (value: unknown): value is Tier => (TIERS as readonly unknown[]).includes(value);

export const isoOfSeconds = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

export const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const obj = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** What every use case is given: the deps, and what is made once from them. */
export function subscriptionsContext(deps: SubscriptionsDeps) {
  const repo = createSubscriptionsRepository(deps.table);
  return { ...deps, repo };
}
export type SubscriptionsContext = ReturnType<typeof subscriptionsContext>;

export const now = (deps: SubscriptionsContext) => isoNow(deps.clock);

export async function provider(deps: SubscriptionsContext): Promise<PaymentProvider> {
  try {
    return await deps.payments();
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError)
      throw new HttpError(503, 'Payments are not configured on this server.', 'payments_not_configured');
    throw error;
  }
}

export async function effective(deps: SubscriptionsContext, userId: string) {
  return effectiveSubscription(await deps.repo.getSubscription(userId), userId, deps.clock.now());
}

export function view(record: SubscriptionRecord, providerKind: 'local' | 'stripe'): Subscription {
  const tier = SUBSCRIPTION_TIERS[record.tier];
  return {
    tier: record.tier,
    display_name: tier.display_name,
    status: record.status,
    billing_period: record.tier === 'free' ? null : record.billing_period,
    monthly_video_limit: tier.monthly_video_limit,
    video_quality: tier.video_quality,
    has_watermark: tier.has_watermark,
    book_upload_limit: tier.book_upload_limit,
    cancel_at_period_end: record.cancel_at_period_end,
    current_period_end: record.tier === 'free' ? null : record.current_period_end,
    scheduled_tier: record.scheduled_tier,
    scheduled_change_at: record.scheduled_change_at,
    provider: providerKind,
    portal_available: providerKind === 'stripe' && Boolean(record.customer_id),
  };
}

export async function providerKind(deps: SubscriptionsContext): Promise<'local' | 'stripe'> {
  return deps.payments().then(
    (p) => p.kind,
    () => 'local' as const,
  );
}

export function applyScheduledIfDue(
  record: SubscriptionRecord,
  periodStart: string | null,
): Partial<SubscriptionRecord> {
  if (!record.scheduled_tier || !record.scheduled_change_at || !periodStart) return {};
  if (Date.parse(periodStart) < Date.parse(record.scheduled_change_at)) return {};
  return {
    tier: record.scheduled_tier,
    billing_period: record.scheduled_billing_period ?? record.billing_period,
    scheduled_tier: null,
    scheduled_billing_period: null,
    scheduled_change_at: null,
  };
}

import { type BillingPeriod } from '../contracts/subscriptions';
import { logger } from '../lib/logger';
import type { PaymentEvent } from '../lib/payments/port';
import {
  addPeriod,
  freeSubscription,
  type SubscriptionsContext,
  now,
  applyScheduledIfDue,
  statusOf,
  isTier,
  isoOfSeconds,
  str,
  obj,
} from './common';

/** The payment provider's events, applied to the subscription they name. */

export async function userOfSubscription(
  deps: SubscriptionsContext,
  subscription: Record<string, unknown>,
): Promise<string | null> {
  const metadata = obj(subscription.metadata);
  const id = str(subscription.id);
  return str(metadata.user_id) ?? (id ? await deps.repo.getSubscriptionOwner(id) : null);
}

// --- webhook event handlers (the same for Stripe and the offline checkout) ---

export async function checkoutCompleted(
  deps: SubscriptionsContext,
  session: Record<string, unknown>,
  providerKindValue: 'local' | 'stripe',
  created: number,
) {
  const metadata = obj(session.metadata);
  const sessionId = str(session.id);
  const kind = str(metadata.kind);
  const userId = str(metadata.user_id) ?? str(session.client_reference_id);
  if (!userId || !sessionId) return;
  if (str(session.payment_status) === 'unpaid') return;
  const at = now(deps);
  await deps.repo.closeCheckout(sessionId, 'complete', at);
  if (kind === 'book_upload') {
    const bookId = str(metadata.book_id);
    if (!bookId) return;
    await deps.repo.moveBookPayment(
      bookId,
      ['pending', 'cancelled'],
      { status: 'paid', paid_at: at, session_id: sessionId },
      userId,
    );
    return;
  }
  if (kind !== 'subscription') return;
  const tier = str(metadata.tier);
  if (!isTier(tier)) return;
  const billing: BillingPeriod = metadata.billing_period === 'annual' ? 'annual' : 'monthly';
  const start = new Date(created * 1000);
  const subscriptionId = str(session.subscription);
  const previous = await deps.repo.getSubscription(userId);
  await deps.repo.putSubscription({
    ...(previous ?? freeSubscription(userId, at)),
    user_id: userId,
    tier,
    status: 'active',
    billing_period: billing,
    provider: providerKindValue,
    customer_id: str(session.customer) ?? previous?.customer_id ?? null,
    subscription_id: subscriptionId,
    cancel_at_period_end: false,
    current_period_start: start.toISOString(),
    current_period_end: addPeriod(start, billing).toISOString(),
    scheduled_tier: null,
    scheduled_billing_period: null,
    scheduled_change_at: null,
    updated_at: at,
  });
  if (subscriptionId) await deps.repo.putSubscriptionOwner(subscriptionId, userId);
}

export async function subscriptionChanged(deps: SubscriptionsContext, subscription: Record<string, unknown>) {
  const userId = await userOfSubscription(deps, subscription);
  if (!userId) return;
  const record = await deps.repo.getSubscription(userId);
  if (!record || (record.subscription_id && record.subscription_id !== str(subscription.id))) return;
  const item = obj((obj(subscription.items).data as unknown[] | undefined)?.[0]);
  const periodStartIso = isoOfSeconds(subscription.current_period_start ?? item.current_period_start);
  const periodEndIso = isoOfSeconds(subscription.current_period_end ?? item.current_period_end);
  const tier = str(obj(subscription.metadata).tier);
  await deps.repo.updateSubscription(userId, {
    status: statusOf(subscription.status),
    cancel_at_period_end: Boolean(subscription.cancel_at_period_end),
    ...(periodStartIso ? { current_period_start: periodStartIso } : {}),
    ...(periodEndIso ? { current_period_end: periodEndIso } : {}),
    ...(isTier(tier) && tier !== 'free' ? { tier } : {}),
    ...applyScheduledIfDue(record, periodStartIso),
    updated_at: now(deps),
  });
}

export async function subscriptionDeleted(deps: SubscriptionsContext, subscription: Record<string, unknown>) {
  const userId = await userOfSubscription(deps, subscription);
  if (!userId) return;
  const record = await deps.repo.getSubscription(userId);
  if (!record || (record.subscription_id && record.subscription_id !== str(subscription.id))) return;
  await deps.repo.putSubscription({
    ...freeSubscription(userId, now(deps)),
    customer_id: record.customer_id,
  });
}

export async function invoiceEvent(
  deps: SubscriptionsContext,
  invoice: Record<string, unknown>,
  paid: boolean,
) {
  const parent = obj(obj(invoice.parent).subscription_details);
  const subscriptionId = str(invoice.subscription) ?? str(parent.subscription);
  if (!subscriptionId) return;
  const userId = str(obj(parent.metadata).user_id) ?? (await deps.repo.getSubscriptionOwner(subscriptionId));
  if (!userId) return;
  const record = await deps.repo.getSubscription(userId);
  if (!record || record.subscription_id !== subscriptionId) return;
  if (!paid) {
    await deps.repo.updateSubscription(userId, { status: 'past_due', updated_at: now(deps) });
    return;
  }
  const line = obj((obj(invoice.lines).data as unknown[] | undefined)?.[0]);
  const periodStartIso = isoOfSeconds(obj(line.period).start);
  const periodEndIso = isoOfSeconds(obj(line.period).end);
  await deps.repo.updateSubscription(userId, {
    status: 'active',
    ...(periodStartIso ? { current_period_start: periodStartIso } : {}),
    ...(periodEndIso ? { current_period_end: periodEndIso } : {}),
    ...applyScheduledIfDue(record, periodStartIso),
    updated_at: now(deps),
  });
}

export async function checkoutExpired(deps: SubscriptionsContext, session: Record<string, unknown>) {
  const sessionId = str(session.id);
  if (!sessionId) return;
  await deps.repo.closeCheckout(sessionId, 'cancelled', now(deps));
  const bookId = str(obj(session.metadata).book_id);
  if (bookId) await deps.repo.moveBookPayment(bookId, ['pending'], { status: 'cancelled' });
}

// --- events ---

/** Acts on one verified provider event (called once per event id by the webhook). */
export async function applyEvent(
  deps: SubscriptionsContext,
  event: PaymentEvent,
  providerKindValue: 'local' | 'stripe',
) {
  const object = obj(event.data?.object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(deps, object, providerKindValue, event.created);
    case 'checkout.session.expired':
      return checkoutExpired(deps, object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionChanged(deps, object);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(deps, object);
    case 'invoice.paid':
      return invoiceEvent(deps, object, true);
    case 'invoice.payment_failed':
      return invoiceEvent(deps, object, false);
    default:
      return undefined;
  }
}

/**
 * Applies an event once per event id: a redelivered event is received and left alone; one that
 * fails is released, so the provider's retry applies it. Answers whether it was applied now.
 */
export async function applyEventOnce(
  deps: SubscriptionsContext,
  event: PaymentEvent,
  providerKindValue: 'local' | 'stripe',
): Promise<boolean> {
  const claimed = await deps.repo.claimEvent({
    event_id: event.id,
    type: event.type,
    status: 'processing',
    received_at: now(deps),
  });
  if (!claimed) return false;
  try {
    await applyEvent(deps, event, providerKindValue);
  } catch (error) {
    logger.error('payment event failed', { error: error as Error, eventId: event.id, type: event.type });
    await deps.repo.releaseEvent(event.id);
    throw error;
  }
  await deps.repo.finishEvent(event.id);
  return true;
}

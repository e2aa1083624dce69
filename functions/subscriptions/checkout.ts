import { randomBytes } from 'node:crypto';
import {
  BOOK_UPLOAD_PRICE,
  PAYMENT_REQUIRED_CODES,
  paymentMessages,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  TIER_RANK,
  tierPrice,
  type BillingPeriod,
  type BookPaymentStatus,
  type BookUploadCheckoutResponse,
  type CheckoutResponse,
  type Tier,
} from '../contracts/subscriptions';
import { BadRequestError, NotFoundError, PaymentRequiredError } from '../lib/errors';
import type { PaymentEvent } from '../lib/payments/port';
import { isAppPage } from '../lib/return-urls';
import { type UploadAllowance } from '../lib/ports';
import type { BookPaymentRecord, CheckoutRecord } from './model';
import {
  type SubscriptionsContext,
  now,
  provider,
  effective,
  view,
  providerKind,
  cents,
  intervalOf,
} from './common';
import { currentRecord } from './plans';

/** Checkout: a plan bought, cancelled and reactivated, the billing portal, and paid book uploads. */

/** 400 for a return URL off the app (a checkout or the portal would send the browser there). */
export async function refuseOffSite(deps: SubscriptionsContext, urls: Record<string, string | undefined>) {
  const origins = await deps.appOrigins();
  for (const [field, url] of Object.entries(urls))
    if (url !== undefined && !isAppPage(url, origins))
      throw new BadRequestError(subscriptionMessages.returnUrlOffSite(field), 'return_url_off_site');
}

export async function openCheckout(
  deps: SubscriptionsContext,
  record: Omit<CheckoutRecord, 'session_id' | 'provider' | 'status' | 'created_at' | 'completed_at'>,
  metadata: Record<string, string>,
) {
  const payments = await provider(deps);
  const existing = await deps.repo.getSubscription(record.user_id);
  const session = await payments.createCheckout({
    mode: record.kind === 'subscription' ? 'subscription' : 'payment',
    userId: record.user_id,
    customerId: existing?.provider === payments.kind ? existing.customer_id : null,
    name: record.name,
    description: record.description,
    amount: record.amount,
    currency: record.currency,
    ...(record.billing_period ? { interval: intervalOf(record.billing_period) } : {}),
    successUrl: record.success_url,
    cancelUrl: record.cancel_url,
    metadata,
  });
  await deps.repo.putCheckout({
    ...record,
    session_id: session.id,
    provider: payments.kind,
    status: 'open',
    created_at: now(deps),
    completed_at: null,
  });
  return session;
}

/**
 * Free → a paid tier: a checkout. A paid subscription moving to another tier needs none: an
 * upgrade applies now, a downgrade at the next billing cycle (spec 3 §4).
 */
export async function startCheckout(
  deps: SubscriptionsContext,
  userId: string,
  input: { tier: Tier; billing_period: BillingPeriod; success_url: string; cancel_url: string },
): Promise<CheckoutResponse> {
  await refuseOffSite(deps, { success_url: input.success_url, cancel_url: input.cancel_url });
  const tier = SUBSCRIPTION_TIERS[input.tier];
  if (input.tier === 'free') throw new BadRequestError(subscriptionMessages.freeCheckout, 'free_checkout');
  if (!tier.available)
    throw new BadRequestError(subscriptionMessages.tierUnavailable(tier.display_name), 'tier_unavailable');
  const record = await currentRecord(deps, userId);
  if (record.tier === input.tier && record.billing_period === input.billing_period)
    throw new BadRequestError(subscriptionMessages.sameTier, 'same_tier');
  const price = tierPrice(tier, input.billing_period);
  const metadata = {
    kind: 'subscription',
    user_id: userId,
    tier: input.tier,
    billing_period: input.billing_period,
  };

  if (record.tier !== 'free' && record.subscription_id) {
    const payments = await provider(deps);
    const upgrade =
      TIER_RANK[input.tier] > TIER_RANK[record.tier] ||
      (input.tier === record.tier && input.billing_period === 'annual');
    const newPrice = {
      name: `BookStudio ${tier.display_name}`,
      amount: cents(price),
      interval: intervalOf(input.billing_period),
    } as const;
    if (upgrade) {
      await payments.changePrice(record.subscription_id, newPrice, 'now', metadata);
      await deps.repo.putSubscription({
        ...record,
        tier: input.tier,
        billing_period: input.billing_period,
        cancel_at_period_end: false,
        scheduled_tier: null,
        scheduled_billing_period: null,
        scheduled_change_at: null,
        updated_at: now(deps),
      });
      return { url: input.success_url, session_id: null, outcome: 'upgraded' };
    }
    await payments.changePrice(record.subscription_id, newPrice, 'next_cycle', {
      ...metadata,
      tier: record.tier,
      scheduled_tier: input.tier,
    });
    await deps.repo.putSubscription({
      ...record,
      cancel_at_period_end: false,
      scheduled_tier: input.tier,
      scheduled_billing_period: input.billing_period,
      scheduled_change_at: record.current_period_end,
      updated_at: now(deps),
    });
    return { url: input.success_url, session_id: null, outcome: 'scheduled' };
  }

  const session = await openCheckout(
    deps,
    {
      user_id: userId,
      kind: 'subscription',
      tier: input.tier,
      billing_period: input.billing_period,
      book_id: null,
      amount: cents(price),
      currency: 'usd',
      name: `BookStudio ${tier.display_name} (${input.billing_period})`,
      description: tier.description,
      success_url: input.success_url,
      cancel_url: input.cancel_url,
    },
    metadata,
  );
  return { url: session.url, session_id: session.id, outcome: 'checkout' };
}

/** Cancel at the period end: access stays until then (spec 3 §4). */
export async function cancelSubscription(deps: SubscriptionsContext, userId: string) {
  const record = await currentRecord(deps, userId);
  if (record.tier === 'free') throw new BadRequestError(subscriptionMessages.nothingToCancel, 'free_tier');
  if (record.cancel_at_period_end)
    throw new BadRequestError(subscriptionMessages.alreadyCancelled, 'already_cancelled');
  if (record.subscription_id) await (await provider(deps)).setCancelAtPeriodEnd(record.subscription_id, true);
  const updated = { ...record, cancel_at_period_end: true, updated_at: now(deps) };
  await deps.repo.putSubscription(updated);
  return { message: subscriptionMessages.cancelled, subscription: view(updated, await providerKind(deps)) };
}

export async function reactivate(deps: SubscriptionsContext, userId: string) {
  const record = await currentRecord(deps, userId);
  if (record.tier === 'free' || !record.cancel_at_period_end)
    throw new BadRequestError(subscriptionMessages.nothingToReactivate, 'not_cancelled');
  if (record.subscription_id)
    await (await provider(deps)).setCancelAtPeriodEnd(record.subscription_id, false);
  const updated = { ...record, cancel_at_period_end: false, updated_at: now(deps) };
  await deps.repo.putSubscription(updated);
  return { message: subscriptionMessages.reactivated, subscription: view(updated, await providerKind(deps)) };
}

/** The provider's billing portal (Stripe); offline, the return URL (plans are managed on /subscription). */
export async function portal(deps: SubscriptionsContext, userId: string, returnUrl: string) {
  await refuseOffSite(deps, { return_url: returnUrl });
  const record = await currentRecord(deps, userId);
  const payments = await provider(deps);
  if (!record.customer_id || record.provider !== payments.kind)
    throw new BadRequestError(subscriptionMessages.portalUnavailable, 'no_customer');
  return { url: await payments.portalUrl(record.customer_id, returnUrl) };
}

// --- paid book uploads ---

/**
 * A checkout for one more book upload on the free tier. `book` is what the books domain knows
 * of the id (null: no book yet). Someone else's book, or someone else's payment of that id, is
 * "not found".
 */
export async function bookUploadCheckout(
  deps: SubscriptionsContext,
  userId: string,
  bookId: string,
  book: { owner_id: string } | null,
  urls: { success_url: string; cancel_url: string },
): Promise<BookUploadCheckoutResponse> {
  await refuseOffSite(deps, urls);
  if (book && book.owner_id !== userId)
    throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
  const existing = await deps.repo.getBookPayment(bookId);
  if (existing && existing.owner_id !== userId)
    throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
  if (book || existing?.status === 'used')
    throw new BadRequestError(paymentMessages.alreadyUploaded, 'already_uploaded');
  if (existing?.status === 'paid') throw new BadRequestError(paymentMessages.alreadyPaid, 'already_paid');
  const tier = (await effective(deps, userId)).tier;
  if (SUBSCRIPTION_TIERS[tier].book_upload_limit < 0)
    throw new BadRequestError(paymentMessages.noPaymentNeeded, 'no_payment_needed');
  const amount = cents(BOOK_UPLOAD_PRICE);
  const session = await openCheckout(
    deps,
    {
      user_id: userId,
      kind: 'book_upload',
      tier: null,
      billing_period: null,
      book_id: bookId,
      amount,
      currency: 'usd',
      name: 'BookStudio book upload',
      description: 'One more book on the free plan.',
      success_url: urls.success_url,
      cancel_url: urls.cancel_url,
    },
    { kind: 'book_upload', user_id: userId, book_id: bookId },
  );
  const record: BookPaymentRecord = {
    book_id: bookId,
    owner_id: userId,
    session_id: session.id,
    status: 'pending',
    amount,
    currency: 'usd',
    created_at: now(deps),
    paid_at: null,
    used_at: null,
  };
  if (!existing) {
    if (!(await deps.repo.createBookPayment(record))) {
      // Someone claimed the id between the read and the write: theirs, unless it is ours.
      const raced = await deps.repo.getBookPayment(bookId);
      if (raced?.owner_id !== userId) throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
    }
  } else {
    await deps.repo.moveBookPayment(
      bookId,
      ['pending', 'cancelled'],
      { status: 'pending', session_id: session.id },
      userId,
    );
  }
  return {
    url: session.url,
    session_id: session.id,
    book_id: bookId,
    amount: amount / 100,
    currency: 'usd',
  };
}

/** The caller's payment of a book id (or by its checkout session id). */
export async function bookPaymentStatus(
  deps: SubscriptionsContext,
  userId: string,
  id: string,
): Promise<BookPaymentStatus> {
  let record = /^[0-9a-f-]{36}$/i.test(id) ? await deps.repo.getBookPayment(id.toLowerCase()) : null;
  if (!record) {
    const checkout = await deps.repo.getCheckout(id);
    if (checkout?.kind === 'book_upload' && checkout.book_id)
      record = await deps.repo.getBookPayment(checkout.book_id);
  }
  if (!record || record.owner_id !== userId)
    throw new NotFoundError(paymentMessages.paymentNotFound, 'payment_not_found');
  return {
    book_id: record.book_id,
    session_id: record.session_id,
    status: record.status,
    paid: record.status === 'paid' || record.status === 'used',
    amount: record.amount / 100,
    currency: record.currency,
    paid_at: record.paid_at,
  };
}

/**
 * Holds the place of one more book before it is stored, or answers 402 (spec 1's upload
 * paywall). Every book the user has holds a place of a per-user counter (`USER#<sub> BOOKS_HELD`);
 * on the free tier a new place is taken with ONE conditional update while fewer than the tier's
 * books are held, so concurrent uploads cannot both pass a count check. Beyond that, a paid
 * upload of `bookId` (used up here, once: a conditional write) holds a place without a limit, as
 * does every upload on tiers without a book limit. The counter starts, the first time, from the
 * books the user has (`countBooks`).
 */
export async function takeUploadAllowance(
  deps: SubscriptionsContext,
  userId: string,
  countBooks: () => Promise<number>,
  bookId: string | undefined,
) {
  if ((await deps.repo.getBooksHeld(userId)) === null)
    await deps.repo.startBooksHeld(userId, await countBooks(), now(deps));
  if (bookId) {
    const used = await deps.repo.moveBookPayment(
      bookId,
      ['paid'],
      { status: 'used', used_at: now(deps) },
      userId,
    );
    if (used) {
      await deps.repo.holdBook(userId, -1);
      return { paidBookId: bookId };
    }
  }
  const tier = (await effective(deps, userId)).tier;
  if (await deps.repo.holdBook(userId, SUBSCRIPTION_TIERS[tier].book_upload_limit))
    return { paidBookId: null };
  throw new PaymentRequiredError(paymentMessages.uploadRequiresPayment, PAYMENT_REQUIRED_CODES.bookUpload);
}

/** The upload did not store its book: its place comes back, and the paid upload it used may be used again. */
export async function returnUploadAllowance(
  deps: SubscriptionsContext,
  userId: string,
  paidBookId: string | null,
) {
  await deps.repo.releaseBook(userId);
  if (paidBookId)
    await deps.repo.moveBookPayment(paidBookId, ['used'], { status: 'paid', used_at: null }, userId);
}

/** How many books count against the allowance now (stored ones, and uploads storing theirs). */
export async function booksHeld(deps: SubscriptionsContext, userId: string): Promise<number | null> {
  return deps.repo.getBooksHeld(userId);
}

/** The port the books domain checks uploads through (lib/ports.ts `UploadAllowance`). */
export function uploadAllowanceOf(deps: SubscriptionsContext): UploadAllowance {
  return {
    take: (userId, countBooks, bookId) => takeUploadAllowance(deps, userId, countBooks, bookId),
    giveBack: (userId, paidBookId) => returnUploadAllowance(deps, userId, paidBookId),
    bookRemoved: async (userId) => {
      await deps.repo.releaseBook(userId);
    },
  };
}

/** Paid uploads not used yet, for the upload wizard. */
export async function unusedPaidUploads(deps: SubscriptionsContext, userId: string): Promise<string[]> {
  return (await deps.repo.listBookPayments(userId)).filter((p) => p.status === 'paid').map((p) => p.book_id);
}

// --- the offline checkout page ---

export async function localCheckout(deps: SubscriptionsContext, sessionId: string): Promise<CheckoutRecord> {
  const record = /^cs_local_[0-9a-f]{36}$/.test(sessionId) ? await deps.repo.getCheckout(sessionId) : null;
  if (!record || record.provider !== 'local')
    throw new NotFoundError(subscriptionMessages.checkoutNotFound, 'checkout_not_found');
  return record;
}

/** The event Stripe would send when this offline checkout is paid (signed and sent by the caller). */
export async function localCompletionEvent(
  deps: SubscriptionsContext,
  sessionId: string,
): Promise<{ event: PaymentEvent; record: CheckoutRecord }> {
  const record = await localCheckout(deps, sessionId);
  if (record.status !== 'open')
    throw new BadRequestError(subscriptionMessages.checkoutClosed, 'checkout_closed');
  const existing = await deps.repo.getSubscription(record.user_id);
  const created = Math.floor(deps.clock.now().getTime() / 1000);
  const hex = (n: number) => randomBytes(n).toString('hex');
  const event: PaymentEvent = {
    id: `evt_local_${hex(12)}`,
    type: 'checkout.session.completed',
    created,
    data: {
      object: {
        id: record.session_id,
        object: 'checkout.session',
        mode: record.kind === 'subscription' ? 'subscription' : 'payment',
        client_reference_id: record.user_id,
        customer:
          existing?.provider === 'local' && existing.customer_id
            ? existing.customer_id
            : `cus_local_${hex(8)}`,
        subscription: record.kind === 'subscription' ? `sub_local_${hex(12)}` : null,
        payment_status: 'paid',
        status: 'complete',
        amount_total: record.amount,
        currency: record.currency,
        metadata: {
          kind: record.kind,
          user_id: record.user_id,
          ...(record.tier ? { tier: record.tier } : {}),
          ...(record.billing_period ? { billing_period: record.billing_period } : {}),
          ...(record.book_id ? { book_id: record.book_id } : {}),
        },
      },
    },
  };
  return { event, record };
}

/** Cancel on the offline page: the session closes, a pending upload payment is cancelled. */
export async function cancelLocalCheckout(
  deps: SubscriptionsContext,
  sessionId: string,
): Promise<CheckoutRecord> {
  const record = await localCheckout(deps, sessionId);
  if (record.status === 'open') {
    await deps.repo.closeCheckout(sessionId, 'cancelled', now(deps));
    if (record.book_id)
      await deps.repo.moveBookPayment(record.book_id, ['pending'], { status: 'cancelled' }, record.user_id);
  }
  return record;
}

import { randomBytes } from 'node:crypto';
import {
  BOOK_UPLOAD_PRICE,
  FREE_WATERMARK_TEXT,
  FREE_VIDEO_SIZE,
  PAYMENT_REQUIRED_CODES,
  paymentMessages,
  periodEnd,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  TIER_RANK,
  TIERS,
  tierPrice,
  usageBar,
  type BillingPeriod,
  type BookPaymentStatus,
  type BookUploadCheckoutResponse,
  type CheckoutResponse,
  type Subscription,
  type SubscriptionStatus,
  type Tier,
  type TiersResponse,
  type Usage,
} from '../contracts/subscriptions';
import { BadRequestError, HttpError, NotFoundError, PaymentRequiredError } from '../lib/errors';
import type { PaymentEvent, PaymentProvider } from '../lib/payments/port';
import { PaymentsNotConfiguredError } from '../lib/payments/port';
import { isAppPage } from '../lib/return-urls';
import { isoNow, type Clock, type Table, type UploadAllowance, type VideoMetering } from '../lib/ports';
import type { UsageMeter } from '../lib/usage-meter';
import type { BookPaymentRecord, CheckoutRecord, SubscriptionRecord } from './model';
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

export { PaymentRequiredError };

const cents = (dollars: number) => Math.round(dollars * 100);
const intervalOf = (period: BillingPeriod) => (period === 'annual' ? 'year' : 'month');

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

const statusOf = (raw: unknown): SubscriptionStatus => {
  const value = String(raw ?? '').toLowerCase();
  if (value === 'canceled') return 'cancelled';
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
    ? (value as SubscriptionStatus)
    : 'active';
};
const isTier = (value: unknown): value is Tier => (TIERS as readonly unknown[]).includes(value);
const isoOfSeconds = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const obj = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const repo = createSubscriptionsRepository(deps.table);
  const now = () => isoNow(deps.clock);

  async function provider(): Promise<PaymentProvider> {
    try {
      return await deps.payments();
    } catch (error) {
      if (error instanceof PaymentsNotConfiguredError)
        throw new HttpError(503, 'Payments are not configured on this server.', 'payments_not_configured');
      throw error;
    }
  }

  /** 400 for a return URL off the app (a checkout or the portal would send the browser there). */
  async function refuseOffSite(urls: Record<string, string | undefined>) {
    const origins = await deps.appOrigins();
    for (const [field, url] of Object.entries(urls))
      if (url !== undefined && !isAppPage(url, origins))
        throw new BadRequestError(subscriptionMessages.returnUrlOffSite(field), 'return_url_off_site');
  }

  async function effective(userId: string) {
    return effectiveSubscription(await repo.getSubscription(userId), userId, deps.clock.now());
  }

  function view(record: SubscriptionRecord, providerKind: 'local' | 'stripe'): Subscription {
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

  async function providerKind(): Promise<'local' | 'stripe'> {
    return deps.payments().then(
      (p) => p.kind,
      () => 'local' as const,
    );
  }

  /** Makes a subscription record current (the plan in force now) and stores it when it moved. */
  async function current(userId: string): Promise<SubscriptionRecord> {
    const stored = await repo.getSubscription(userId);
    const record = effectiveSubscription(stored, userId, deps.clock.now());
    if (stored && JSON.stringify(stored) !== JSON.stringify(record))
      await repo.putSubscription({ ...record, updated_at: now() });
    return record;
  }

  function applyScheduledIfDue(
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

  async function userOfSubscription(subscription: Record<string, unknown>): Promise<string | null> {
    const metadata = obj(subscription.metadata);
    const id = str(subscription.id);
    return str(metadata.user_id) ?? (id ? await repo.getSubscriptionOwner(id) : null);
  }

  // --- webhook event handlers (the same for Stripe and the offline checkout) ---

  async function checkoutCompleted(
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
    const at = now();
    await repo.closeCheckout(sessionId, 'complete', at);
    if (kind === 'book_upload') {
      const bookId = str(metadata.book_id);
      if (!bookId) return;
      await repo.moveBookPayment(
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
    const previous = await repo.getSubscription(userId);
    await repo.putSubscription({
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
    if (subscriptionId) await repo.putSubscriptionOwner(subscriptionId, userId);
  }

  async function subscriptionChanged(subscription: Record<string, unknown>) {
    const userId = await userOfSubscription(subscription);
    if (!userId) return;
    const record = await repo.getSubscription(userId);
    if (!record || (record.subscription_id && record.subscription_id !== str(subscription.id))) return;
    const item = obj((obj(subscription.items).data as unknown[] | undefined)?.[0]);
    const periodStartIso = isoOfSeconds(subscription.current_period_start ?? item.current_period_start);
    const periodEndIso = isoOfSeconds(subscription.current_period_end ?? item.current_period_end);
    const tier = str(obj(subscription.metadata).tier);
    await repo.updateSubscription(userId, {
      status: statusOf(subscription.status),
      cancel_at_period_end: Boolean(subscription.cancel_at_period_end),
      ...(periodStartIso ? { current_period_start: periodStartIso } : {}),
      ...(periodEndIso ? { current_period_end: periodEndIso } : {}),
      ...(isTier(tier) && tier !== 'free' ? { tier } : {}),
      ...applyScheduledIfDue(record, periodStartIso),
      updated_at: now(),
    });
  }

  async function subscriptionDeleted(subscription: Record<string, unknown>) {
    const userId = await userOfSubscription(subscription);
    if (!userId) return;
    const record = await repo.getSubscription(userId);
    if (!record || (record.subscription_id && record.subscription_id !== str(subscription.id))) return;
    await repo.putSubscription({ ...freeSubscription(userId, now()), customer_id: record.customer_id });
  }

  async function invoiceEvent(invoice: Record<string, unknown>, paid: boolean) {
    const parent = obj(obj(invoice.parent).subscription_details);
    const subscriptionId = str(invoice.subscription) ?? str(parent.subscription);
    if (!subscriptionId) return;
    const userId = str(obj(parent.metadata).user_id) ?? (await repo.getSubscriptionOwner(subscriptionId));
    if (!userId) return;
    const record = await repo.getSubscription(userId);
    if (!record || record.subscription_id !== subscriptionId) return;
    if (!paid) {
      await repo.updateSubscription(userId, { status: 'past_due', updated_at: now() });
      return;
    }
    const line = obj((obj(invoice.lines).data as unknown[] | undefined)?.[0]);
    const periodStartIso = isoOfSeconds(obj(line.period).start);
    const periodEndIso = isoOfSeconds(obj(line.period).end);
    await repo.updateSubscription(userId, {
      status: 'active',
      ...(periodStartIso ? { current_period_start: periodStartIso } : {}),
      ...(periodEndIso ? { current_period_end: periodEndIso } : {}),
      ...applyScheduledIfDue(record, periodStartIso),
      updated_at: now(),
    });
  }

  async function checkoutExpired(session: Record<string, unknown>) {
    const sessionId = str(session.id);
    if (!sessionId) return;
    await repo.closeCheckout(sessionId, 'cancelled', now());
    const bookId = str(obj(session.metadata).book_id);
    if (bookId) await repo.moveBookPayment(bookId, ['pending'], { status: 'cancelled' });
  }

  async function openCheckout(
    record: Omit<CheckoutRecord, 'session_id' | 'provider' | 'status' | 'created_at' | 'completed_at'>,
    metadata: Record<string, string>,
  ) {
    const payments = await provider();
    const existing = await repo.getSubscription(record.user_id);
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
    await repo.putCheckout({
      ...record,
      session_id: session.id,
      provider: payments.kind,
      status: 'open',
      created_at: now(),
      completed_at: null,
    });
    return session;
  }

  const service = {
    repository: repo,

    tiers(): TiersResponse {
      return { tiers: TIERS.map((t) => SUBSCRIPTION_TIERS[t]) };
    },

    /** The plan in force (free when there is none). */
    async current(userId: string): Promise<Subscription> {
      return view(await current(userId), await providerKind());
    },

    /** The tier whose limits apply now. */
    async tierOf(userId: string): Promise<Tier> {
      return (await effective(userId)).tier;
    },

    async usage(userId: string): Promise<Usage> {
      const [record, used] = await Promise.all([effective(userId), deps.meter.used(userId)]);
      const period = deps.meter.period();
      const limit = SUBSCRIPTION_TIERS[record.tier].monthly_video_limit;
      const unlimited = limit < 0;
      return {
        period,
        current_period_videos: used,
        period_limit: limit,
        remaining_videos: unlimited ? -1 : Math.max(0, limit - used),
        can_generate_video: unlimited || used < limit,
        period_end: periodEnd(period).toISOString(),
        tier: record.tier,
        usage: usageBar(used, limit),
      };
    },

    /**
     * Takes one video unit of this month for a new generation, or answers 402 with the spec's words.
     * The caller hands the period to the job system, which gives the unit back if the job ends
     * without its film. Also answers the output rule of the user's tier (480p + watermark on free).
     */
    async reserveVideo(userId: string) {
      const tier = (await effective(userId)).tier;
      const taken = await deps.meter.take(userId, SUBSCRIPTION_TIERS[tier].monthly_video_limit);
      if (!taken)
        throw new PaymentRequiredError(subscriptionMessages.limitReached, PAYMENT_REQUIRED_CODES.videoLimit);
      return { period: taken.period, tier, output: outputRuleOf(tier) };
    },

    /** Gives back a unit taken by `reserveVideo` when the start did not happen. */
    async releaseVideo(userId: string, period: string) {
      await deps.meter.giveBack(userId, period);
    },

    /** The port other domains start videos through (lib/ports.ts `VideoMetering`). */
    get videoMetering(): VideoMetering {
      return {
        reserve: (userId) => service.reserveVideo(userId),
        release: (userId, period) => service.releaseVideo(userId, period),
        plan: (userId) => service.tierOf(userId),
      };
    },

    /**
     * Free → a paid tier: a checkout. A paid subscription moving to another tier needs none: an
     * upgrade applies now, a downgrade at the next billing cycle (spec 3 §4).
     */
    async checkout(
      userId: string,
      input: { tier: Tier; billing_period: BillingPeriod; success_url: string; cancel_url: string },
    ): Promise<CheckoutResponse> {
      await refuseOffSite({ success_url: input.success_url, cancel_url: input.cancel_url });
      const tier = SUBSCRIPTION_TIERS[input.tier];
      if (input.tier === 'free')
        throw new BadRequestError(subscriptionMessages.freeCheckout, 'free_checkout');
      if (!tier.available)
        throw new BadRequestError(
          subscriptionMessages.tierUnavailable(tier.display_name),
          'tier_unavailable',
        );
      const record = await current(userId);
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
        const payments = await provider();
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
          await repo.putSubscription({
            ...record,
            tier: input.tier,
            billing_period: input.billing_period,
            cancel_at_period_end: false,
            scheduled_tier: null,
            scheduled_billing_period: null,
            scheduled_change_at: null,
            updated_at: now(),
          });
          return { url: input.success_url, session_id: null, outcome: 'upgraded' };
        }
        await payments.changePrice(record.subscription_id, newPrice, 'next_cycle', {
          ...metadata,
          tier: record.tier,
          scheduled_tier: input.tier,
        });
        await repo.putSubscription({
          ...record,
          cancel_at_period_end: false,
          scheduled_tier: input.tier,
          scheduled_billing_period: input.billing_period,
          scheduled_change_at: record.current_period_end,
          updated_at: now(),
        });
        return { url: input.success_url, session_id: null, outcome: 'scheduled' };
      }

      const session = await openCheckout(
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
    },

    /** Cancel at the period end: access stays until then (spec 3 §4). */
    async cancel(userId: string) {
      const record = await current(userId);
      if (record.tier === 'free')
        throw new BadRequestError(subscriptionMessages.nothingToCancel, 'free_tier');
      if (record.cancel_at_period_end)
        throw new BadRequestError(subscriptionMessages.alreadyCancelled, 'already_cancelled');
      if (record.subscription_id) await (await provider()).setCancelAtPeriodEnd(record.subscription_id, true);
      const updated = { ...record, cancel_at_period_end: true, updated_at: now() };
      await repo.putSubscription(updated);
      return { message: subscriptionMessages.cancelled, subscription: view(updated, await providerKind()) };
    },

    async reactivate(userId: string) {
      const record = await current(userId);
      if (record.tier === 'free' || !record.cancel_at_period_end)
        throw new BadRequestError(subscriptionMessages.nothingToReactivate, 'not_cancelled');
      if (record.subscription_id)
        await (await provider()).setCancelAtPeriodEnd(record.subscription_id, false);
      const updated = { ...record, cancel_at_period_end: false, updated_at: now() };
      await repo.putSubscription(updated);
      return { message: subscriptionMessages.reactivated, subscription: view(updated, await providerKind()) };
    },

    /** The provider's billing portal (Stripe); offline, the return URL (plans are managed on /subscription). */
    async portal(userId: string, returnUrl: string) {
      await refuseOffSite({ return_url: returnUrl });
      const record = await current(userId);
      const payments = await provider();
      if (!record.customer_id || record.provider !== payments.kind)
        throw new BadRequestError(subscriptionMessages.portalUnavailable, 'no_customer');
      return { url: await payments.portalUrl(record.customer_id, returnUrl) };
    },

    // --- paid book uploads ---

    /**
     * A checkout for one more book upload on the free tier. `book` is what the books domain knows
     * of the id (null: no book yet). Someone else's book, or someone else's payment of that id, is
     * "not found".
     */
    async bookUploadCheckout(
      userId: string,
      bookId: string,
      book: { owner_id: string } | null,
      urls: { success_url: string; cancel_url: string },
    ): Promise<BookUploadCheckoutResponse> {
      await refuseOffSite(urls);
      if (book && book.owner_id !== userId)
        throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
      const existing = await repo.getBookPayment(bookId);
      if (existing && existing.owner_id !== userId)
        throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
      if (book || existing?.status === 'used')
        throw new BadRequestError(paymentMessages.alreadyUploaded, 'already_uploaded');
      if (existing?.status === 'paid') throw new BadRequestError(paymentMessages.alreadyPaid, 'already_paid');
      const tier = (await effective(userId)).tier;
      if (SUBSCRIPTION_TIERS[tier].book_upload_limit < 0)
        throw new BadRequestError(paymentMessages.noPaymentNeeded, 'no_payment_needed');
      const amount = cents(BOOK_UPLOAD_PRICE);
      const session = await openCheckout(
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
        created_at: now(),
        paid_at: null,
        used_at: null,
      };
      if (!existing) {
        if (!(await repo.createBookPayment(record))) {
          // Someone claimed the id between the read and the write: theirs, unless it is ours.
          const raced = await repo.getBookPayment(bookId);
          if (raced?.owner_id !== userId)
            throw new NotFoundError(paymentMessages.bookNotFound, 'book_not_found');
        }
      } else {
        await repo.moveBookPayment(
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
    },

    /** The caller's payment of a book id (or by its checkout session id). */
    async bookPaymentStatus(userId: string, id: string): Promise<BookPaymentStatus> {
      let record = /^[0-9a-f-]{36}$/i.test(id) ? await repo.getBookPayment(id.toLowerCase()) : null;
      if (!record) {
        const checkout = await repo.getCheckout(id);
        if (checkout?.kind === 'book_upload' && checkout.book_id)
          record = await repo.getBookPayment(checkout.book_id);
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
    },

    /**
     * Holds the place of one more book before it is stored, or answers 402 (spec 1's upload
     * paywall). Every book the user has holds a place of a per-user counter (`USER#<sub> BOOKS_HELD`);
     * on the free tier a new place is taken with ONE conditional update while fewer than the tier's
     * books are held, so concurrent uploads cannot both pass a count check. Beyond that, a paid
     * upload of `bookId` (used up here, once: a conditional write) holds a place without a limit, as
     * does every upload on tiers without a book limit. The counter starts, the first time, from the
     * books the user has (`countBooks`).
     */
    async takeUploadAllowance(userId: string, countBooks: () => Promise<number>, bookId: string | undefined) {
      if ((await repo.getBooksHeld(userId)) === null)
        await repo.startBooksHeld(userId, await countBooks(), now());
      if (bookId) {
        const used = await repo.moveBookPayment(bookId, ['paid'], { status: 'used', used_at: now() }, userId);
        if (used) {
          await repo.holdBook(userId, -1);
          return { paidBookId: bookId };
        }
      }
      const tier = (await effective(userId)).tier;
      if (await repo.holdBook(userId, SUBSCRIPTION_TIERS[tier].book_upload_limit))
        return { paidBookId: null };
      throw new PaymentRequiredError(
        paymentMessages.uploadRequiresPayment,
        PAYMENT_REQUIRED_CODES.bookUpload,
      );
    },

    /** The upload did not store its book: its place comes back, and the paid upload it used may be used again. */
    async returnUploadAllowance(userId: string, paidBookId: string | null) {
      await repo.releaseBook(userId);
      if (paidBookId)
        await repo.moveBookPayment(paidBookId, ['used'], { status: 'paid', used_at: null }, userId);
    },

    /** How many books count against the allowance now (stored ones, and uploads storing theirs). */
    async booksHeld(userId: string): Promise<number | null> {
      return repo.getBooksHeld(userId);
    },

    /** The port the books domain checks uploads through (lib/ports.ts `UploadAllowance`). */
    get uploadAllowance(): UploadAllowance {
      return {
        take: (userId, countBooks, bookId) => service.takeUploadAllowance(userId, countBooks, bookId),
        giveBack: (userId, paidBookId) => service.returnUploadAllowance(userId, paidBookId),
        bookRemoved: async (userId) => {
          await repo.releaseBook(userId);
        },
      };
    },

    /** Paid uploads not used yet, for the upload wizard. */
    async unusedPaidUploads(userId: string): Promise<string[]> {
      return (await repo.listBookPayments(userId)).filter((p) => p.status === 'paid').map((p) => p.book_id);
    },

    // --- events ---

    /** Acts on one verified provider event (called once per event id by the webhook). */
    async applyEvent(event: PaymentEvent, providerKindValue: 'local' | 'stripe') {
      const object = obj(event.data?.object);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return checkoutCompleted(object, providerKindValue, event.created);
        case 'checkout.session.expired':
          return checkoutExpired(object);
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
          return subscriptionChanged(object);
        case 'customer.subscription.deleted':
          return subscriptionDeleted(object);
        case 'invoice.paid':
          return invoiceEvent(object, true);
        case 'invoice.payment_failed':
          return invoiceEvent(object, false);
        default:
          return undefined;
      }
    },

    // --- the offline checkout page ---

    async localCheckout(sessionId: string): Promise<CheckoutRecord> {
      const record = /^cs_local_[0-9a-f]{36}$/.test(sessionId) ? await repo.getCheckout(sessionId) : null;
      if (!record || record.provider !== 'local')
        throw new NotFoundError(subscriptionMessages.checkoutNotFound, 'checkout_not_found');
      return record;
    },

    /** The event Stripe would send when this offline checkout is paid (signed and sent by the caller). */
    async localCompletionEvent(sessionId: string): Promise<{ event: PaymentEvent; record: CheckoutRecord }> {
      const record = await service.localCheckout(sessionId);
      if (record.status !== 'open')
        throw new BadRequestError(subscriptionMessages.checkoutClosed, 'checkout_closed');
      const existing = await repo.getSubscription(record.user_id);
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
    },

    /** Cancel on the offline page: the session closes, a pending upload payment is cancelled. */
    async cancelLocalCheckout(sessionId: string): Promise<CheckoutRecord> {
      const record = await service.localCheckout(sessionId);
      if (record.status === 'open') {
        await repo.closeCheckout(sessionId, 'cancelled', now());
        if (record.book_id)
          await repo.moveBookPayment(record.book_id, ['pending'], { status: 'cancelled' }, record.user_id);
      }
      return record;
    },
  };
  return service;
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

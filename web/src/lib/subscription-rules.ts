import {
  isUnlimited,
  PAYMENT_REQUIRED_CODES,
  subscriptionMessages,
  tierPrice,
  TIER_RANK,
  type BillingPeriod,
  type Subscription,
  type SubscriptionTier,
  type Tier,
  type UserBookCount,
} from '@contracts/subscriptions';
import { ApiError } from './api-client';

/**
 * The subscription rules the SPA shows, as pure functions: prices in words, the tier buttons, the
 * plan's numbers, the return URLs of checkout and what a 402 means. The usage bar itself is the
 * contract's `usageBar` (the server answers it worked out; the SPA uses the same function).
 */

/** US dollars with cents only when there are any: 0 → "$0", 9.99 → "$9.99", 96 → "$96". */
export function formatPrice(amount: number, currency = 'usd'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A tier's price for the period, as the tier card shows it: "Free", "$9.99 / month", "$96 / year". */
export function tierPriceLabel(
  tier: Pick<SubscriptionTier, 'monthly_price' | 'currency'>,
  period: BillingPeriod,
) {
  if (tier.monthly_price === 0) return 'Free';
  const price = formatPrice(tierPrice(tier, period), tier.currency);
  return `${price} / ${period === 'annual' ? 'year' : 'month'}`;
}

/** What a year costs against twelve months, for the annual toggle ("Save $24 a year"); null on free. */
export function annualSaving(tier: Pick<SubscriptionTier, 'monthly_price' | 'currency'>): string | null {
  if (tier.monthly_price === 0) return null;
  const saving = Math.round((tier.monthly_price * 12 - tierPrice(tier, 'annual')) * 100) / 100;
  return saving > 0 ? `Save ${formatPrice(saving, tier.currency)} a year` : null;
}

/** A status as shown: underscores become spaces ("past_due" → "past due"). */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');

/** The monthly video limit in words: "2 videos", "1 video", "Unlimited". */
export function videoLimitLabel(limit: number): string {
  if (isUnlimited(limit)) return 'Unlimited';
  return `${limit} ${limit === 1 ? 'video' : 'videos'}`;
}

export type TierButton =
  | { kind: 'current'; label: string; disabled: true }
  | { kind: 'unavailable'; label: string; disabled: true }
  | { kind: 'choose'; label: string; disabled: false }
  | { kind: 'cancel'; label: string; disabled: false };

/**
 * The tier card's button: the current tier is disabled 'Current Plan', a tier not sold yet 'Coming
 * Soon', free for a paid user is reached by cancelling ('Switch to Free' opens the cancel dialog; the
 * server sells no free checkout), any other starts checkout ('Upgrade to Pro', 'Switch to Basic').
 */
export function tierButton(
  tier: Pick<SubscriptionTier, 'tier' | 'display_name' | 'available'>,
  current: Tier | null,
): TierButton {
  if (current === tier.tier)
    return { kind: 'current', label: subscriptionMessages.currentPlan, disabled: true };
  if (!tier.available) return { kind: 'unavailable', label: subscriptionMessages.comingSoon, disabled: true };
  if (current === null) return { kind: 'choose', label: `Choose ${tier.display_name}`, disabled: false };
  if (tier.tier === 'free')
    return { kind: 'cancel', label: `Switch to ${tier.display_name}`, disabled: false };
  const verb = TIER_RANK[tier.tier] > TIER_RANK[current] ? 'Upgrade to' : 'Switch to';
  return { kind: 'choose', label: `${verb} ${tier.display_name}`, disabled: false };
}

/** Whether choosing `tier` does anything: the same tier as the current one does nothing (spec 3 §5). */
export const startsCheckout = (tier: Tier, current: Tier | null) => tier !== current;

/** Cancel and Reactivate are for paid tiers only; which one depends on cancel_at_period_end. */
export function subscriptionAction(
  subscription: Pick<Subscription, 'tier' | 'cancel_at_period_end'> | null | undefined,
): 'cancel' | 'reactivate' | null {
  if (!subscription || subscription.tier === 'free') return null;
  return subscription.cancel_at_period_end ? 'reactivate' : 'cancel';
}

/** Where checkout sends the browser back: the dashboard on success, this page on cancel. */
export function subscriptionReturnUrls(origin: string) {
  return {
    success_url: `${origin}/dashboard?payment=success`,
    cancel_url: `${origin}/subscription?payment=cancelled`,
  };
}

/** Where a book-upload checkout sends the browser back: the upload wizard, with the book id. */
export function uploadReturnUrls(origin: string, bookId: string) {
  const id = encodeURIComponent(bookId);
  return {
    success_url: `${origin}/upload?payment=success&book_id=${id}`,
    cancel_url: `${origin}/upload?payment=cancelled&book_id=${id}`,
  };
}

/** A video start refused for the monthly limit (402 `video_limit_reached`). */
export const isVideoLimitError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 402 &&
  (error.code === undefined || error.code === PAYMENT_REQUIRED_CODES.videoLimit);

/** A book upload refused until it is paid for (402 `book_payment_required`). */
export const isUploadPaymentError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 402 && error.code === PAYMENT_REQUIRED_CODES.bookUpload;

export type UploadPaywall = 'open' | 'paid' | 'banner' | 'none';

/**
 * What the upload page shows for the user's books: the upgrade dialog when a free user has 2 or
 * more books and no paid upload waiting ('open'), nothing to pay when one is paid ('paid'), the
 * banner after 1 or more books on free ('banner'), otherwise nothing.
 */
export function uploadPaywall(
  count: Pick<UserBookCount, 'requires_payment' | 'paid_book_ids' | 'book_count' | 'tier'>,
): UploadPaywall {
  if (count.requires_payment) return count.paid_book_ids.length > 0 ? 'paid' : 'open';
  if (count.tier === 'free' && count.book_count >= 1) return 'banner';
  return 'none';
}

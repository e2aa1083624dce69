import { SUBSCRIPTION_TIERS, usageBar, type UserBookCount } from '@contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-client';
import {
  annualSaving,
  formatPrice,
  isUploadPaymentError,
  isVideoLimitError,
  startsCheckout,
  statusLabel,
  subscriptionAction,
  subscriptionReturnUrls,
  tierButton,
  tierPriceLabel,
  uploadPaywall,
  uploadReturnUrls,
  videoLimitLabel,
} from '../../../web/src/lib/subscription-rules';

const { free, basic, pro } = SUBSCRIPTION_TIERS;

describe('the usage bar the SPA draws', () => {
  it('is green and within limits under 80 %', () => {
    expect(usageBar(0, 2)).toMatchObject({ percent: 0, colour: 'green', label: 'Within limits' });
    expect(usageBar(15, 20)).toMatchObject({ percent: 75, colour: 'green', label: 'Within limits' });
  });
  it('turns yellow from 80 % and red at 100 %', () => {
    expect(usageBar(16, 20)).toMatchObject({ percent: 80, colour: 'yellow', label: 'Approaching limit' });
    expect(usageBar(1, 2)).toMatchObject({ percent: 50, colour: 'green' });
    expect(usageBar(2, 2)).toMatchObject({ percent: 100, colour: 'red', label: 'Limit reached' });
    expect(usageBar(5, 2)).toMatchObject({ percent: 100, level: 'reached' });
  });
  it('reads -1 as unlimited', () => {
    expect(usageBar(500, -1)).toMatchObject({ level: 'unlimited', label: 'Unlimited', colour: 'green' });
  });
});

describe('prices', () => {
  it('shows cents only when there are any', () => {
    expect(formatPrice(9.99)).toBe('$9.99');
    expect(formatPrice(96)).toBe('$96');
    expect(formatPrice(4.5)).toBe('$4.50');
  });
  it('labels a tier by period, annual being 12 × monthly less 20 %, rounded', () => {
    expect(tierPriceLabel(free, 'monthly')).toBe('Free');
    expect(tierPriceLabel(free, 'annual')).toBe('Free');
    expect(tierPriceLabel(basic, 'monthly')).toBe('$9.99 / month');
    expect(tierPriceLabel(basic, 'annual')).toBe('$96 / year');
    expect(tierPriceLabel(pro, 'annual')).toBe('$288 / year');
    expect(tierPriceLabel({ monthly_price: 10, currency: 'usd' }, 'annual')).toBe('$96 / year');
  });
  it('names the annual saving', () => {
    expect(annualSaving(basic)).toBe('Save $23.88 a year');
    expect(annualSaving(free)).toBeNull();
  });
});

describe('the tier buttons', () => {
  it('disables the current tier as Current Plan', () => {
    expect(tierButton(basic, 'basic')).toEqual({ kind: 'current', label: 'Current Plan', disabled: true });
    expect(tierButton(free, 'free')).toMatchObject({ label: 'Current Plan', disabled: true });
  });
  it('disables a tier not sold yet as Coming Soon', () => {
    expect(tierButton({ ...pro, available: false }, 'free')).toMatchObject({
      kind: 'unavailable',
      label: 'Coming Soon',
      disabled: true,
    });
    // ...unless it is the user's plan already.
    expect(tierButton({ ...pro, available: false }, 'pro')).toMatchObject({ kind: 'current' });
  });
  it('offers upgrades and switches, and free through cancelling', () => {
    expect(tierButton(basic, 'free')).toEqual({ kind: 'choose', label: 'Upgrade to Basic', disabled: false });
    expect(tierButton({ ...pro, available: true }, 'basic')).toMatchObject({ label: 'Upgrade to Pro' });
    expect(tierButton(basic, 'pro')).toMatchObject({ kind: 'choose', label: 'Switch to Basic' });
    expect(tierButton(free, 'basic')).toMatchObject({ kind: 'cancel', label: 'Switch to Free' });
    expect(tierButton(basic, null)).toMatchObject({ kind: 'choose', label: 'Choose Basic' });
  });
  it('does nothing for the current tier', () => {
    expect(startsCheckout('basic', 'basic')).toBe(false);
    expect(startsCheckout('basic', 'free')).toBe(true);
  });
  it('offers Cancel or Reactivate for paid tiers only', () => {
    expect(subscriptionAction({ tier: 'free', cancel_at_period_end: false })).toBeNull();
    expect(subscriptionAction({ tier: 'basic', cancel_at_period_end: false })).toBe('cancel');
    expect(subscriptionAction({ tier: 'basic', cancel_at_period_end: true })).toBe('reactivate');
    expect(subscriptionAction(undefined)).toBeNull();
  });
});

describe('words and links', () => {
  it('shows statuses with spaces and limits in videos', () => {
    expect(statusLabel('past_due')).toBe('past due');
    expect(statusLabel('incomplete_expired')).toBe('incomplete expired');
    expect(videoLimitLabel(2)).toBe('2 videos');
    expect(videoLimitLabel(1)).toBe('1 video');
    expect(videoLimitLabel(-1)).toBe('Unlimited');
  });
  it('returns from checkout to the dashboard, or here when cancelled', () => {
    expect(subscriptionReturnUrls('http://localhost:3690')).toEqual({
      success_url: 'http://localhost:3690/dashboard?payment=success',
      cancel_url: 'http://localhost:3690/subscription?payment=cancelled',
    });
    expect(uploadReturnUrls('https://app.example', 'b-1')).toEqual({
      success_url: 'https://app.example/upload?payment=success&book_id=b-1',
      cancel_url: 'https://app.example/upload?payment=cancelled&book_id=b-1',
    });
  });
  it('tells a video limit 402 from a book payment 402 and other errors', () => {
    const limit = new ApiError('over', 402, 'video_limit_reached');
    const upload = new ApiError('pay', 402, 'book_payment_required');
    expect(isVideoLimitError(limit)).toBe(true);
    expect(isVideoLimitError(upload)).toBe(false);
    expect(isVideoLimitError(new ApiError('no', 403))).toBe(false);
    expect(isVideoLimitError(new Error('x'))).toBe(false);
    expect(isUploadPaymentError(upload)).toBe(true);
    expect(isUploadPaymentError(limit)).toBe(false);
  });
});

describe('the upload paywall', () => {
  const count = (overrides: Partial<UserBookCount>): UserBookCount => ({
    book_count: 0,
    tier: 'free',
    book_upload_limit: 2,
    requires_payment: false,
    paid_book_ids: [],
    upload_price: 4.99,
    currency: 'usd',
    ...overrides,
  });
  it('opens the dialog for a free user with 2 or more books and no paid upload', () => {
    expect(uploadPaywall(count({ book_count: 2, requires_payment: true }))).toBe('open');
    expect(uploadPaywall(count({ book_count: 3, requires_payment: true, paid_book_ids: ['b'] }))).toBe(
      'paid',
    );
  });
  it('shows the banner after 1 or more books on free, nothing otherwise', () => {
    expect(uploadPaywall(count({ book_count: 1 }))).toBe('banner');
    expect(uploadPaywall(count({ book_count: 0 }))).toBe('none');
    expect(uploadPaywall(count({ book_count: 5, tier: 'basic', book_upload_limit: -1 }))).toBe('none');
  });
});

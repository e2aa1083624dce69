/**
 * Subscriptions, usage limits and payments (spec 3 §2 /subscription and Payment returns, §3
 * Subscription / Subscription tier / Usage / Checkout request / Book-payment, §4, §5, §7–§9; spec 1's
 * upload paywall, dashboard usage card and `payment=success|cancelled`). The tiers as data, the
 * shapes the `/subscriptions/*` and `/payments/*` routes answer, the pure rules (annual price, usage
 * bar, period keys) and every message the spec words. Shared by the handlers and the SPA.
 *
 * Routes (all under /api/v1; every one needs a signed-in user except the webhook):
 * | route                                                 | body                                              | answer                          |
 * | ----------------------------------------------------- | ------------------------------------------------- | ------------------------------- |
 * | GET  /subscriptions/tiers                             | —                                                 | `TiersResponse`                 |
 * | GET  /subscriptions/current                           | —                                                 | `Subscription`                  |
 * | GET  /subscriptions/usage                             | —                                                 | `Usage`                         |
 * | POST /subscriptions/checkout                          | `CheckoutRequest`                                 | `CheckoutResponse`              |
 * | POST /subscriptions/cancel                            | —                                                 | `SubscriptionChangeResponse`    |
 * | POST /subscriptions/reactivate                        | —                                                 | `SubscriptionChangeResponse`    |
 * | POST /subscriptions/portal                            | `PortalRequest`                                   | `PortalResponse`                |
 * | POST /payments/create-book-upload-checkout-session    | `BookUploadCheckoutRequest`                       | `BookUploadCheckoutResponse`    |
 * | GET  /payments/check-payment-status/{id}              | — ({id}: the book id or the checkout session id)  | `BookPaymentStatus`             |
 * | GET  /payments/user-book-count                        | —                                                 | `UserBookCount`                 |
 * | POST /payments/webhook (public; Stripe-Signature)     | a Stripe event (raw JSON)                         | `{ received: true }`            |
 *
 * Metering rule (enforced on the server, atomically): one video unit is reserved per UTC calendar
 * month, before the job starts, by every request that will make a NEW final video —
 *   - the learning videos (`POST /ai/generate-realistic-video`, `/ai/generate-tutorial-video`,
 *     `/ai/generate-video-from-chapter`),
 *   - the entertainment pipeline start (`POST /ai/generate-entertainment-video`),
 *   - every run again of a COMPLETED generation, which replaces its film with a new one:
 *     `POST /ai/retry-generation/{id}` (any `retry_from_step`, or `redo_scenes`),
 *     `POST /ai/trigger-lip-sync/{id}`, and Render Video of the studio's timeline
 *     (`POST /chapters/{id}/video-production/render`, which runs the script's latest generation again
 *     or starts a new one).
 * A retry of a FAILED (or cancelled) run costs nothing extra: it is not a second film. Its start took
 * a unit and its failure gave it back, so the retry takes that unit again — the film costs one unit
 * in all however many retries it needed, and none if it never comes (like a start, the retry is
 * answered 402 when the month has no unit left).
 * Not counted: downloads/transcodes of a film already made (a download filmed again at a larger
 * size the plan films, or without the watermark a plan no longer gives, included), combining the
 * user's own finished videos, and merges of the user's own clips (`/merge/*`): they make no new generation. A request
 * answered by an already-running job (the same chapter's generation) reserves nothing. A unit comes
 * back when its job fails (or is cancelled) before producing its film; a job that produced its film
 * keeps the unit. Over the limit the start is answered 402 with
 * `{ detail: subscriptionMessages.limitReached, code: 'video_limit_reached' }`.
 *
 * Book uploads: the free tier includes `FREE_BOOK_UPLOADS` books (the books the user has now). A
 * further upload on free answers 402 (`code: 'book_payment_required'`) unless it names, as `book_id`
 * on `POST /books/upload`, a book id whose upload the caller has paid for
 * (`POST /payments/create-book-upload-checkout-session` with a new book id — a UUID the client makes —
 * then the checkout, then the webhook marks it paid). Paid tiers upload without limit.
 * Exact under concurrency: every book a user has holds a place of a per-user counter
 * (`USER#<sub> BOOKS_HELD`), taken with one conditional update (`ADD held 1` while
 * `held < FREE_BOOK_UPLOADS` on free) BEFORE the book is stored; an upload that does not store its
 * book gives its place back. Deleting a book gives its place back (spec 1's paywall counts the books
 * the user has: "2 or more books"), once per book however many deletes race.
 *
 * Output rule: the free tier's videos are filmed at 480p (854×480 at 16:9) with the "BookStudio"
 * watermark in the bottom-right corner — the entertainment pipeline and the learning videos alike.
 * The rule is read when the job starts and kept in the job's options, so a retry films the same way.
 *
 * Longest video: nothing a plan makes lasts longer than its `max_video_duration` (half a second is
 * let through for the encoders' last frame). A tutor video teaches fewer key ideas, and a chapter
 * video's scenes say less, until they fit read at the slowest pace voices read
 * (engine/productions/spoken-length.ts). A chapter film whose script cannot fit even read at the
 * fastest pace, a render of the studio's timeline longer than it, a merge whose timeline ends after
 * it and a combination of films longer than it are refused before they start: 402
 * `video_too_long` with `subscriptionMessages.tooLong`. A chapter film that turns out longer once its
 * sound is recorded fails in the same words before any scene is filmed (its unit comes back).
 * Other bounds of the plan's videos (frame, rate, a merge's encoder settings): `PlanLimits`.
 */

import { PRESETS, type Preset } from '../engine/video/types';
import { z } from './zod';

// --- tiers ---

export const TIERS = ['free', 'basic', 'pro'] as const;
export type Tier = (typeof TIERS)[number];

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Output quality of a tier's videos (spec 3 §9 quality tiers: web 480p, medium 720p, high 1080p). */
export const VIDEO_QUALITIES = ['480p', '720p', '1080p'] as const;

export const SUPPORT_LEVELS = ['community', 'email', 'priority'] as const;

const tierFeatures = z.object({
  max_file_size_mb: z.number(),
  export_formats: z.array(z.enum(['mp4', 'webm', 'mov'])),
  custom_voices: z.boolean(),
  api_access: z.boolean(),
  team_collaboration: z.boolean(),
  support_level: z.enum(SUPPORT_LEVELS),
});

/** A frame bound, either way round: its short and long side, pixels. */
const frameBound = z.object({ short_side: z.number(), long_side: z.number() });

/**
 * What a plan's videos may be, besides `max_video_duration`: one table per plan (each tier's
 * `limits`). Every video the plan makes keeps within them. Settings chosen by name (the studio's
 * 1080p or 4k, a merge's quality tier, a merge's size taken from its first video) are made at most
 * at the plan's frame and rate; numbers asked for outright (a Custom merge's resolution, fps,
 * preset, CRF, bitrate) beyond them are refused with 402 `plan_limit` in the plan's words
 * (`subscriptionMessages.overPlan`).
 */
const planLimits = z.object({
  /**
   * The largest frame of the films the plan makes (chapter films, the studio's render, tutor and
   * chapter videos), either way round: its short and long side, pixels (the tier's video_quality).
   */
  film_frame: frameBound,
  /** The largest frame of a merge of the user's own clips (and its preview), either way round. */
  merge_frame: frameBound,
  /** Frames per second. */
  max_fps: z.number(),
  /** The slowest encoder preset a merge may ask for (`PRESETS` run from fastest to slowest). */
  slowest_preset: z.enum(PRESETS),
  /** The lowest CRF a merge may ask for, i.e. the best quality: the lower, the larger and slower. */
  min_crf: z.number(),
  /** kb/s: the highest video bitrate a merge may ask for. */
  max_video_bitrate_kbps: z.number(),
});
export type PlanLimits = z.infer<typeof planLimits>;

/** A subscription tier as `GET /subscriptions/tiers` answers it (spec 3 §3 Subscription tier). */
export const subscriptionTier = z.object({
  tier: z.enum(TIERS),
  display_name: z.string(),
  /** US dollars a month; 0 for free. */
  monthly_price: z.number(),
  /** US dollars a year: 12 × monthly less 20 %, rounded to whole dollars (spec 3 §9). */
  annual_price: z.number(),
  currency: z.literal('usd'),
  description: z.string(),
  /** Videos a month; -1 = unlimited. */
  monthly_video_limit: z.number(),
  video_quality: z.enum(VIDEO_QUALITIES),
  has_watermark: z.boolean(),
  /** Seconds: the longest video the plan makes (each kind: see `PlanLimits`). */
  max_video_duration: z.number(),
  /** The plan's other bounds on its videos. */
  limits: planLimits,
  priority_processing: z.boolean(),
  /** Books the tier lets a user have without paying per upload; -1 = unlimited. */
  book_upload_limit: z.number(),
  /** False: shown but not sold yet (the SPA's 'Coming Soon'); checkout refuses it. */
  available: z.boolean(),
  features: tierFeatures,
  /** The tier's selling points in words, for the tier card. */
  highlights: z.array(z.string()),
});
export type SubscriptionTier = z.infer<typeof subscriptionTier>;

export const ANNUAL_DISCOUNT = 0.2;

/** 12 × monthly less 20 %, rounded to whole currency units (spec 3 §9). */
export function annualPrice(monthly: number): number {
  return Math.round(monthly * 12 * (1 - ANNUAL_DISCOUNT));
}

/** The price of a tier for a billing period. */
export function tierPrice(tier: Pick<SubscriptionTier, 'monthly_price'>, period: BillingPeriod): number {
  return period === 'annual' ? annualPrice(tier.monthly_price) : tier.monthly_price;
}

/** Books the free tier may have (spec 1 §9, spec 3 §9 FAQ). */
export const FREE_BOOK_UPLOADS = 2;
/** The one-time price of one more book upload on the free tier, US dollars. */
export const BOOK_UPLOAD_PRICE = 4.99;
/** The free tier's output: 480p (854×480) with this watermark (spec 3 free tier). */
export const FREE_WATERMARK_TEXT = 'BookStudio';
export const FREE_VIDEO_SIZE = { width: 854, height: 480 } as const;

type TierData = Omit<SubscriptionTier, 'annual_price' | 'currency'>;

const TIER_DATA: Record<Tier, TierData> = {
  free: {
    tier: 'free',
    display_name: 'Free',
    monthly_price: 0,
    description: 'Try BookStudio: two books and two videos a month.',
    monthly_video_limit: 2,
    video_quality: '480p',
    has_watermark: true,
    max_video_duration: 120,
    limits: {
      film_frame: { short_side: 480, long_side: 854 },
      merge_frame: { short_side: 1080, long_side: 1920 },
      max_fps: 30,
      slowest_preset: 'medium',
      min_crf: 18,
      max_video_bitrate_kbps: 4000,
    },
    priority_processing: false,
    book_upload_limit: FREE_BOOK_UPLOADS,
    available: true,
    features: {
      max_file_size_mb: 10,
      export_formats: ['mp4'],
      custom_voices: false,
      api_access: false,
      team_collaboration: false,
      support_level: 'community',
    },
    highlights: ['2 book uploads', '2 videos a month', '480p with a watermark', 'Community support'],
  },
  basic: {
    tier: 'basic',
    display_name: 'Basic',
    monthly_price: 9.99,
    description: 'For regular creators: more videos in HD, no watermark.',
    monthly_video_limit: 20,
    video_quality: '720p',
    has_watermark: false,
    max_video_duration: 600,
    limits: {
      film_frame: { short_side: 720, long_side: 1280 },
      merge_frame: { short_side: 1080, long_side: 1920 },
      max_fps: 60,
      slowest_preset: 'slower',
      min_crf: 0,
      max_video_bitrate_kbps: 8000,
    },
    priority_processing: false,
    book_upload_limit: -1,
    available: true,
    features: {
      max_file_size_mb: 10,
      export_formats: ['mp4', 'webm'],
      custom_voices: true,
      api_access: false,
      team_collaboration: false,
      support_level: 'email',
    },
    highlights: ['Unlimited book uploads', '20 videos a month', '720p, no watermark', 'Email support'],
  },
  pro: {
    tier: 'pro',
    display_name: 'Pro',
    monthly_price: 29.99,
    description: 'For studios: unlimited Full HD videos and priority processing.',
    monthly_video_limit: -1,
    video_quality: '1080p',
    has_watermark: false,
    max_video_duration: 1800,
    limits: {
      film_frame: { short_side: 1080, long_side: 1920 },
      merge_frame: { short_side: 2160, long_side: 3840 },
      max_fps: 60,
      slowest_preset: 'veryslow',
      min_crf: 0,
      max_video_bitrate_kbps: 20000,
    },
    priority_processing: true,
    book_upload_limit: -1,
    available: false,
    features: {
      max_file_size_mb: 10,
      export_formats: ['mp4', 'webm', 'mov'],
      custom_voices: true,
      api_access: true,
      team_collaboration: true,
      support_level: 'priority',
    },
    highlights: [
      'Unlimited book uploads',
      'Unlimited videos',
      '1080p, no watermark',
      'Priority processing',
      'Priority support',
    ],
  },
};

export const SUBSCRIPTION_TIERS: Record<Tier, SubscriptionTier> = Object.fromEntries(
  TIERS.map((t) => [
    t,
    { ...TIER_DATA[t], annual_price: annualPrice(TIER_DATA[t].monthly_price), currency: 'usd' },
  ]),
) as Record<Tier, SubscriptionTier>;

/** Tier order: a move to a higher rank is an upgrade (immediate), to a lower one a downgrade (next cycle). */
export const TIER_RANK: Record<Tier, number> = { free: 0, basic: 1, pro: 2 };

export const isUnlimited = (limit: number) => limit < 0;

/**
 * The plan a video is made under, kept in its job's options when the job starts (so a retry makes
 * it the same way): its tier, for the plan's words, and its longest video.
 */
export const videoPlanRule = z.object({
  tier: z.enum(TIERS),
  /** Seconds: the tier's `max_video_duration`. */
  max_seconds: z.number(),
});
export type VideoPlanRule = z.infer<typeof videoPlanRule>;

export const videoPlanRuleOf = (tier: Tier): VideoPlanRule => ({
  tier,
  max_seconds: SUBSCRIPTION_TIERS[tier].max_video_duration,
});

/**
 * Whether a made video is longer than its plan allows. Encoders end a video on a whole frame and
 * a whole audio packet, so a video planned to the second may measure a few hundredths more: half a
 * second is let through.
 */
export const beyondPlanLength = (rule: VideoPlanRule, seconds: number) => seconds > rule.max_seconds + 0.5;

/** Whether a preset is within the plan's (presets run from fastest to slowest). */
export const presetAllowed = (limits: PlanLimits, preset: Preset) =>
  PRESETS.indexOf(preset) <= PRESETS.indexOf(limits.slowest_preset);

/** Whether a frame fits a bound of the plan's, either way round. */
export const frameFits = (
  bound: PlanLimits['film_frame'] | PlanLimits['merge_frame'],
  size: { width: number; height: number },
) =>
  Math.min(size.width, size.height) <= bound.short_side &&
  Math.max(size.width, size.height) <= bound.long_side;

/** "2 min", "1 min 30 s", "45 s": a length as the tier cards say it. */
export function spokenLength(seconds: number): string {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (!minutes) return `${rest} s`;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

export const tiersResponse = z.object({ tiers: z.array(subscriptionTier) });
export type TiersResponse = z.infer<typeof tiersResponse>;

// --- the user's subscription ---

/**
 * Stripe's statuses, `canceled` spelled `cancelled` (spec 3 §4: active, cancelled, other; the SPA shows
 * underscore-separated statuses with spaces).
 */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /subscriptions/current (spec 3 §3 Subscription). A user with no subscription is on free, active. */
export const subscription = z.object({
  tier: z.enum(TIERS),
  display_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** null on free. */
  billing_period: z.nullable(z.enum(BILLING_PERIODS)),
  monthly_video_limit: z.number(),
  video_quality: z.enum(VIDEO_QUALITIES),
  has_watermark: z.boolean(),
  book_upload_limit: z.number(),
  cancel_at_period_end: z.boolean(),
  /** ISO; null on free. Access to the paid tier is kept until then. */
  current_period_end: z.nullable(z.string()),
  /** A downgrade waiting for the next billing cycle (spec 3 §4), with when it takes effect. */
  scheduled_tier: z.nullable(z.enum(TIERS)),
  scheduled_change_at: z.nullable(z.string()),
  /** 'local' when payments run offline (the local checkout), 'stripe' otherwise. */
  provider: z.enum(['local', 'stripe']),
  /** True when `POST /subscriptions/portal` can open a billing portal for this user. */
  portal_available: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;

// --- usage ---

export const USAGE_WARNING_PERCENT = 80;
export const USAGE_LIMIT_PERCENT = 100;

const USAGE_LEVELS = ['unlimited', 'within', 'approaching', 'reached'] as const;
export type UsageLevel = (typeof USAGE_LEVELS)[number];
const USAGE_COLOUR_NAMES = ['green', 'yellow', 'red'] as const;

export const USAGE_LABELS: Record<UsageLevel, string> = {
  unlimited: 'Unlimited',
  within: 'Within limits',
  approaching: 'Approaching limit',
  reached: 'Limit reached',
};

/** The bar's colour: green under 80 %, yellow from 80 %, red at 100 % (spec 3 §4 Usage bar). */
export const USAGE_COLOURS: Record<UsageLevel, (typeof USAGE_COLOUR_NAMES)[number]> = {
  unlimited: 'green',
  within: 'green',
  approaching: 'yellow',
  reached: 'red',
};

const usageBarSchema = z.object({
  /** 0–100 (capped); 0 when unlimited. */
  percent: z.number(),
  level: z.enum(USAGE_LEVELS),
  label: z.string(),
  colour: z.enum(USAGE_COLOUR_NAMES),
});
export type UsageBar = z.infer<typeof usageBarSchema>;

/** The usage bar of `used` videos out of `limit` (-1 unlimited): < 80 % within, ≥ 80 % approaching, 100 % reached. */
export function usageBar(used: number, limit: number): UsageBar {
  let level: UsageLevel;
  let percent = 0;
  if (isUnlimited(limit)) level = 'unlimited';
  else {
    percent = limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
    level =
      percent >= USAGE_LIMIT_PERCENT
        ? 'reached'
        : percent >= USAGE_WARNING_PERCENT
          ? 'approaching'
          : 'within';
  }
  return { percent, level, label: USAGE_LABELS[level], colour: USAGE_COLOURS[level] };
}

/** GET /subscriptions/usage (spec 3 §3 Usage), with the bar worked out. */
export const usage = z.object({
  /** The metering period, a UTC calendar month: 'YYYY-MM'. */
  period: z.string(),
  current_period_videos: z.number(),
  /** -1 unlimited. */
  period_limit: z.number(),
  /** -1 unlimited. */
  remaining_videos: z.number(),
  can_generate_video: z.boolean(),
  /** ISO: the first instant of the next UTC month, when usage resets. */
  period_end: z.string(),
  tier: z.enum(TIERS),
  usage: usageBarSchema,
});
export type Usage = z.infer<typeof usage>;

/** The metering period of an instant: its UTC month, 'YYYY-MM'. */
export function periodKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** When a period ends (and the next begins): the first instant of the next UTC month. */
export function periodEnd(period: string): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1));
}

// --- checkout, cancel, reactivate, portal ---

/**
 * The browser navigates to `url`: the checkout page (Stripe's, or the local one), or — for a change
 * of plan of an existing paid subscription, which needs no checkout — `success_url` straight away.
 */
export const checkoutResponse = z.object({
  url: z.string(),
  /** The checkout session, or null when the plan changed without one. */
  session_id: z.nullable(z.string()),
  /** checkout: pay on the page; upgraded: now; scheduled: a downgrade at the next cycle. */
  outcome: z.enum(['checkout', 'upgraded', 'scheduled']),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const subscriptionChangeResponse = z.object({ message: z.string(), subscription });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponse>;

export const portalResponse = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponse>;

// --- book-upload payments ---

export const bookUploadCheckoutResponse = z.object({
  url: z.string(),
  session_id: z.string(),
  book_id: z.string(),
  amount: z.number(),
  currency: z.literal('usd'),
});
export type BookUploadCheckoutResponse = z.infer<typeof bookUploadCheckoutResponse>;

export const BOOK_PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'used'] as const;
export type BookPaymentState = (typeof BOOK_PAYMENT_STATUSES)[number];

/** GET /payments/check-payment-status/{id}: {id} is the book id or the checkout session id. */
export const bookPaymentStatus = z.object({
  book_id: z.string(),
  session_id: z.string(),
  /** pending: not paid yet; paid: the upload may go through; used: the book was uploaded; cancelled. */
  status: z.enum(BOOK_PAYMENT_STATUSES),
  paid: z.boolean(),
  amount: z.number(),
  currency: z.literal('usd'),
  paid_at: z.nullable(z.string()),
});
export type BookPaymentStatus = z.infer<typeof bookPaymentStatus>;

/** GET /payments/user-book-count */
export const userBookCount = z.object({
  /** The books the user has now. */
  book_count: z.number(),
  tier: z.enum(TIERS),
  /** Books the tier includes; -1 unlimited. */
  book_upload_limit: z.number(),
  /** True when the next upload needs a paid upload (free tier with `FREE_BOOK_UPLOADS` or more books). */
  requires_payment: z.boolean(),
  /** Paid uploads not used yet (book ids that may be uploaded now). */
  paid_book_ids: z.array(z.string()),
  upload_price: z.number(),
  currency: z.literal('usd'),
});
export type UserBookCount = z.infer<typeof userBookCount>;

// --- webhook ---

export const webhookResponse = z.object({
  received: z.literal(true),
  /** False when this event id had been processed before (acknowledged, nothing done again). */
  processed: z.boolean(),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

// --- the local (offline) checkout page ---

/** Served by the app when no Stripe key is configured (public routes of the payments domain): GET {id} shows it, POST {id}/pay and {id}/cancel act. */
export const LOCAL_CHECKOUT_PATH = '/api/v1/payments/local-checkout';

// --- messages (spec 3 §4, §5, §8; spec 1 §8) ---

export const subscriptionMessages = {
  loadFailed: 'Failed to load subscription information',
  tiersFailed: 'Failed to load subscription options',
  checkoutFailed: 'Failed to start checkout process',
  cancelFailed: 'Failed to cancel subscription',
  reactivateFailed: 'Failed to reactivate subscription',
  upgraded: 'Payment successful! Your subscription has been upgraded.',
  checkoutCancelled: 'Payment was cancelled. You can try again anytime.',
  cancelled: "Subscription cancelled. You'll retain access until the end of your billing period.",
  reactivated: 'Subscription reactivated successfully!',
  cancelConfirm:
    "Are you sure you want to cancel your subscription? You'll lose access to premium features at the end of your billing period.",
  /** The 402 body's `detail` when a video start is over the monthly limit. */
  limitReached: "You've reached your monthly video limit. Upgrade to continue generating videos.",
  currentPlan: 'Current Plan',
  comingSoon: 'Coming Soon',
  signInRequired: 'Sign in required',
  // server answers beyond the spec's words
  tierInvalid: 'tier must be free, basic or pro.',
  billingPeriodInvalid: 'billing_period must be monthly or annual.',
  urlInvalid: 'success_url and cancel_url must be http(s) URLs.',
  returnUrlInvalid: 'return_url must be an http(s) URL.',
  sameTier: 'You are already on this plan.',
  tierUnavailable: (name: string) => `The ${name} plan is coming soon.`,
  freeCheckout: 'The free plan needs no checkout. Cancel your subscription to return to it.',
  nothingToCancel: 'You are on the free plan: there is no subscription to cancel.',
  alreadyCancelled: 'Your subscription is already set to end at the end of the billing period.',
  nothingToReactivate: 'Your subscription is not set to cancel.',
  downgradeScheduled: (name: string, at: string) => `Your plan changes to ${name} on ${at}.`,
  portalUnavailable: 'The billing portal opens once you have a paid subscription.',
  checkoutNotFound: 'Checkout session not found.',
  checkoutClosed: 'This checkout session is no longer open.',
  returnUrlOffSite: (field: string) =>
    `${field} must be a page of this app: checkout returns only to the app's own address.`,
  /**
   * A setting beyond the plan (402 `plan_limit`): what the plan allows and what was asked for; the
   * way out is a smaller setting, or a plan that allows it when there is one.
   */
  overPlan: (tier: Tier, allows: string, asked: string) =>
    `The ${SUBSCRIPTION_TIERS[tier].display_name} plan ${allows}: ${asked} was asked for. ${
      tier === 'pro' ? 'Choose less.' : 'Choose less, or upgrade your plan.'
    }`,
  /**
   * A video longer than the plan's longest (402 `video_too_long` when refused before it is made;
   * a failed job's message when found while it is made). Without `seconds`: it cannot be made short
   * enough.
   */
  tooLong: (tier: Tier, what: string, seconds?: number) =>
    `The ${SUBSCRIPTION_TIERS[tier].display_name} plan makes videos of at most ${spokenLength(
      SUBSCRIPTION_TIERS[tier].max_video_duration,
    )}: ${seconds === undefined ? `${what} cannot be made that short` : `${what} would last ${spokenLength(seconds)}`}. ${
      tier === 'pro' ? 'Make it shorter.' : 'Make it shorter, or upgrade your plan.'
    }`,
} as const;

export const paymentMessages = {
  success: 'Payment successful! Please continue your upload.',
  cancelled: 'Payment was cancelled. You can try again.',
  invalidBookId: 'Invalid book id',
  bookNotFound: 'Book not found.',
  loadBookFailed: 'Failed to load book',
  /** The 402 `detail` of POST /books/upload for a free user with 2 or more books. */
  uploadRequiresPayment:
    'The free plan includes 2 books. Pay for this upload or upgrade your plan to upload more books.',
  alreadyUploaded: 'This book is already uploaded.',
  alreadyPaid: 'This upload is already paid for. Continue your upload.',
  notPaid: 'This upload has not been paid for yet.',
  paymentNotFound: 'Payment not found.',
  noPaymentNeeded: 'Your plan includes unlimited book uploads: no payment is needed.',
  signatureMissing: 'Missing Stripe-Signature header.',
  signatureInvalid: 'Invalid webhook signature.',
  payloadInvalid: 'Invalid webhook payload.',
} as const;

/** Error codes of the 402 answers (the body is `{ detail, code }`). */
export const PAYMENT_REQUIRED_CODES = {
  videoLimit: 'video_limit_reached',
  bookUpload: 'book_payment_required',
  /** A setting beyond the plan's limits (`PlanLimits`). */
  planLimit: 'plan_limit',
  /** A video longer than the plan's `max_video_duration`. */
  videoTooLong: 'video_too_long',
} as const;

import {
  PAYMENT_REQUIRED_CODES,
  periodEnd,
  SUBSCRIPTION_TIERS,
  subscriptionMessages,
  TIERS,
  usageBar,
  type Subscription,
  type Tier,
  type TiersResponse,
  type Usage,
} from '../contracts/subscriptions';
import { PaymentRequiredError } from '../lib/errors';
import { type VideoMetering } from '../lib/ports';
import type { SubscriptionRecord } from './model';
import {
  effectiveSubscription,
  outputRuleOf,
  type SubscriptionsContext,
  now,
  effective,
  view,
  providerKind,
} from './common';

/** Plans and usage: the caller's tier, what it has used this period, and the video allowance held and given back. */

/** Makes a subscription record current (the plan in force now) and stores it when it moved. */
export async function currentRecord(deps: SubscriptionsContext, userId: string): Promise<SubscriptionRecord> {
  const stored = await deps.repo.getSubscription(userId);
  const record = effectiveSubscription(stored, userId, deps.clock.now());
  if (stored && JSON.stringify(stored) !== JSON.stringify(record))
    await deps.repo.putSubscription({ ...record, updated_at: now(deps) });
  return record;
}

export function tierList(_deps: SubscriptionsContext): TiersResponse {
  return { tiers: TIERS.map((t) => SUBSCRIPTION_TIERS[t]) };
}

/** The plan in force (free when there is none). */
export async function currentSubscription(deps: SubscriptionsContext, userId: string): Promise<Subscription> {
  return view(await currentRecord(deps, userId), await providerKind(deps));
}

/** The tier whose limits apply now. */
export async function tierOf(deps: SubscriptionsContext, userId: string): Promise<Tier> {
  return (await effective(deps, userId)).tier;
}

export async function usageOf(deps: SubscriptionsContext, userId: string): Promise<Usage> {
  const [record, used] = await Promise.all([effective(deps, userId), deps.meter.used(userId)]);
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
}

/**
 * Takes one video unit of this month for a new generation, or answers 402 with the spec's words.
 * The caller hands the period to the job system, which gives the unit back if the job ends
 * without its film. Also answers the output rule of the user's tier (480p + watermark on free).
 */
export async function reserveVideo(deps: SubscriptionsContext, userId: string) {
  const tier = (await effective(deps, userId)).tier;
  const taken = await deps.meter.take(userId, SUBSCRIPTION_TIERS[tier].monthly_video_limit);
  if (!taken)
    throw new PaymentRequiredError(subscriptionMessages.limitReached, PAYMENT_REQUIRED_CODES.videoLimit);
  return { period: taken.period, tier, output: outputRuleOf(tier) };
}

/** Gives back a unit taken by `reserveVideo` when the start did not happen. */
export async function releaseVideo(deps: SubscriptionsContext, userId: string, period: string) {
  await deps.meter.giveBack(userId, period);
}

/** The port other domains start videos through (lib/ports.ts `VideoMetering`). */
export function videoMeteringOf(deps: SubscriptionsContext): VideoMetering {
  return {
    reserve: (userId) => reserveVideo(deps, userId),
    release: (userId, period) => releaseVideo(deps, userId, period),
    plan: (userId) => tierOf(deps, userId),
  };
}

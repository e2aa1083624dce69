import { z } from 'zod';
import type { Badge, UserMe } from '../contracts/api';
import {
  isValidAvatarUrl,
  MAX_AVATAR_URL_LENGTH,
  MAX_BIO_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  messages,
} from '../contracts/validation';
import { mapIdentity } from '../auth/errors';
import { createApiHandler } from '../lib/api-handler';
import { getUserAttributes } from '../lib/cognito-identity';
import { defineHandler, ok, requireUser, type AuthUser } from '../lib/http';
import { listActivity, listBadgeAwards } from '../lib/repositories/activity';
import { getProfile, updateProfile, type Profile } from '../lib/repositories/profiles';
import { getCounters } from '../lib/repositories/stats';
import { BADGE_RULES } from './badges';
import { recordUserEvent } from './events';
import { createProfileAndStats } from './onboarding';
import { toUserStats } from './stats';

const toMe = (profile: Profile, user: AuthUser): UserMe => ({
  id: profile.id,
  email: profile.email,
  display_name: profile.display_name,
  avatar_url: profile.avatar_url,
  bio: profile.bio,
  role: profile.role,
  is_admin: user.groups.includes('admin'),
  created_at: profile.created_at,
});

/**
 * The profile is normally created by the onboarding state machine right after confirmation; if a
 * request arrives first (or that run failed), create it now from the user's Cognito attributes.
 */
async function loadProfile(user: AuthUser): Promise<Profile> {
  const existing = await getProfile(user.userId);
  if (existing) return existing;
  const attributes = await mapIdentity(() => getUserAttributes(user.accessToken));
  const { profile } = await createProfileAndStats(
    {
      userId: user.userId,
      email: attributes.email ?? '',
      display_name: attributes.name ?? '',
      role: attributes['custom:role'],
    },
    new Date().toISOString(),
  );
  return profile;
}

const getMe = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  return ok(toMe(await loadProfile(user), user));
});

/** Absent leaves a field as it is; empty or null clears it. */
const clearable = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null));

const profileUpdate = z
  .object({
    display_name: z
      .string()
      .trim()
      .min(1, messages.displayNameRequired)
      .max(MAX_DISPLAY_NAME_LENGTH, messages.displayNameTooLong)
      .optional(),
    avatar_url: clearable(MAX_AVATAR_URL_LENGTH, messages.avatarUrlInvalid).refine(
      (v) => v == null || isValidAvatarUrl(v),
      messages.avatarUrlInvalid,
    ),
    bio: clearable(MAX_BIO_LENGTH, messages.bioTooLong),
  })
  .strict();

const updateMe = defineHandler({ body: profileUpdate }, async (ctx) => {
  const user = requireUser(ctx);
  await loadProfile(user);
  const now = new Date().toISOString();
  const profile = await updateProfile(user.userId, ctx.body, now);
  await recordUserEvent(user.userId, { type: 'profile_updated', title: 'Updated your profile' }, {}, now);
  return ok(toMe(profile, user));
});

const getStats = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  return ok(toUserStats(await getCounters(user.userId)));
});

const getActivity = defineHandler(
  { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await listActivity(user.userId, ctx.query.limit));
  },
);

const getBadges = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  const [counters, awards] = await Promise.all([getCounters(user.userId), listBadgeAwards(user.userId)]);
  const earnedAt = new Map(awards.map((award) => [award.badge_id, award.earned_at]));
  const badges: Badge[] = BADGE_RULES.map((rule) => ({
    id: rule.id,
    name: rule.name,
    description: rule.description,
    rarity: rule.rarity,
    earned: earnedAt.has(rule.id),
    earned_at: earnedAt.get(rule.id) ?? null,
    progress: rule.measure(counters),
  }));
  return ok(badges);
});

export const handlers = { getMe, updateMe, getStats, getActivity, getBadges };
export const handler = createApiHandler('users', handlers);

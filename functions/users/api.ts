import { z } from 'zod';
import type { UserMe } from '../contracts/api';
import {
  isValidAvatarUrl,
  MAX_AVATAR_URL_LENGTH,
  MAX_BIO_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  messages,
} from '../contracts/validation';
import { createApiHandler } from '../lib/api-handler';
import { defineHandler, ok, requireUser, type AuthUser } from '../lib/http';
import { mapIdentity } from '../lib/identity-errors';
import type { Profile } from './repository';
import { users } from './instance';
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

const loadProfile = (user: AuthUser) => mapIdentity(() => users().loadProfile(user.userId, user.accessToken));

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
  return ok(toMe(await users().updateProfile(user.userId, ctx.body), user));
});

const getStats = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  return ok(toUserStats(await users().stats(user.userId)));
});

const getActivity = defineHandler(
  { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await users().activity(user.userId, ctx.query.limit));
  },
);

const getBadges = defineHandler({}, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await users().badges(user.userId));
});

export const handlers = { getMe, updateMe, getStats, getActivity, getBadges };
export const handler = createApiHandler('users', handlers);

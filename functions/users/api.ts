import { z } from 'zod';
import type { UserMe } from '../contracts/api';
import { profileUpdateRequest } from '../contracts/users';
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

const updateMe = defineHandler({ body: profileUpdateRequest }, async (ctx) => {
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

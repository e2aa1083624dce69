import { putActivity } from '../lib/repositories/activity';
import { createProfileIfAbsent, getProfile, type Profile, type Role } from '../lib/repositories/profiles';
import { createCountersIfAbsent, getCounters } from '../lib/repositories/stats';
import { awardEarnedBadges } from './events';

export interface NewUser {
  userId: string;
  email: string;
  display_name: string;
  role: string | undefined;
}

export const normaliseRole = (role: string | undefined): Role => (role === 'author' ? 'author' : 'explorer');

/**
 * Creates the profile and the stats record of a confirmed user. Idempotent: the onboarding state
 * machine may retry it, and `GET /users/me` calls it if a profile is missing.
 */
export async function createProfileAndStats(
  user: NewUser,
  now: string,
): Promise<{ profile: Profile; created: boolean }> {
  const profile: Profile = {
    id: user.userId,
    email: user.email.toLowerCase(),
    display_name: user.display_name.trim() || user.email.split('@')[0]!,
    avatar_url: null,
    bio: null,
    role: normaliseRole(user.role),
    created_at: now,
    updated_at: now,
  };
  const created = await createProfileIfAbsent(profile);
  await createCountersIfAbsent(user.userId);
  return { profile: created ? profile : ((await getProfile(user.userId)) ?? profile), created };
}

/**
 * Second onboarding step: the welcome badge and the first activity entry. Idempotent: the entry is
 * written only when the badge is newly awarded.
 */
export async function welcomeUser(userId: string, now: string): Promise<string[]> {
  const awarded = await awardEarnedBadges(userId, await getCounters(userId), now);
  if (awarded.includes('welcome')) {
    await putActivity(userId, { type: 'account_created', title: 'Joined and verified your email', at: now });
  }
  return awarded;
}

import type { Badge, Role } from '../contracts/api';
import { BADGE_RULES, type UserActivity } from '../events';
import { isoNow, type Clock, type Identity, type Table } from '../lib/ports';
import { createProfileRepository, type Profile, type ProfilePatch } from './repository';

export interface UsersDeps {
  table: Table;
  identity: Identity;
  activity: UserActivity;
  clock: Clock;
}

export interface NewUser {
  userId: string;
  email: string;
  display_name: string;
  role: string | undefined;
}

export const normaliseRole = (role: string | undefined): Role => (role === 'author' ? 'author' : 'explorer');

/** Profiles, stats, activity and badges of a user. */
export function createUsersService(deps: UsersDeps) {
  const profiles = createProfileRepository(deps.table);

  /**
   * Creates the profile and the stats record of a confirmed user. Idempotent: the onboarding state
   * machine may retry it, and `GET /users/me` calls it if a profile is missing.
   */
  async function createProfileAndStats(user: NewUser): Promise<{ profile: Profile; created: boolean }> {
    const now = isoNow(deps.clock);
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
    const created = await profiles.createIfAbsent(profile);
    await deps.activity.counters.createIfAbsent(user.userId);
    return { profile: created ? profile : ((await profiles.get(user.userId)) ?? profile), created };
  }

  return {
    createProfileAndStats,

    /**
     * The caller's profile. It is normally created by the onboarding workflow right after
     * confirmation; if a request arrives first (or that run failed), it is created now from the
     * user's own attributes.
     */
    async loadProfile(userId: string, accessToken: string): Promise<Profile> {
      const existing = await profiles.get(userId);
      if (existing) return existing;
      const attributes = await deps.identity.getUserAttributes(accessToken);
      const { profile } = await createProfileAndStats({
        userId,
        email: attributes.email ?? '',
        display_name: attributes.name ?? '',
        role: attributes['custom:role'],
      });
      return profile;
    },

    async updateProfile(userId: string, patch: ProfilePatch): Promise<Profile> {
      const profile = await profiles.update(userId, patch, isoNow(deps.clock));
      await deps.activity.record(userId, { type: 'profile_updated', title: 'Updated your profile' });
      return profile;
    },

    /**
     * Second onboarding step: the welcome badge and the first activity entry. Idempotent: the entry
     * is written only when the badge is newly awarded.
     */
    async welcome(userId: string): Promise<string[]> {
      const now = isoNow(deps.clock);
      const awarded = await deps.activity.awardEarnedBadges(
        userId,
        await deps.activity.counters.get(userId),
        now,
      );
      if (awarded.includes('welcome'))
        await deps.activity.putActivity(
          userId,
          { type: 'account_created', title: 'Joined and verified your email' },
          now,
        );
      return awarded;
    },

    stats: (userId: string) => deps.activity.counters.get(userId),
    activity: (userId: string, limit: number) => deps.activity.listActivity(userId, limit),

    /** Every badge with the user's progress towards it and, once earned, the date. */
    async badges(userId: string): Promise<Badge[]> {
      const [counters, awards] = await Promise.all([
        deps.activity.counters.get(userId),
        deps.activity.badges.list(userId),
      ]);
      const earnedAt = new Map(awards.map((award) => [award.badge_id, award.earned_at]));
      return BADGE_RULES.map((rule) => ({
        id: rule.id,
        name: rule.name,
        description: rule.description,
        rarity: rule.rarity,
        earned: earnedAt.has(rule.id),
        earned_at: earnedAt.get(rule.id) ?? null,
        progress: rule.measure(counters),
      }));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

import type { UserMe } from '../contracts/api';
import { keys } from '../lib/keys';
import type { Table } from '../lib/ports';

/** The stored profile: what /users/me answers (less the admin flag, which comes from the token). */
export interface Profile extends Omit<UserMe, 'is_admin'> {
  updated_at: string;
}

export type ProfilePatch = Partial<Pick<Profile, 'display_name' | 'avatar_url' | 'bio'>>;

/** Profiles: written once at sign-up confirmation, edited by their owner. */
export function createProfileRepository(table: Table) {
  return {
    get: (userId: string) => table.get<Profile>(keys.profile(userId)),
    /** Writes the profile only if none exists; whether it was created. Safe to call twice. */
    createIfAbsent: (profile: Profile) =>
      table.put({ ...keys.profile(profile.id), ...profile }, { exists: false }),
    async update(userId: string, patch: ProfilePatch, now: string): Promise<Profile> {
      const updated = await table.update<Profile>(
        keys.profile(userId),
        { set: { ...patch, updated_at: now } },
        { exists: true },
      );
      if (!updated) throw new Error(`No profile ${userId}`);
      return updated;
    },
  };
}

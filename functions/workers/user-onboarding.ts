import { z } from 'zod';
import { createProfileAndStats, welcomeUser as welcome } from '../users/onboarding';

const input = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  display_name: z.string(),
  role: z.string().optional(),
});

export type OnboardingInput = z.infer<typeof input>;

/** Task CreateProfile of user-onboarding.asl.json. */
export async function createUserProfile(event: unknown) {
  const user = input.parse(event);
  const { profile, created } = await createProfileAndStats(
    { userId: user.user_id, email: user.email, display_name: user.display_name, role: user.role },
    new Date().toISOString(),
  );
  return { user_id: profile.id, role: profile.role, created };
}

/** Task Welcome of user-onboarding.asl.json. */
export async function welcomeUser(event: unknown) {
  const { user_id } = z.object({ user_id: z.string().min(1) }).parse(event);
  const badges = await welcome(user_id, new Date().toISOString());
  return { user_id, badges_awarded: badges };
}

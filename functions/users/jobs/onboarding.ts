import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { users } from '../instance';
import { onboardingInput } from './onboarding.workflow';

/** Task workers of the user-onboarding workflow (see onboarding.workflow.ts). */

/** CreateProfile */
export const createProfile = defineWorker('userOnboarding.CreateProfile', onboardingInput, async (user) => {
  const { profile, created } = await users().createProfileAndStats({
    userId: user.user_id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
  });
  return { user_id: profile.id, role: profile.role, created };
});

/** Welcome */
export const welcome = defineWorker(
  'userOnboarding.Welcome',
  z.object({ user_id: z.string().min(1) }),
  async ({ user_id }) => ({ user_id, badges_awarded: await users().welcome(user_id) }),
);

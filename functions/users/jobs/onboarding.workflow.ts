import { z } from 'zod';
import { defineWorkflow, task } from '../../lib/workflows';

/**
 * Runs once per user after email confirmation (started by the Cognito post-confirmation trigger):
 * creates the profile and stats records, then awards the welcome badge and the first activity entry.
 */
export const onboardingInput = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  display_name: z.string(),
  role: z.string(),
});

const worker = (handler: string) => ({
  entry: 'functions/users/jobs/onboarding.ts',
  handler,
  access: { table: 'readwrite' as const },
  memoryMb: 256,
  timeoutSeconds: 30,
});

export const userOnboarding = defineWorkflow({
  name: 'userOnboarding',
  file: 'user-onboarding',
  comment:
    'Runs once per user after email confirmation: creates the profile and stats records, then awards the welcome badge and the first activity entry.',
  input: onboardingInput,
  tasks: {
    CreateProfile: worker('createProfile'),
    Welcome: worker('welcome'),
  },
  startAt: 'CreateProfile',
  states: {
    CreateProfile: task('CreateProfile', {
      parameters: {
        'user_id.$': '$.user_id',
        'email.$': '$.email',
        'display_name.$': '$.display_name',
        'role.$': '$.role',
      },
      resultPath: '$.profile',
      timeoutSeconds: 30,
      catchTo: 'OnboardingFailed',
      next: 'Welcome',
    }),
    Welcome: task('Welcome', {
      parameters: { 'user_id.$': '$.user_id' },
      resultPath: '$.welcome',
      timeoutSeconds: 30,
      catchTo: 'OnboardingFailed',
      end: true,
    }),
    OnboardingFailed: {
      Type: 'Fail',
      Error: 'OnboardingFailed',
      Cause: "The profile could not be created; it will be created on the user's first request instead.",
    },
  },
});

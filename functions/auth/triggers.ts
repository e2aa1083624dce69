import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { getAppUrl } from '../lib/app-url';
import { aws } from '../lib/clients';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { passwordResetEmail, verificationEmail } from './emails';

/** The subset of Cognito trigger events this function handles. */
export interface CognitoTriggerEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  request: { userAttributes: Record<string, string>; codeParameter?: string };
  response: Record<string, unknown>;
}

/**
 * Cognito user pool triggers: CustomMessage writes the verification and reset emails (with links
 * into the app); PostConfirmation starts the onboarding state machine that creates the profile.
 */
export async function handler(event: CognitoTriggerEvent): Promise<CognitoTriggerEvent> {
  const attributes = event.request.userAttributes;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const content = verificationEmail(await getAppUrl(), attributes.email ?? '', attributes.name ?? '');
      event.response = { ...event.response, emailSubject: content.subject, emailMessage: content.html };
      return event;
    }
    case 'CustomMessage_ForgotPassword': {
      const content = passwordResetEmail(await getAppUrl(), attributes.email ?? '', attributes.name ?? '');
      event.response = { ...event.response, emailSubject: content.subject, emailMessage: content.html };
      return event;
    }
    case 'PostConfirmation_ConfirmSignUp':
      await startOnboarding(attributes);
      return event;
    default:
      return event;
  }
}

async function startOnboarding(attributes: Record<string, string>): Promise<void> {
  const userId = attributes.sub ?? '';
  try {
    await aws.sfn.send(
      new StartExecutionCommand({
        stateMachineArn: config.userOnboardingStateMachineArn,
        // One onboarding per user: a repeated confirmation hits ExecutionAlreadyExists.
        name: `onboard-${userId}`,
        input: JSON.stringify({
          user_id: userId,
          email: attributes.email ?? '',
          display_name: attributes.name ?? '',
          role: attributes['custom:role'] ?? 'explorer',
        }),
      }),
    );
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return;
    // Never block the confirmation itself: GET /users/me creates a missing profile on first use.
    logger.error('could not start onboarding', { error: error as Error, userId });
  }
}

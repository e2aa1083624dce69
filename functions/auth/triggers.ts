import middy from '@middy/core';
import { getAdapters } from '../lib/adapters';
import { getAppUrl } from '../lib/aws/app-url';
import { logger } from '../lib/logger';
import { observability } from '../lib/middleware/observability';
import { startWorkflow } from '../lib/workflows';
import { userOnboarding } from '../users/jobs/onboarding.workflow';
import { passwordResetEmail, signUpAttemptEmail, verificationEmail } from './emails';

/** The subset of Cognito trigger events this function handles. */
export interface CognitoTriggerEvent {
  triggerSource: string;
  userPoolId: string;
  userName: string;
  request: {
    userAttributes: Record<string, string>;
    codeParameter?: string;
    clientMetadata?: Record<string, string>;
  };
  response: Record<string, unknown>;
}

/**
 * Cognito user pool triggers: CustomMessage writes the verification and reset emails (with links
 * into the app); PostConfirmation starts the onboarding workflow that creates the profile.
 */
async function onTrigger(event: CognitoTriggerEvent): Promise<CognitoTriggerEvent> {
  const attributes = event.request.userAttributes;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const content = verificationEmail(await getAppUrl(), attributes.email ?? '', attributes.name ?? '');
      event.response = { ...event.response, emailSubject: content.subject, emailMessage: content.html };
      return event;
    }
    case 'CustomMessage_ForgotPassword': {
      const write =
        event.request.clientMetadata?.reason === 'sign_up_attempt' ? signUpAttemptEmail : passwordResetEmail;
      const content = write(await getAppUrl(), attributes.email ?? '', attributes.name ?? '');
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
    // One onboarding per user: a repeated confirmation finds the execution already started.
    await startWorkflow(getAdapters().workflows, userOnboarding, `onboard-${userId}`, {
      user_id: userId,
      email: attributes.email ?? '',
      display_name: attributes.name ?? '',
      role: attributes['custom:role'] ?? 'explorer',
    });
  } catch (error) {
    // Never block the confirmation itself: GET /users/me creates a missing profile on first use.
    logger.error('could not start onboarding', { error: error as Error, userId });
  }
}

export const handler = middy<CognitoTriggerEvent, CognitoTriggerEvent>()
  .use(
    observability<CognitoTriggerEvent>({
      operation: (event) => `cognito.${event.triggerSource}`,
      correlationId: (event) => event.userName,
    }),
  )
  .handler(onTrigger);

import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { aws } from './clients';
import { config } from '../config';
import {
  IdentityError,
  type Identity,
  type IdentityErrorKind,
  type ResetReason,
  type Tokens,
} from '../ports';

/**
 * The Identity port on Cognito. SDK errors become an IdentityError with a small vocabulary of
 * kinds; the auth domain chooses the words the user sees.
 */
const sdkKinds: Record<string, IdentityErrorKind> = {
  NotAuthorizedException: 'invalid_credentials',
  UserNotFoundException: 'user_not_found',
  UserNotConfirmedException: 'not_confirmed',
  PasswordResetRequiredException: 'password_reset_required',
  UsernameExistsException: 'user_exists',
  InvalidPasswordException: 'invalid_password',
  CodeMismatchException: 'code_mismatch',
  ExpiredCodeException: 'code_expired',
  TooManyRequestsException: 'too_many_requests',
  TooManyFailedAttemptsException: 'too_many_requests',
  LimitExceededException: 'too_many_requests',
  InvalidParameterException: 'invalid_parameter',
};

async function call<T>(
  run: () => Promise<T>,
  overrides: Partial<Record<string, IdentityErrorKind>> = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const name = (error as Error).name;
    const kind = overrides[name] ?? sdkKinds[name];
    if (kind) throw new IdentityError(kind, (error as Error).message);
    throw error;
  }
}

const clientId = () => config.userPoolClientId;

export async function signUp(input: {
  email: string;
  password: string;
  displayName: string;
  role: string;
}): Promise<{ userId: string; confirmed: boolean }> {
  const result = await call(() =>
    aws.cognito.send(
      new SignUpCommand({
        ClientId: clientId(),
        Username: input.email,
        Password: input.password,
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'name', Value: input.displayName },
          { Name: 'custom:role', Value: input.role },
        ],
      }),
    ),
  );
  return { userId: result.UserSub ?? '', confirmed: result.UserConfirmed ?? false };
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  await call(
    () =>
      aws.cognito.send(
        new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: code }),
      ),
    {
      // Cognito answers NotAuthorized when the user is already confirmed.
      NotAuthorizedException: 'already_confirmed',
    },
  );
}

export async function resendConfirmation(email: string): Promise<void> {
  await call(
    () => aws.cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: email })),
    {
      // "User is already confirmed." arrives as InvalidParameterException.
      InvalidParameterException: 'already_confirmed',
    },
  );
}

export async function passwordLogin(email: string, password: string): Promise<Tokens> {
  const result = await call(
    () =>
      aws.cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId(),
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      ),
    // Unknown user and wrong password must look the same to the caller.
    { UserNotFoundException: 'invalid_credentials', InvalidPasswordException: 'invalid_credentials' },
  );
  return toTokens(result.AuthenticationResult);
}

export async function refreshSession(refreshToken: string): Promise<Tokens> {
  const result = await call(
    () =>
      aws.cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId(),
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    { NotAuthorizedException: 'session_expired', UserNotFoundException: 'session_expired' },
  );
  return toTokens(result.AuthenticationResult);
}

export async function startPasswordReset(email: string, reason?: ResetReason): Promise<void> {
  await call(() =>
    aws.cognito.send(
      new ForgotPasswordCommand({
        ClientId: clientId(),
        Username: email,
        // Read by the CustomMessage trigger, which words the email for the reason.
        ClientMetadata: reason ? { reason } : undefined,
      }),
    ),
  );
}

export async function finishPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await call(() =>
    aws.cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId(),
        Username: email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    ),
  );
}

/** The caller's own attributes, read with their access token. */
export async function getUserAttributes(accessToken: string): Promise<Record<string, string>> {
  const result = await call(() => aws.cognito.send(new GetUserCommand({ AccessToken: accessToken })), {
    NotAuthorizedException: 'session_expired',
  });
  return Object.fromEntries((result.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
}

export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await call(() => aws.cognito.send(new RevokeTokenCommand({ ClientId: clientId(), Token: refreshToken })), {
    NotAuthorizedException: 'session_expired',
    UnauthorizedException: 'session_expired',
  });
}

export async function signOutEverywhere(email: string): Promise<{ userId: string }> {
  const poolId = config.userPoolId;
  const user = await call(() =>
    aws.cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email })),
  );
  await call(() =>
    aws.cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: email })),
  );
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username ?? '';
  return { userId: sub };
}

function toTokens(
  result: { AccessToken?: string; RefreshToken?: string; ExpiresIn?: number } | undefined,
): Tokens {
  if (!result?.AccessToken)
    throw new IdentityError('invalid_credentials', 'No tokens in the authentication result');
  return {
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken,
    expiresIn: result.ExpiresIn ?? 3600,
  };
}

export const cognitoIdentity: Identity = {
  signUp,
  confirmSignUp,
  resendConfirmation,
  passwordLogin,
  refreshSession,
  startPasswordReset,
  finishPasswordReset,
  getUserAttributes,
  revokeRefreshToken,
  signOutEverywhere,
};

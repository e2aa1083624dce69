import { z } from 'zod';
import {
  passwordResetConfirmRequest,
  passwordResetRequest,
  resendVerificationRequest,
  signInRequest,
  signUpRequest,
  verifyEmailRequest,
} from '../contracts/auth';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { created, defineHandler, ok } from '../lib/http';
import { createAuthService, type AuthService } from './service';

let service: AuthService | undefined;
const auth = () => (service ??= createAuthService(getAdapters().identity));

const register = defineHandler({ body: signUpRequest }, async ({ body }) =>
  created(
    await auth().register({
      email: body.email,
      password: body.password,
      displayName: body.display_name,
      role: body.role,
    }),
  ),
);

const login = defineHandler({ body: signInRequest }, async ({ body }) =>
  ok(await auth().login(body.email, body.password)),
);

const refresh = defineHandler({ body: z.object({ refresh_token: z.string().min(1) }) }, async ({ body }) =>
  ok(await auth().refresh(body.refresh_token)),
);

const verifyEmail = defineHandler({ body: verifyEmailRequest }, async ({ body }) =>
  ok(await auth().verifyEmail(body.email, body.code)),
);

const resendVerification = defineHandler({ body: resendVerificationRequest }, async ({ body }) =>
  ok(await auth().resendVerification(body.email)),
);

const requestPasswordReset = defineHandler({ body: passwordResetRequest }, async ({ body }) =>
  ok(await auth().requestPasswordReset(body.email)),
);

const confirmPasswordReset = defineHandler({ body: passwordResetConfirmRequest }, async ({ body }) =>
  ok(await auth().confirmPasswordReset(body.email, body.token, body.new_password)),
);

export const handlers = {
  register,
  login,
  refresh,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
};
export const handler = createApiHandler('auth', handlers);

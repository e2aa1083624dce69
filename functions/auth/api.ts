import { z } from 'zod';
import { isValidEmail, messages, MIN_PASSWORD_LENGTH } from '../contracts/validation';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { created, defineHandler, ok } from '../lib/http';
import { createAuthService, type AuthService } from './service';

let service: AuthService | undefined;
const auth = () => (service ??= createAuthService(getAdapters().identity));

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .refine(isValidEmail, messages.emailInvalid)
  .transform((value) => value.toLowerCase());
const password = z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired);
const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort);
const code = z.string().trim().min(1).max(64);

const register = defineHandler(
  {
    body: z.object({
      display_name: z
        .string({ error: messages.usernameRequired })
        .trim()
        .min(1, messages.usernameRequired)
        .max(50),
      email,
      password: newPassword,
      role: z.enum(['author', 'explorer']).default('explorer'),
    }),
  },
  async ({ body }) =>
    created(
      await auth().register({
        email: body.email,
        password: body.password,
        displayName: body.display_name,
        role: body.role,
      }),
    ),
);

const login = defineHandler({ body: z.object({ email, password }) }, async ({ body }) =>
  ok(await auth().login(body.email, body.password)),
);

const refresh = defineHandler({ body: z.object({ refresh_token: z.string().min(1) }) }, async ({ body }) =>
  ok(await auth().refresh(body.refresh_token)),
);

const verifyEmail = defineHandler({ body: z.object({ email, code }) }, async ({ body }) =>
  ok(await auth().verifyEmail(body.email, body.code)),
);

const resendVerification = defineHandler({ body: z.object({ email }) }, async ({ body }) =>
  ok(await auth().resendVerification(body.email)),
);

const requestPasswordReset = defineHandler({ body: z.object({ email }) }, async ({ body }) =>
  ok(await auth().requestPasswordReset(body.email)),
);

const confirmPasswordReset = defineHandler(
  { body: z.object({ email, token: code, new_password: newPassword }) },
  async ({ body }) => ok(await auth().confirmPasswordReset(body.email, body.token, body.new_password)),
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

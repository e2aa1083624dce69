import {
  logoutRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  resendVerificationRequest,
  signInRequest,
  signUpRequest,
  verifyEmailRequest,
} from '../contracts/auth';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { callerAddress, created, defineHandler, ok, requireUser, type RequestContext } from '../lib/http';
import { createAuthService, type AuthService } from './service';

let service: AuthService | undefined;
const auth = () => {
  if (!service) {
    const { identity, table, clock } = getAdapters();
    service = createAuthService({ identity, table, clock });
  }
  return service;
};
const caller = (ctx: RequestContext<unknown, unknown, unknown>) => ({
  address: callerAddress(ctx.event, ctx.headers),
});

const register = defineHandler({ body: signUpRequest }, async (ctx) =>
  created(
    await auth().register(
      {
        email: ctx.body.email,
        password: ctx.body.password,
        displayName: ctx.body.display_name,
        role: ctx.body.role,
      },
      caller(ctx),
    ),
  ),
);

const login = defineHandler({ body: signInRequest }, async (ctx) =>
  ok(await auth().login(ctx.body.email, ctx.body.password, caller(ctx))),
);

const refresh = defineHandler({ body: refreshRequest }, async ({ body }) =>
  ok(await auth().refresh(body.refresh_token)),
);

const logout = defineHandler({ body: logoutRequest }, async (ctx) => {
  requireUser(ctx);
  const claims = ctx.event.requestContext.authorizer.jwt.claims;
  return ok(await auth().logout(claims, ctx.body.refresh_token));
});

const verifyEmail = defineHandler({ body: verifyEmailRequest }, async (ctx) =>
  ok(await auth().verifyEmail(ctx.body.email, ctx.body.code, caller(ctx))),
);

const resendVerification = defineHandler({ body: resendVerificationRequest }, async (ctx) =>
  ok(await auth().resendVerification(ctx.body.email, caller(ctx))),
);

const requestPasswordReset = defineHandler({ body: passwordResetRequest }, async (ctx) =>
  ok(await auth().requestPasswordReset(ctx.body.email, caller(ctx))),
);

const confirmPasswordReset = defineHandler({ body: passwordResetConfirmRequest }, async (ctx) =>
  ok(await auth().confirmPasswordReset(ctx.body.email, ctx.body.token, ctx.body.new_password, caller(ctx))),
);

export const handlers = {
  register,
  login,
  refresh,
  logout,
  verifyEmail,
  resendVerification,
  requestPasswordReset,
  confirmPasswordReset,
};
export const handler = createApiHandler('auth', handlers);

import { mkdirSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JWK } from 'jose';
import { pino } from 'pino';
import { createLocalTokens, type LocalTokens, type TokenLifetimes } from './cognito-tokens';
import { closeServer, listen, listenOn, sendJson, type HeldPort } from './http-util';
import type { Mailbox } from './mailbox';
import { loadOrCreateSigningKey } from './signing-key';

/**
 * cognito-local, assembled in-process so that: its data lives under the runtime's data directory;
 * emails go to the dev mailbox; user pool triggers (CustomMessage, PostConfirmation) run the same
 * trigger handler Cognito invokes in the cloud; and ResendConfirmationCode, which cognito-local
 * lacks, works. Wrong passwords answer NotAuthorizedException as on AWS. Tokens are signed with the
 * data directory's own key (never the one in cognito-local's package), live as long as the pool
 * client says, and sign-outs (RevokeToken, GlobalSignOut, AdminUserGlobalSignOut) end refreshes.
 */
const require = createRequire(import.meta.url);
/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's internals ship without usable types */
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService.js');
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService.js');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb.js');
const {
  DateClock,
  LambdaService,
  MessagesService,
  TriggersService,
} = require('cognito-local/lib/services/index.js');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery.js');
const { CryptoService } = require('cognito-local/lib/services/crypto.js');
const { otp } = require('cognito-local/lib/services/otp.js');
const { Router } = require('cognito-local/lib/server/Router.js');
const { createServer } = require('cognito-local/lib/server/server.js');
const JWKS_PATH = /^\/[\w-]+\/\.well-known\/jwks\.json$/;
const errors = require('cognito-local/lib/errors.js');

export type TriggerHandler = (event: any) => Promise<any>;

export interface LocalCognito {
  url: string;
  /** The only key local tokens are signed with (JWKS entry). */
  publicJwk: JWK;
  close(): Promise<void>;
}

export async function startCognito(options: {
  dataDir: string;
  /** A port number, or a port held until the server listens. */
  port: number | HeldPort;
  host: string;
  mailbox: Mailbox;
  trigger: TriggerHandler;
  lifetimes: TokenLifetimes;
  logLevel?: string;
}): Promise<LocalCognito> {
  const port = typeof options.port === 'number' ? options.port : options.port.port;
  const url = `http://${options.host}:${port}`;
  mkdirSync(options.dataDir, { recursive: true });
  const logger = pino({ level: options.logLevel ?? 'silent' });
  const ctx = { logger };
  const config = {
    LambdaClient: { region: 'local' },
    TriggerFunctions: { CustomMessage: 'auth-triggers', PostConfirmation: 'auth-triggers' },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    KMSConfig: { region: 'local' },
    ServerConfig: { port, hostname: options.host, development: false, https: false },
  };

  const key = await loadOrCreateSigningKey(join(options.dataDir, 'signing-key.pem'));
  const tokens = createLocalTokens({ key, issuerDomain: url, lifetimes: options.lifetimes });
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);

  // Lambda "invocations" of the triggers, answered in-process with the real handler.
  const lambdaClient = {
    invoke(params: { Payload: string }) {
      return {
        promise: async () => {
          try {
            const result = await options.trigger(JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result) };
          } catch (error) {
            return {
              StatusCode: 200,
              FunctionError: 'Unhandled',
              Payload: JSON.stringify({ errorMessage: (error as Error).message }),
            };
          }
        },
      };
    },
  };
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, lambdaClient),
    new CryptoService(config.KMSConfig),
  );

  const sender = {
    sendEmail: async (_ctx: unknown, _user: unknown, destination: string, message: any) => {
      const code = message.__code as string | undefined;
      // Cognito fills every {####}; cognito-local only the first.
      const html = String(message.emailMessage ?? `Your code is ${code}`).replaceAll('{####}', code ?? '');
      options.mailbox.deliver({
        to: destination,
        subject: message.emailSubject ?? 'Your verification code',
        html,
        code,
      });
    },
    sendSms: async () => undefined,
  };
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: tokens,
    triggers,
  };

  const router = Router(services);
  const extendedRouter = (target: string) => {
    switch (target) {
      case 'ResendConfirmationCode':
        return resendConfirmationCode(services);
      case 'InitiateAuth':
        return initiateAuth(router(target), tokens, options.lifetimes);
      case 'GetUser':
        return withVerifiedAccessToken(router(target), tokens);
      case 'GlobalSignOut':
        return globalSignOut(services, tokens);
      case 'AdminUserGlobalSignOut':
        return adminUserGlobalSignOut(services);
      case 'ForgotPassword':
        return forgotPassword(router(target), services);
      default:
        return router(target);
    }
  };

  const app = createServer(extendedRouter, logger, config.ServerConfig, services).application;
  // The keys endpoint answers with the data directory's key before cognito-local's own route can.
  const server: Server = createHttpServer((req, res) => {
    if (req.method === 'GET' && JWKS_PATH.test(new URL(req.url ?? '/', url).pathname)) {
      sendJson(res, 200, { keys: [key.publicJwk] });
      return;
    }
    app(req, res);
  });
  await (typeof options.port === 'number'
    ? listen(server, options.port, options.host)
    : listenOn(server, options.port, options.host));
  return { url, publicJwk: key.publicJwk, close: () => closeServer(server) };
}

type Route = (ctx: any, req: any) => Promise<any>;

/**
 * Password sign-in as cognito-local does it, except: a wrong password is NotAuthorized (as on AWS);
 * a refresh needs a refresh token of ours that has not expired, and continues its sign-in; the
 * answer says how long the access token lives.
 */
function initiateAuth(route: Route, tokens: LocalTokens, lifetimes: TokenLifetimes): Route {
  return async (ctx, req) => {
    let session;
    if (req?.AuthFlow === 'REFRESH_TOKEN_AUTH' || req?.AuthFlow === 'REFRESH_TOKEN') {
      session = await tokens.refreshOrigin(String(req.AuthParameters?.REFRESH_TOKEN ?? ''));
      if (!session) throw new errors.NotAuthorizedError('Invalid Refresh Token');
    }
    try {
      const result = await route({ ...ctx, session }, req);
      if (result?.AuthenticationResult) {
        result.AuthenticationResult.ExpiresIn = lifetimes.accessTokenSeconds;
        result.AuthenticationResult.TokenType = 'Bearer';
      }
      return result;
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError();
      throw error;
    }
  };
}

/** cognito-local reads access tokens without checking them; these calls check ours first. */
function withVerifiedAccessToken(route: Route, tokens: LocalTokens): Route {
  return async (ctx, req) => {
    if (!(await tokens.verifyAccessToken(String(req?.AccessToken ?? ''))))
      throw new errors.NotAuthorizedError('Invalid Access Token');
    return route(ctx, req);
  };
}

/** Ends every refresh token of a user: the user's stored refresh tokens are forgotten. */
async function forgetRefreshTokens(ctx: any, userPool: any, user: any): Promise<void> {
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
}

/** As on AWS: an account whose email was never verified cannot reset its password. */
function forgotPassword(route: Route, services: any): Route {
  return async (ctx, req) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (user && user.UserStatus === 'UNCONFIRMED')
      throw new errors.InvalidParameterError(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    return route(ctx, req);
  };
}

function globalSignOut(services: any, tokens: LocalTokens): Route {
  return async (ctx, req) => {
    const claims = await tokens.verifyAccessToken(String(req?.AccessToken ?? ''));
    if (!claims) throw new errors.NotAuthorizedError('Invalid Access Token');
    const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await userPool.getUserByUsername(ctx, claims.sub);
    if (!user) throw new errors.UserNotFoundError();
    await forgetRefreshTokens(ctx, userPool, user);
    return {};
  };
}

function adminUserGlobalSignOut(services: any): Route {
  return async (ctx, req: { UserPoolId: string; Username: string }) => {
    const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    await forgetRefreshTokens(ctx, userPool, user);
    return {};
  };
}

/** ResendConfirmationCode as Cognito does it: a new code, delivered through the same message path. */
function resendConfirmationCode(services: any) {
  return async (
    ctx: any,
    req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
  ) => {
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus === 'CONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const email = user.Attributes.find((a: { Name: string }) => a.Name === 'email')?.Value;
    if (!email) throw new errors.InvalidParameterError('User has no email address.');
    const code = services.otp();
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    await services.messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, {
      ...user,
      ConfirmationCode: code,
      UserLastModifiedDate: services.clock.get(),
    });
    return { CodeDeliveryDetails: deliveryDetails };
  };
}

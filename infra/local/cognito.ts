import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { closeServer } from './http-util';
import type { Mailbox } from './mailbox';

/**
 * cognito-local, assembled in-process so that: its data lives under the runtime's data directory;
 * emails go to the dev mailbox; user pool triggers (CustomMessage, PostConfirmation) run the same
 * trigger handler Cognito invokes in the cloud; and ResendConfirmationCode, which cognito-local
 * lacks, works. Wrong passwords answer NotAuthorizedException as on AWS.
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
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator.js');
const { Router } = require('cognito-local/lib/server/Router.js');
const { createServer } = require('cognito-local/lib/server/server.js');
const errors = require('cognito-local/lib/errors.js');

export type TriggerHandler = (event: any) => Promise<any>;

export interface LocalCognito {
  url: string;
  close(): Promise<void>;
}

export async function startCognito(options: {
  dataDir: string;
  port: number;
  host: string;
  mailbox: Mailbox;
  trigger: TriggerHandler;
  logLevel?: string;
}): Promise<LocalCognito> {
  const url = `http://${options.host}:${options.port}`;
  mkdirSync(options.dataDir, { recursive: true });
  const logger = pino({ level: options.logLevel ?? 'silent' });
  const ctx = { logger };
  const config = {
    LambdaClient: { region: 'local' },
    TriggerFunctions: { CustomMessage: 'auth-triggers', PostConfirmation: 'auth-triggers' },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: url },
    KMSConfig: { region: 'local' },
    ServerConfig: { port: options.port, hostname: options.host, development: false, https: false },
  };

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
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const router = Router(services);
  const extendedRouter = (target: string) => {
    if (target === 'ResendConfirmationCode') return resendConfirmationCode(services);
    const route = router(target);
    if (target !== 'InitiateAuth') return route;
    return async (c: any, req: any) => {
      try {
        return await route(c, req);
      } catch (error) {
        if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError();
        throw error;
      }
    };
  };

  const server: Server = await createServer(extendedRouter, logger, config.ServerConfig, services).start();
  return { url, close: () => closeServer(server) };
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

import './sdk-notices';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import dynalite from 'dynalite';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { mkdirSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { resetClients } from '../../functions/lib/aws/clients';
import { resetConfig } from '../../functions/lib/config';
import { checkHmacMediaUrl, useMediaUrlSigner } from '../../functions/lib/media-urls';
import { lambdaGroups, routes } from '../../functions/routes';
import { buckets, resourceNames, securityHeaderValues, userPool } from '../definitions';
import { corsXml, ensureTable, ensureUserPool, registerStateMachines } from './bootstrap';
import { startCognito, type LocalCognito } from './cognito';
import { createGateway, type MediaSource } from './gateway';
import { closeServer, drainable, holdPort, listenOn } from './http-util';
import { Mailbox } from './mailbox';
import { LambdaPool, type CachedReads } from './lambda-pool';
import { s3MultipartExtras } from './s3-multipart';
import { createDynamoReadCache, guardJsonService, guardS3, loadLocalSecrets } from './service-guard';
import type { LocalCredentials } from './sigv4';
import { LocalStepFunctions } from './stepfunctions';

/** How often the local runtime deletes expired Merge studio files. */
export const MERGE_SWEEP_EVERY_MS = 3600 * 1000;

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface RuntimeOptions {
  /** Where every service keeps its data. */
  dataDir: string;
  /** Port of the gateway (0 = any free port). Service ports follow it when free. */
  port: number;
  /** Serve the built SPA from this directory (omit for API only). */
  webDir?: string;
  /** Host name printed in URLs and used in email links. */
  publicHost?: string;
  logLevel?: 'SILENT' | 'ERROR' | 'WARN' | 'INFO' | 'DEBUG';
  /**
   * Serve the dev mailbox at /_dev/mailbox (default on): the local mode, where every email the
   * product sends lands on this machine. Off, emails are only kept in the data directory.
   */
  devMailbox?: boolean;
  /** Other origins allowed to upload to the local S3 (the Vite dev server). */
  extraOrigins?: string[];
}

export type ServiceName = 'dynamodb' | 's3' | 'cognito' | 'stepfunctions';

export interface LocalRuntime {
  url: string;
  /** The credentials every local service requires (generated per data directory). */
  credentials: LocalCredentials;
  apiUrl: string;
  ports: Record<ServiceName | 'gateway', number>;
  env: Record<string, string>;
  mailbox: Mailbox;
  stepFunctions: LocalStepFunctions;
  /** Stops one backing service (tests use it to check that health reports it). */
  stopService(name: ServiceName): Promise<void>;
  /**
   * How the local DynamoDB's reads were answered so far: from its read cache over HTTP, from it
   * without HTTP (a Lambda thread's read), or by the table itself.
   */
  dynamoReads(): { overHttp: number; withoutHttp: number; byServer: number };
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Threads that answer API requests (the workflow tasks have their own pool, sized to the cores). */
const API_THREADS = 2;

/**
 * Starts the whole stack on loopback: DynamoDB (dynalite), S3 (s3rver), Cognito (cognito-local),
 * Step Functions (ASL interpreter behind the SFN API), then creates the resources from the shared
 * definitions and serves the API and the SPA through the local gateway.
 */
export async function startLocalRuntime(options: RuntimeOptions): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const names = resourceNames('local');
  const preferred = (offset: number) => (options.port === 0 ? 0 : options.port + offset);
  // Every port stays bound until its service listens (see holdPort).
  const held = {
    // The gateway's port is the one asked for (a busy one is an error, as before).
    gateway: await holdPort(options.port, HOST, options.port !== 0),
    dynamodb: await holdPort(preferred(1)),
    s3: await holdPort(preferred(2)),
    cognito: await holdPort(preferred(3)),
    stepfunctions: await holdPort(preferred(4)),
  };
  const ports = {
    gateway: held.gateway.port,
    dynamodb: held.dynamodb.port,
    s3: held.s3.port,
    cognito: held.cognito.port,
    stepfunctions: held.stepfunctions.port,
  };
  const publicHost = options.publicHost ?? 'localhost';
  const url = `http://${publicHost}:${ports.gateway}`;
  const endpoint = (port: number) => `http://${HOST}:${port}`;

  const secrets = loadLocalSecrets(dataDir);
  const { credentials } = secrets;
  const origins = [
    ...new Set([url, `http://localhost:${ports.gateway}`, `http://127.0.0.1:${ports.gateway}`]),
    ...(options.extraOrigins ?? []),
  ];

  const env: Record<string, string> = {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    MEDIA_URL_SECRET: secrets.mediaUrlSecret,
    AWS_EC2_METADATA_DISABLED: 'true',
    LOG_LEVEL: options.logLevel ?? 'WARN',
    POWERTOOLS_LOG_LEVEL: options.logLevel ?? 'WARN',
    // Metrics are CloudWatch embedded-format log lines: nothing reads them on one machine.
    POWERTOOLS_METRICS_DISABLED: 'true',
    TABLE_NAME: names.table,
    [buckets.media.envVar]: names.mediaBucket,
    [buckets.uploads.envVar]: names.uploadsBucket,
    DYNAMODB_ENDPOINT: endpoint(ports.dynamodb),
    S3_ENDPOINT: endpoint(ports.s3),
    COGNITO_ENDPOINT: endpoint(ports.cognito),
    SFN_ENDPOINT: endpoint(ports.stepfunctions),
    APP_URL: url,
    // The same app at its other local addresses (and the dev server): payments may return there.
    APP_ORIGINS: origins.join(','),
    // Payments: real Stripe test keys from the environment when given (STRIPE_SECRET_KEY and the
    // STRIPE_WEBHOOK_SECRET of `stripe listen`), else the offline checkout signing with this data
    // directory's webhook secret.
    ...(process.env.STRIPE_SECRET_KEY
      ? {
          STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? '',
          LOCAL_CHECKOUT: 'false',
        }
      : { STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret, LOCAL_CHECKOUT: 'true' }),
  };
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
  // This process signs media URLs with this data directory's secret (tests call handlers in-process).
  useMediaUrlSigner(undefined);

  const stoppers = new Map<ServiceName | 'gateway' | 'lambda' | 'sweep', () => Promise<void>>();

  // DynamoDB
  const dynamo: Server = dynalite({
    path: join(dataDir, 'dynamodb'),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // Every request must be signed with this data directory's credentials (dynalite checks none).
  const serveDynamo = dynamo.listeners('request')[0] as RequestListener;
  dynamo.removeAllListeners('request');
  // Stopping waits for the requests being served: dynalite throws when an operation it already
  // started finds its database closed.
  const dynamoReads = createDynamoReadCache();
  const dynamoRequests = drainable(guardJsonService(credentials, serveDynamo, dynamoReads), (res) => {
    const text = JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ServiceUnavailableException',
      message: 'The local DynamoDB is stopping.',
    });
    res.writeHead(503, { 'content-type': 'application/x-amz-json-1.0', 'content-length': text.length });
    res.end(text);
  });
  dynamo.on('request', dynamoRequests.listener);
  await listenOn(dynamo, held.dynamodb, HOST);
  stoppers.set('dynamodb', async () => {
    dynamoReads.stop();
    await dynamoRequests.drain();
    await closeServer(dynamo);
  });

  // S3: s3rver behind the signature check (it accepts any V4 signature), CORS for the app only.
  const s3 = new S3rver({
    directory: join(dataDir, 's3'),
    silent: true,
    configureBuckets: [names.mediaBucket, names.uploadsBucket].map((name) => ({
      name,
      configs: [corsXml(origins)],
    })),
  });
  await s3.configureBuckets();
  const s3Server = createServer(guardS3(credentials, s3MultipartExtras(join(dataDir, 's3'), s3.callback())));
  await listenOn(s3Server, held.s3, HOST);
  stoppers.set('s3', () => closeServer(s3Server));

  // Step Functions
  const stepFunctions = new LocalStepFunctions(join(dataDir, 'stepfunctions'));
  await stepFunctions.listen(held.stepfunctions, HOST, (serve) => guardJsonService(credentials, serve));
  stoppers.set('stepfunctions', () => stepFunctions.close());

  // Cognito, with the user pool triggers running the real trigger handler.
  const mailbox = new Mailbox(join(dataDir, 'mailbox.json'));
  // Every function runs in a local Lambda pool; threads start on first use, after the
  // environment below is complete. Their reads of DynamoDB ask its read cache first, without a
  // round trip over HTTP (dynamo-reads.ts). API requests and workflow tasks have a pool each, as
  // each Lambda invocation has its own container on AWS: a sign-up or a status check never waits
  // for a thread busy drawing a scene or reading a novel.
  const reads: CachedReads = {
    endpoint: env.DYNAMODB_ENDPOINT!,
    lookup: (operation, body) => dynamoReads.lookup(operation, body),
  };
  const apiLambdas = new LambdaPool(PROJECT_ROOT, API_THREADS, reads);
  const jobLambdas = new LambdaPool(PROJECT_ROOT, undefined, reads);
  stoppers.set('lambda', async () => {
    await Promise.all([apiLambdas.close(), jobLambdas.close()]);
  });
  const cognito: LocalCognito = await startCognito({
    dataDir: join(dataDir, 'cognito'),
    port: held.cognito,
    host: HOST,
    mailbox,
    lifetimes: {
      accessTokenSeconds: userPool.accessTokenMinutes * 60,
      refreshTokenSeconds: userPool.refreshTokenDays * 24 * 3600,
    },
    trigger: (event) =>
      apiLambdas.invoke(
        { entry: 'functions/auth/triggers.ts', handler: 'handler', name: 'auth-triggers', timeoutSeconds: 5 },
        event,
      ),
  });
  stoppers.set('cognito', () => cognito.close());

  // Resources from the shared definitions.
  await ensureTable(
    new DynamoDBClient({ region: 'us-east-1', endpoint: env.DYNAMODB_ENDPOINT, credentials }),
    names.table,
  );
  const pool = await ensureUserPool(
    new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: env.COGNITO_ENDPOINT, credentials }),
    names,
  );
  env.USER_POOL_ID = pool.userPoolId;
  env.USER_POOL_CLIENT_ID = pool.clientId;
  Object.assign(
    env,
    await registerStateMachines(PROJECT_ROOT, stepFunctions, names.stateMachine, (worker, input) =>
      jobLambdas.invoke(worker, input),
    ),
  );
  Object.assign(process.env, env);
  resetConfig();

  // Gateway: the same JWT checks as the HTTP API's Cognito authorizer, against the one key local
  // Cognito signs with (made for this data directory).
  const issuer = `${cognito.url}/${pool.userPoolId}`;
  const jwks = createLocalJWKSet({ keys: [cognito.publicJwk] });
  const mediaClient = new S3Client({
    region: 'us-east-1',
    credentials,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const gateway = createGateway({
    routes,
    mailbox: options.devMailbox === false ? undefined : mailbox,
    media: s3MediaSource(mediaClient, names.mediaBucket),
    securityHeaders: securityHeaderValues([endpoint(ports.s3)]),
    checkMediaUrl: (key, query) => checkHmacMediaUrl(secrets.mediaUrlSecret, key, query),
    webDir: options.webDir,
    verifyToken: createTokenVerifier(async (token) => {
      const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || payload.client_id !== pool.clientId) return null;
      return payload as Record<string, unknown>;
    }),
    invoke: (group, event) =>
      apiLambdas.invoke(
        {
          entry: lambdaGroups[group].entry,
          handler: 'handler',
          name: group,
          timeoutSeconds: lambdaGroups[group].timeoutSeconds,
        },
        event,
      ),
  });
  await listenOn(gateway, held.gateway, HOST);
  stoppers.set('gateway', () => closeServer(gateway));

  // The Merge studio's 24-hour expiry (lifecycle rules on AWS): once now, then every hour.
  const sweepMerges = () =>
    jobLambdas
      .invoke(
        { entry: 'functions/merge/sweep.ts', handler: 'handler', name: 'mergeExpiry', timeoutSeconds: 300 },
        {},
      )
      .catch(() => undefined);
  void sweepMerges();
  const sweepTimer = setInterval(() => void sweepMerges(), MERGE_SWEEP_EVERY_MS);
  sweepTimer.unref();
  stoppers.set('sweep', async () => clearInterval(sweepTimer));

  const stopped = new Set<string>();
  const stopService = async (name: ServiceName | 'gateway' | 'lambda' | 'sweep') => {
    if (stopped.has(name)) return;
    stopped.add(name);
    await stoppers.get(name)?.();
  };

  return {
    url,
    credentials,
    apiUrl: `${url}/api/v1`,
    ports,
    env,
    mailbox,
    stepFunctions,
    stopService,
    dynamoReads: () => dynamoReads.counts(),
    async stop() {
      await stopService('sweep');
      await stopService('gateway');
      await stopService('stepfunctions');
      await stopService('lambda');
      await stopService('cognito');
      await stopService('s3');
      await stopService('dynamodb');
      resetClients();
    },
  };
}

/**
 * Verified tokens are remembered until they expire, so a busy client does not pay for an RSA
 * signature check on every request; a refused token is never remembered.
 */
function createTokenVerifier(verify: (token: string) => Promise<Record<string, unknown> | null>) {
  const cache = new Map<string, Record<string, unknown>>();
  return async (token: string) => {
    const cached = cache.get(token);
    if (cached && Number(cached.exp) * 1000 > Date.now()) return cached;
    cache.delete(token);
    let claims: Record<string, unknown> | null;
    try {
      claims = await verify(token);
    } catch {
      return null;
    }
    if (claims) {
      if (cache.size >= 5000) cache.delete(cache.keys().next().value!);
      cache.set(token, claims);
    }
    return claims;
  };
}

/** /media/<key> from the media bucket, with range requests, as CloudFront serves it in the cloud. */
function s3MediaSource(client: S3Client, bucket: string): MediaSource {
  return {
    async get(key, range) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
        const headers: Record<string, string> = {
          'content-type': object.ContentType ?? 'application/octet-stream',
          'accept-ranges': 'bytes',
          'cache-control': 'private, max-age=3600',
        };
        if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
        if (object.ContentRange) headers['content-range'] = object.ContentRange;
        if (object.ETag) headers.etag = object.ETag;
        return {
          status: object.ContentRange ? 206 : 200,
          headers,
          body: object.Body as NodeJS.ReadableStream,
        };
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'InvalidRange')
          return { status: 416, headers: { 'content-type': 'text/plain' }, body: null };
        if (name === 'NoSuchKey' || name === 'NotFound')
          return { status: 404, headers: { 'content-type': 'text/plain' }, body: null };
        throw error;
      }
    },
  };
}

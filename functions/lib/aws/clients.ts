import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SSMClient } from '@aws-sdk/client-ssm';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

/**
 * AWS clients, created once per process (per Lambda container) and reused across invocations.
 * On AWS the endpoints are unset and credentials come from the function's role; locally the
 * runtime points them at the loopback servers.
 */
type Clients = {
  ddb: DynamoDBDocumentClient;
  s3: S3Client;
  s3Public: S3Client;
  cognito: CognitoIdentityProviderClient;
  sfn: SFNClient;
  ssm: SSMClient;
  bedrock: BedrockRuntimeClient;
  polly: PollyClient;
};

let clients: Partial<Clients> = {};

function memo<K extends keyof Clients>(key: K, create: () => Clients[K]): Clients[K] {
  const existing = clients[key];
  if (existing) return existing as Clients[K];
  const created = create();
  clients[key] = created;
  return created;
}

/**
 * The SDK builds a redacted copy of every request and answer for its logger's `info`, even for the
 * default no-op logger; a logger without `info` skips that walk (measured: about 5 % of the CPU of
 * a request listing 50 books). Errors are still passed to `error`, which logs nothing.
 */
const quietLogger = { debug() {}, warn() {}, error() {} } as unknown as NonNullable<
  DynamoDBClientConfig['logger']
>;

const base = () => ({ region: config.region, maxAttempts: 3, logger: quietLogger });

const modelClientOptions = () => ({
  ...base(),
  maxAttempts: 4,
  requestHandler: { requestTimeout: Number(process.env.ENGINE_REQUEST_TIMEOUT_MS ?? 120_000) },
});

function s3Client(endpoint: string | undefined): S3Client {
  return new S3Client({
    ...base(),
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Without these, streamed bodies are sent with aws-chunked framing, which S3-compatible
    // servers that do not understand it store verbatim (silent corruption).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * DynamoDB calls are short: connections are kept alive between invocations (no TCP or TLS set-up
 * per call), a connection that cannot be made in 3 s or a call that has not answered in 10 s is
 * abandoned, and the SDK's standard retry strategy tries again (throttling, 5xx, dropped and
 * abandoned connections) up to three attempts in all.
 */
const dynamoRequests = {
  connectionTimeout: 3_000,
  requestTimeout: 10_000,
  throwOnRequestTimeout: true,
  httpAgent: { keepAlive: true, maxSockets: 50 },
  httpsAgent: { keepAlive: true, maxSockets: 50 },
};

export const aws = {
  /** The one DynamoDB client of the process, behind the `Table` adapter (dynamo-table.ts). */
  get ddb() {
    return memo('ddb', () =>
      DynamoDBDocumentClient.from(
        new DynamoDBClient({
          ...base(),
          retryMode: 'standard',
          requestHandler: dynamoRequests,
          ...(config.endpoints.dynamodb ? { endpoint: config.endpoints.dynamodb } : {}),
        }),
        { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
      ),
    );
  },
  get s3() {
    return memo('s3', () => s3Client(config.endpoints.s3));
  },
  /** Signs URLs the browser will use (locally the same server, possibly under another host name). */
  get s3Public() {
    return memo('s3Public', () => s3Client(config.endpoints.s3Public));
  },
  get cognito() {
    return memo(
      'cognito',
      () =>
        new CognitoIdentityProviderClient({
          ...base(),
          ...(config.endpoints.cognito ? { endpoint: config.endpoints.cognito } : {}),
        }),
    );
  },
  get sfn() {
    return memo(
      'sfn',
      () => new SFNClient({ ...base(), ...(config.endpoints.sfn ? { endpoint: config.endpoints.sfn } : {}) }),
    );
  },
  /** Model calls can be slow: a longer socket timeout, and more retries with backoff for throttling. */
  get bedrock() {
    return memo('bedrock', () => new BedrockRuntimeClient(modelClientOptions()));
  },
  get polly() {
    return memo('polly', () => new PollyClient(modelClientOptions()));
  },
  get ssm() {
    return memo(
      'ssm',
      () => new SSMClient({ ...base(), ...(config.endpoints.ssm ? { endpoint: config.endpoints.ssm } : {}) }),
    );
  },
};

export function resetClients(): void {
  for (const client of Object.values(clients)) client?.destroy();
  clients = {};
}

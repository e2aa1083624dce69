import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resetClients } from '../../functions/lib/aws/clients';
import { resetConfig } from '../../functions/lib/config';
import { API_PREFIX, lambdaGroups, routeKey, routes } from '../../functions/routes';
import { answerDynamoFromMemory, recordDynamoAnswers, type DynamoAnswer } from '../support/dynamo-answers';

/**
 * The API handler's own CPU per request, the figure Lambda bills: the real handler chain (middy,
 * the real service, the real `Table` adapter and the AWS SDK up to its HTTP handler) invoked in
 * this process with an API Gateway event, and every DynamoDB call answered from memory with the
 * answers the local DynamoDB gave to the same requests. No network, no emulator, no gateway.
 */
export interface HandlerRequest {
  label: string;
  method: 'GET';
  /** Below the API prefix, e.g. `/books`. */
  path: string;
}

/** What a measurement replays: the requests' events and DynamoDB's answers to their calls. */
export interface CannedRequests {
  requests: { label: string; entry: string; event: unknown }[];
  /** DynamoDB's answer per call (see `callKey`). */
  answers: Record<string, DynamoAnswer>;
}

/** One call as a key: the operation and its input with every object's fields in order. */
function callKey(operation: string, body: string): string {
  const ordered = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(ordered);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, ordered((value as Record<string, unknown>)[name])]),
    );
  };
  return `${operation} ${JSON.stringify(ordered(JSON.parse(body)))}`;
}

/** The claims of an access token, as API Gateway's JWT authorizer hands them on (strings). */
function claimsOf(token: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

function apiEvent(request: HandlerRequest, token: string) {
  const route = routes.find((r) => r.method === request.method && r.path === request.path);
  if (!route) throw new Error(`no route ${request.method} ${request.path}`);
  const key = routeKey(route);
  const path = `${API_PREFIX}${request.path}`;
  return {
    route,
    event: {
      version: '2.0',
      routeKey: key,
      rawPath: path,
      rawQueryString: '',
      headers: { authorization: `Bearer ${token}`, host: 'api.example.com', 'user-agent': 'bench' },
      requestContext: {
        accountId: '000000000000',
        apiId: 'bench',
        domainName: 'api.example.com',
        domainPrefix: 'api',
        http: {
          method: request.method,
          path,
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'bench',
        },
        requestId: 'bench-request',
        routeKey: key,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claimsOf(token), scopes: [] } },
      },
      isBase64Encoded: false,
    },
  };
}

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body?: string }>;

const context = {
  functionName: 'bench',
  awsRequestId: 'bench',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 10_000,
};

async function handlerOf(root: string, entry: string): Promise<Handler> {
  const module = (await import(pathToFileURL(join(root, entry)).href)) as { handler: Handler };
  return module.handler;
}

/** Uses `env` as the process's environment for the handlers (config and clients made again). */
function useEnvironment(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetConfig();
  resetClients();
}

/**
 * Runs each request once through the real handler against the running local DynamoDB (`env`
 * points at it) and keeps every answer DynamoDB gave. The requests must answer 200.
 */
export async function recordRequests(
  root: string,
  env: Record<string, string>,
  token: string,
  list: HandlerRequest[],
): Promise<CannedRequests> {
  useEnvironment(env);
  const answers: Record<string, DynamoAnswer> = {};
  recordDynamoAnswers((operation, body, answer) => {
    answers[callKey(operation, body)] = answer;
  });
  const requests: CannedRequests['requests'] = [];
  for (const request of list) {
    const { route, event } = apiEvent(request, token);
    const entry = lambdaGroups[route.group].entry;
    // The chain adds what it works out to the event: each invocation gets its own copy.
    requests.push({ label: request.label, entry, event: structuredClone(event) });
    const result = await (await handlerOf(root, entry))(event, context);
    if (result.statusCode !== 200) throw new Error(`${request.label}: ${result.statusCode} ${result.body}`);
  }
  resetClients();
  return { requests, answers };
}

/** Keeps the canned requests in a file, to measure another version's handler on the same answers. */
export function saveCanned(file: string, canned: CannedRequests, env: Record<string, string>): void {
  writeFileSync(file, JSON.stringify({ ...canned, env }));
}

export interface CpuFigure {
  label: string;
  /** CPU (user + system) per request, µs: the median of the rounds. */
  microseconds: number;
  rounds: number[];
}

/**
 * CPU per request of each canned request, with DynamoDB answered from memory (`answer` installs
 * that; by default through the SDK's HTTP handler). `env` is the Lambda's environment, without
 * endpoint overrides: the SDK resolves DynamoDB's regional endpoint as it does on AWS.
 */
export async function measureHandlerCpu(
  root: string,
  canned: CannedRequests,
  env: Record<string, string | undefined>,
  options: { requests?: number; rounds?: number; answer?: (answers: CannedRequests['answers']) => void } = {},
): Promise<CpuFigure[]> {
  useEnvironment({ ...env, DYNAMODB_ENDPOINT: undefined });
  const install =
    options.answer ??
    ((answers) => {
      // Found by the request's exact text after the first time: the lookup costs next to nothing.
      const seen = new Map<string, DynamoAnswer>();
      answerDynamoFromMemory((operation, body) => {
        let answer = seen.get(body);
        if (!answer) {
          answer = answers[callKey(operation, body)];
          if (!answer) throw new Error(`no recorded answer for ${operation} ${body}`);
          seen.set(body, answer);
        }
        return answer;
      });
    });
  install(canned.answers);
  const perRound = options.requests ?? 2000;
  const figures: CpuFigure[] = [];
  for (const request of canned.requests) {
    const handler = await handlerOf(root, request.entry);
    // Lambda's runtime hands each invocation the event parsed from its JSON text, as here.
    const eventText = JSON.stringify(request.event);
    const once = async () => {
      const result = await handler(JSON.parse(eventText), context);
      if (result.statusCode !== 200) throw new Error(`${request.label}: ${result.statusCode} ${result.body}`);
    };
    for (let i = 0; i < perRound / 4; i++) await once(); // warm-up: compiled code, kept clients
    const rounds: number[] = [];
    for (let round = 0; round < (options.rounds ?? 5); round++) {
      const before = process.cpuUsage();
      for (let i = 0; i < perRound; i++) await once();
      const used = process.cpuUsage(before);
      rounds.push((used.user + used.system) / perRound);
    }
    const sorted = [...rounds].sort((a, b) => a - b);
    figures.push({ label: request.label, microseconds: sorted[Math.floor(sorted.length / 2)]!, rounds });
  }
  resetClients();
  return figures;
}

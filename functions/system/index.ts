import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import type { HealthResponse } from '../contracts/api';
import { createApiHandler } from '../lib/api-handler';
import { aws } from '../lib/clients';
import { config } from '../lib/config';
import { defineHandler } from '../lib/http';

const CHECK_TIMEOUT_MS = 2000;

/** One cheap call per dependency; each either answers within the timeout or counts as down. */
const checks: Record<string, () => Promise<unknown>> = {
  dynamodb: () => aws.ddb.send(new DescribeTableCommand({ TableName: config.tableName })),
  s3: () =>
    Promise.all([
      aws.s3.send(new HeadBucketCommand({ Bucket: config.mediaBucket })),
      aws.s3.send(new HeadBucketCommand({ Bucket: config.uploadsBucket })),
    ]),
  cognito: () => aws.cognito.send(new DescribeUserPoolCommand({ UserPoolId: config.userPoolId })),
  stepfunctions: () =>
    aws.sfn.send(new DescribeStateMachineCommand({ stateMachineArn: config.userOnboardingStateMachineArn })),
};

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

const health = defineHandler({}, async () => {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => probe(checks[name]!)));
  const services = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
  const down = names.filter((name) => services[name] === 'down');
  const body: HealthResponse = down.length
    ? { status: 'degraded', services, detail: `Service unavailable: ${down.join(', ')}` }
    : { status: 'ok', services };
  return { statusCode: down.length ? 503 : 200, body };
});

export const handlers = { health };
export const handler = createApiHandler('system', handlers);

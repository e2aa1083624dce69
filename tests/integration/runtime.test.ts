import {
  DescribeExecutionCommand,
  GetExecutionHistoryCommand,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers';

let t: TestRuntime;
let sfn: SFNClient;
beforeAll(async () => {
  t = await startTestRuntime();
  sfn = new SFNClient({
    region: 'us-east-1',
    endpoint: t.runtime.env.SFN_ENDPOINT,
    credentials: t.runtime.credentials,
  });
});
afterAll(async () => {
  sfn?.destroy();
  await t?.stop();
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('local Step Functions API', () => {
  it('runs the onboarding machine through @aws-sdk/client-sfn, with history and listing', async () => {
    const arn = t.runtime.env.USER_ONBOARDING_STATE_MACHINE_ARN!;
    const userId = `sfn-${Date.now()}`;
    const started = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: arn,
        name: `test-${userId}`,
        input: JSON.stringify({
          user_id: userId,
          email: 'SFN@Example.com',
          display_name: 'Step',
          role: 'author',
        }),
      }),
    );
    expect(started.executionArn).toContain(':execution:');
    await until(
      async () =>
        (await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }))).status !==
        'RUNNING',
    );
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    expect(described.status).toBe('SUCCEEDED');
    const output = JSON.parse(described.output!);
    expect(output.profile).toMatchObject({ user_id: userId, role: 'author', created: true });
    expect(output.welcome.badges_awarded).toEqual(['welcome']);

    const history = await sfn.send(new GetExecutionHistoryCommand({ executionArn: started.executionArn }));
    const types = history.events!.map((e) => e.type);
    expect(types[0]).toBe('ExecutionStarted');
    expect(types).toContain('TaskStateEntered');
    expect(types.at(-1)).toBe('ExecutionSucceeded');

    const listed = await sfn.send(
      new ListExecutionsCommand({ stateMachineArn: arn, statusFilter: 'SUCCEEDED' }),
    );
    expect(listed.executions!.map((e) => e.executionArn)).toContain(started.executionArn);

    // Same name, different input: refused as on AWS.
    await expect(
      sfn.send(
        new StartExecutionCommand({
          stateMachineArn: arn,
          name: `test-${userId}`,
          input: '{"user_id":"other"}',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('ends in the Catch state with a named error when a task fails', async () => {
    const arn = t.runtime.env.USER_ONBOARDING_STATE_MACHINE_ARN!;
    const started = await sfn.send(
      // Every field present (the states pass them on by path) but the user id empty: the worker
      // refuses its input, and the Catch records the failure.
      new StartExecutionCommand({
        stateMachineArn: arn,
        input: JSON.stringify({ user_id: '', email: 'x', display_name: '', role: 'explorer' }),
      }),
    );
    await until(
      async () =>
        (await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }))).status !==
        'RUNNING',
    );
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('OnboardingFailed');
  });

  it('stops a running execution', async () => {
    const arn = t.runtime.stepFunctions.register(
      'waiting',
      { StartAt: 'Pause', States: { Pause: { Type: 'Wait', Seconds: 30, End: true } } },
      {},
    );
    const started = await sfn.send(new StartExecutionCommand({ stateMachineArn: arn }));
    expect(
      (await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }))).status,
    ).toBe('RUNNING');
    await sfn.send(
      new StopExecutionCommand({ executionArn: started.executionArn, error: 'UserCancelled', cause: 'test' }),
    );
    const described = await sfn.send(new DescribeExecutionCommand({ executionArn: started.executionArn }));
    expect(described).toMatchObject({ status: 'ABORTED', error: 'UserCancelled' });
    const lastEvent = async () =>
      (await sfn.send(new GetExecutionHistoryCommand({ executionArn: started.executionArn }))).events!.at(-1)
        ?.type;
    await until(async () => (await lastEvent()) === 'ExecutionAborted');
    expect(await lastEvent()).toBe('ExecutionAborted');
    await expect(
      sfn.send(new DescribeExecutionCommand({ executionArn: `${started.executionArn}x` })),
    ).rejects.toMatchObject({
      name: 'ExecutionDoesNotExist',
    });
  });

  it('refuses at registration a definition that reaches beyond what the local interpreter runs', () => {
    expect(() =>
      t.runtime.stepFunctions.register(
        'distributed',
        {
          StartAt: 'Each',
          States: {
            Each: {
              Type: 'Map',
              ItemReader: { Resource: 'arn:aws:states:::s3:listObjectsV2' },
              ItemProcessor: { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } },
              End: true,
            },
          },
        },
        {},
      ),
    ).toThrow(
      'State machine distributed: state "Each": field "ItemReader" is not supported by the local runtime',
    );
  });
});

describe('gateway and health', () => {
  it('answers unknown routes and wrong methods with a detail', async () => {
    const missing = await t.api('GET', '/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Not Found');
    expect((await t.api('DELETE', '/users/me')).status).toBe(405);
  });

  it('refuses request bodies larger than a Lambda request can carry', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024 + 10);
    const answer = await t.api('POST', '/auth/login', {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toMatch(/too large/);
  });

  it('serves the dev mailbox as JSON and as a page', async () => {
    const json = await fetch(`${t.runtime.url}/_dev/mailbox`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(Array.isArray(await json.json())).toBe(true);
    const page = await fetch(`${t.runtime.url}/_dev/mailbox`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<h1>Dev mailbox</h1>');
  });

  it('reports every service, and 503 naming the one that is down', async () => {
    const healthy = await t.api('GET', '/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toEqual({
      status: 'ok',
      services: { dynamodb: 'ok', s3: 'ok', cognito: 'ok', stepfunctions: 'ok' },
    });
    await t.runtime.stopService('s3');
    const degraded = await t.api('GET', '/health');
    expect(degraded.status).toBe(503);
    expect(degraded.body).toMatchObject({
      status: 'degraded',
      services: { s3: 'down', dynamodb: 'ok' },
      detail: 'Service unavailable: s3',
    });
  });
});

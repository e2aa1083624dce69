import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestRuntime, type TestRuntime } from './helpers';

/**
 * The functions run in the local Lambda pool's threads here, also in the coverage run (which
 * otherwise runs them inline): what is tested is how the local DynamoDB answers those threads' reads.
 */
delete process.env.LOCAL_LAMBDA_INLINE;

describe('reads of the local DynamoDB from a Lambda thread', () => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await startTestRuntime();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('are answered from the read cache without HTTP once kept, and see every write at once', async () => {
    const user = await createUser(t, { display_name: 'Ada Reader' });
    const me = async () => {
      const answer = await t.api<{ display_name: string }>('GET', '/users/me', { token: user.accessToken });
      expect(answer.status).toBe(200);
      return answer.body.display_name;
    };
    expect(await me()).toBe('Ada Reader');
    const before = t.runtime.dynamoReads();
    for (let i = 0; i < 5; i++) expect(await me()).toBe('Ada Reader');
    const after = t.runtime.dynamoReads();
    // Each request reads its session and the profile: from memory, and none of them over HTTP.
    expect(after.withoutHttp - before.withoutHttp).toBeGreaterThanOrEqual(10);
    expect(after.overHttp).toBe(before.overHttp);
    expect(after.byServer).toBe(before.byServer);

    // A write empties the cache: the very next read is the table's, with the new name (whose UTF-8
    // bytes outnumber its characters: the gateway's Content-Length counts bytes).
    const renamed = await t.api('PUT', '/users/me', {
      token: user.accessToken,
      body: { display_name: 'Zoë Writer' },
    });
    expect(renamed.status).toBe(200);
    const written = t.runtime.dynamoReads();
    expect(await me()).toBe('Zoë Writer');
    expect(t.runtime.dynamoReads().byServer).toBeGreaterThan(written.byServer);
    for (let i = 0; i < 3; i++) expect(await me()).toBe('Zoë Writer');
  });

  it('fail as the SDK fails once the local DynamoDB has stopped', async () => {
    const user = await createUser(t);
    const me = () => t.api('GET', '/users/me', { token: user.accessToken });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    await t.runtime.stopService('dynamodb');
    const answer = await me();
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ detail: 'Internal server error' });
  });
});

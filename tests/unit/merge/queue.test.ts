import { describe, expect, it } from 'vitest';
import { QUIET_MS } from '../../../functions/jobs';
import { mergeRequest } from '../../../functions/contracts/merge-requests';
import { mergeServiceOn, seedCompletedUpload } from '../../support/merge';
import { memoryAdapters } from '../../support/memory';

/**
 * The merge queue on the job system with in-memory adapters: one merge runs per user, the others
 * wait in order and start when the one before ends (or is found cut off); a deferred job is never
 * failed by the stale-job rule; retries go to the end of the queue, at most 3.
 */
function setup(options: { indexShowsNothing?: boolean } = {}) {
  const adapters = memoryAdapters();
  if (options.indexShowsNothing) {
    // An eventually consistent index that has not caught up: it lists none of the user's jobs.
    const query = adapters.table.query.bind(adapters.table);
    adapters.table.query = async <T>(q: Parameters<typeof query>[0]) => (q.index ? [] : query<T>(q));
  }
  return mergeServiceOn(adapters);
}

const UPLOAD = 'aaaaaaaa-0000-4000-8000-000000000001';
const request = (url: string) => mergeRequest.parse({ input_sources: [{ url, type: 'video' }] });

describe('the merge queue', () => {
  it('runs one merge per user; the others wait in order and start when the one before ends', async () => {
    const a = setup();
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    const first = await a.service.start('u1', request(url));
    const second = await a.service.start('u1', request(url));
    const third = await a.service.start('u1', request(url));
    expect([first, second, third].map((m) => [m.status, m.queue_position])).toEqual([
      ['processing', 0],
      ['pending', 1],
      ['pending', 2],
    ]);
    expect(second.processing_method).toBe('stream_copy');
    expect(a.workflows.executions.map((e) => e.name)).toEqual([`merge-${first.merge_id}`]);
    // Another user's merges have a queue of their own.
    const theirs = await a.service.start('u2', request((await seedCompletedUpload(a, 'u2', UPLOAD)).url));
    expect(theirs).toMatchObject({ status: 'processing', queue_position: 0 });

    // The first ends (its worker finishes it and pumps the queue): the second starts, not the third.
    await a.jobs.finish(first.merge_id);
    await a.service.pump('u1');
    expect((await a.service.status('u1', second.merge_id)).status).toBe('processing');
    expect(await a.service.status('u1', third.merge_id)).toMatchObject({
      status: 'pending',
      queue_position: 1,
    });

    // A failure moves the queue on as well.
    const secondJob = (await a.jobs.get(second.merge_id))!;
    await a.jobs.fail({ ...(await import('../../../functions/merge/jobs/kinds')).mergeJob }, secondJob.id, {
      Error: 'Boom',
    });
    await a.service.pump('u1');
    expect(await a.service.status('u1', third.merge_id)).toMatchObject({
      status: 'processing',
      queue_position: 0,
    });
    expect((await a.service.status('u1', second.merge_id)).error_message).toBe('Merge operation failed');
  });

  it('a run cut off without a word is settled as failed when polled, and the next merge starts', async () => {
    const a = setup();
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    const first = await a.service.start('u1', request(url));
    const second = await a.service.start('u1', request(url));
    // The waiting merge is quiet far longer than the stale-job rule's time: it is not failed.
    a.clock.advance(QUIET_MS * 10);
    a.workflows.end(a.workflows.executions[0]!.arn, 'ABORTED');
    expect(await a.service.status('u1', second.merge_id)).toMatchObject({ status: 'processing' });
    expect((await a.service.status('u1', first.merge_id)).status).toBe('failed');
  });

  it('a retry waits at the end of the queue; the fourth is refused', async () => {
    const a = setup();
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    const { mergeJob } = await import('../../../functions/merge/jobs/kinds');
    const first = await a.service.start('u1', request(url));
    await a.jobs.fail(mergeJob, first.merge_id, { Error: 'Boom' });
    await expect(a.service.retry('u1', 'not-an-id')).rejects.toMatchObject({ statusCode: 404 });
    await expect(a.service.retry('u2', first.merge_id)).rejects.toMatchObject({ statusCode: 404 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const blocker = await a.service.start('u1', request(url));
      const retried = await a.service.retry('u1', first.merge_id);
      expect(retried).toMatchObject({ status: 'pending', queue_position: 1, retry_count: attempt });
      await a.jobs.finish(blocker.merge_id);
      await a.service.pump('u1');
      expect((await a.service.status('u1', first.merge_id)).status).toBe('processing');
      await a.jobs.fail(mergeJob, first.merge_id, { Error: 'Boom' });
    }
    await expect(a.service.retry('u1', first.merge_id)).rejects.toMatchObject({
      statusCode: 400,
      message: 'This merge has already been retried 3 times.',
    });
  });

  it('nothing is launched twice when the queue is pumped from several places at once', async () => {
    const a = setup();
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    const started = await Promise.all([1, 2, 3, 4].map(() => a.service.start('u1', request(url))));
    await Promise.all([a.service.pump('u1'), a.service.pump('u1'), a.service.list('u1')]);
    const running = a.workflows.executions.filter((e) => e.status === 'RUNNING');
    expect(running).toHaveLength(1);
    expect(started.filter((s) => s.status === 'processing')).toHaveLength(1);
  });

  it('one merge runs and the order holds even while the jobs’ index shows none of them', async () => {
    const a = setup({ indexShowsNothing: true });
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    const first = await a.service.start('u1', request(url));
    const [second, third] = await Promise.all([
      a.service.start('u1', request(url)),
      a.service.start('u1', request(url)),
    ]);
    expect(a.workflows.executions.map((e) => e.name)).toEqual([`merge-${first.merge_id}`]);
    expect(first).toMatchObject({ status: 'processing', queue_position: 0 });
    expect([second.queue_position, third.queue_position].sort()).toEqual([1, 2]);
    const [next, last] = second.queue_position === 1 ? [second, third] : [third, second];
    await a.service.pump('u1');
    expect(a.workflows.executions).toHaveLength(1);

    await a.jobs.finish(first.merge_id);
    await Promise.all([a.service.pump('u1'), a.service.pump('u1')]);
    expect(a.workflows.executions.map((e) => e.name)).toEqual([
      `merge-${first.merge_id}`,
      `merge-${next.merge_id}`,
    ]);
    expect(await a.service.status('u1', last.merge_id)).toMatchObject({
      status: 'pending',
      queue_position: 1,
    });
  });

  it('inputs must be the caller’s: another user’s upload or an unknown url is a 404', async () => {
    const a = setup();
    const url = (await seedCompletedUpload(a, 'u1', UPLOAD)).url;
    await expect(a.service.start('u2', request(url))).rejects.toMatchObject({ statusCode: 404 });
    await expect(a.service.start('u1', request('https://example.com/x.mp4'))).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(a.workflows.executions).toEqual([]);
  });
});

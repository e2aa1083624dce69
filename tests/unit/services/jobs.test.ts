import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobs, jobMessages, QUIET_MS, type JobKind, type JobMetrics } from '../../../functions/jobs';
import { defineWorkflow, task } from '../../../functions/lib/workflows';
import { memoryAdapters } from '../../support/memory';

const input = z.object({ job_id: z.string().uuid(), start_at: z.enum(['draw', 'paint']).optional() });
const workflow = defineWorkflow({
  name: 'paintingJob',
  file: 'painting-job',
  comment: 'test',
  input,
  tasks: { Draw: { entry: 'x.ts', handler: 'draw', access: {}, memoryMb: 128, timeoutSeconds: 5 } },
  startAt: 'Draw',
  states: { Draw: task('Draw', { timeoutSeconds: 5, end: true }) },
});
const kind: JobKind<typeof input, { colour: string }> = {
  kind: 'painting',
  workflow,
  executionPrefix: 'paint',
  input: (job, startAt) => ({
    job_id: job.id,
    ...(startAt ? { start_at: startAt as 'draw' | 'paint' } : {}),
  }),
  failureMessage: (job, failure) =>
    failure.timedOut
      ? `The ${job.options.colour} painting took too long.`
      : `The ${job.options.colour} painting failed.`,
};

function setup() {
  const adapters = memoryAdapters();
  const reported: string[] = [];
  const metrics: JobMetrics = {
    started: (k) => reported.push(`started ${k}`),
    ended: (k, outcome, ms) => reported.push(`${outcome} ${k} ${ms}ms`),
  };
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads, metrics });
  return { ...adapters, jobs, reported };
}

const request = {
  owner: 'user-1',
  target: { book_id: 'book-1', chapter_id: 'ch-1' },
  options: { colour: 'red' },
};

describe('the job system', () => {
  it('creates a queued job and starts its workflow with the checked input and a findable execution name', async () => {
    const { jobs, workflows } = setup();
    const job = await jobs.start(kind, request);
    expect(job).toMatchObject({
      kind: 'painting',
      status: 'queued',
      progress: 0,
      attempt: 1,
      step: 'Queued',
    });
    expect(workflows.executions).toEqual([
      expect.objectContaining({ machine: 'paintingJob', name: `paint-${job.id}`, input: { job_id: job.id } }),
    ]);
    expect(job.execution_arn).toBe(workflows.executions[0]!.arn);
    expect((await jobs.listForBook('book-1', 'ch-1')).map((j) => j.id)).toEqual([job.id]);
  });

  it('a start that fails leaves a failed job with words the user can act on', async () => {
    const { jobs, workflows } = setup();
    workflows.failNextStart = true;
    const job = await jobs.start(kind, request);
    expect(job).toMatchObject({ status: 'failed', error_message: jobMessages.couldNotStart });
  });

  it('moves through its steps: running, a bar that only moves forward, parts counted, outputs merged, ready', async () => {
    const { jobs, storage } = setup();
    const job = await jobs.start(kind, request);
    await storage.uploads.put(`jobs/${job.id}/plan.json`, '{}', 'application/json');
    expect(await jobs.begin(job.id, 'Sketching')).toMatchObject({ status: 'running', step: 'Sketching' });
    await jobs.progress(job.id, 40, 'Painting');
    expect(await jobs.progress(job.id, 20, 'Back?')).toBeNull();
    expect((await jobs.get(job.id))!.progress).toBe(40);
    const first = await jobs.countPart(job.id, 4, 'Part {done} of {total}', 40, 80);
    expect(first).toMatchObject({ progress: 50, step: 'Part 1 of 4' });
    await jobs.record(job.id, { outputs: { a: 1 } });
    await jobs.record(job.id, { outputs: { b: 2 }, progress: 90 });
    expect((await jobs.get(job.id))!.outputs).toEqual({ a: 1, b: 2 });
    expect(await jobs.finish(job.id)).toMatchObject({ status: 'ready', progress: 100 });
    expect(storage.uploads.keys(`jobs/${job.id}/`)).toEqual([]);
    // A late step never revives a finished job.
    expect(await jobs.begin(job.id, 'Again')).toBeNull();
    expect(await jobs.active(job.id)).toBeNull();
  });

  it("a failure is recorded in the kind's words (timeouts named), never the raw error", async () => {
    const { jobs } = setup();
    const a = await jobs.start(kind, request);
    const failed = await jobs.fail(kind, a.id, {
      Error: 'Error',
      Cause: JSON.stringify({ errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 900 s' }),
    });
    expect(failed.job).toMatchObject({ status: 'failed', error_message: 'The red painting took too long.' });
    const b = await jobs.start(kind, request);
    expect(
      (await jobs.fail(kind, b.id, { Error: 'TypeError', Cause: 'x is undefined' })).job!.error_message,
    ).toBe('The red painting failed.');
    // Recording twice changes nothing.
    expect((await jobs.fail(kind, b.id, { Error: 'States.Timeout' })).recorded).toBe(false);
  });

  it('cancel stops the execution and frees the work files; retry runs again from a step under a new name', async () => {
    const { jobs, workflows, storage } = setup();
    const job = await jobs.start(kind, request);
    await storage.uploads.put(`jobs/${job.id}/part-1`, 'x', 'text/plain');
    const cancelled = await jobs.cancel(job);
    expect(cancelled.status).toBe('cancelled');
    expect(workflows.executions[0]).toMatchObject({ status: 'ABORTED' });
    expect(storage.uploads.keys(`jobs/${job.id}/`)).toEqual([]);
    const retried = await jobs.retry(kind, cancelled, 'paint');
    expect(retried).toMatchObject({ status: 'queued', attempt: 2, error_message: null, progress: 0 });
    expect(workflows.executions[1]).toMatchObject({
      name: `paint-${job.id}-2`,
      input: { job_id: job.id, start_at: 'paint' },
    });
    // An active job is not retried a second time.
    expect((await jobs.retry(kind, retried)).attempt).toBe(2);
  });

  it('stale-job recovery trusts the workflow: quiet but still running stays, ended without an outcome fails', async () => {
    const { jobs, workflows, clock } = setup();
    const job = await jobs.start(kind, request);
    expect((await jobs.settle(job)).status).toBe('queued');
    clock.advance(QUIET_MS + 1);
    expect((await jobs.settle((await jobs.get(job.id))!)).status).toBe('queued');
    workflows.end(job.execution_arn!, 'ABORTED');
    expect(await jobs.settle((await jobs.get(job.id))!)).toMatchObject({
      status: 'failed',
      error_message: jobMessages.interrupted,
    });
  });

  it("deleting a book's jobs stops what runs and removes records and work files", async () => {
    const { jobs, workflows, storage } = setup();
    const a = await jobs.start(kind, request);
    const b = await jobs.start(kind, { ...request, target: { book_id: 'book-2' } });
    await storage.uploads.put(`jobs/${a.id}/x`, 'x', 'text/plain');
    await jobs.deleteForBook('book-1', 'Book deleted');
    expect(await jobs.get(a.id)).toBeNull();
    expect(await jobs.get(b.id)).not.toBeNull();
    expect(workflows.executions.find((e) => e.arn === a.execution_arn)).toMatchObject({ status: 'ABORTED' });
    expect(storage.uploads.keys('jobs/')).toEqual([]);
  });

  it('refuses to start a workflow with an input its schema rejects', async () => {
    const { jobs, workflows } = setup();
    const broken: JobKind<typeof input, { colour: string }> = {
      ...kind,
      input: () => ({ job_id: 'not-a-uuid' }),
    };
    const job = await jobs.start(broken, request);
    expect(job.status).toBe('failed');
    expect(workflows.executions).toEqual([]);
  });

  it('one job per exclusive name: racing starts all answer the one that runs, and a new run follows an ended one', async () => {
    const { jobs, workflows, clock } = setup();
    const exclusive = { ...request, exclusive: 'ch-1#painting' };
    const started = await Promise.all(Array.from({ length: 10 }, () => jobs.start(kind, exclusive)));
    expect(new Set(started.map((j) => j.id)).size).toBe(1);
    expect(workflows.executions).toHaveLength(1);
    expect(await jobs.listForBook('book-1')).toHaveLength(1);
    // Another name runs beside it.
    expect((await jobs.start(kind, { ...request, exclusive: 'ch-1#sketch' })).id).not.toBe(started[0]!.id);
    // Once the job has ended, the next start is a new job.
    await jobs.finish(started[0]!.id);
    const next = await jobs.start(kind, exclusive);
    expect(next.id).not.toBe(started[0]!.id);
    // A holder cut off without an outcome is replaced once it has been quiet for a while.
    workflows.end(next.execution_arn!, 'ABORTED');
    expect((await jobs.start(kind, exclusive)).id).toBe(next.id);
    clock.advance(QUIET_MS + 1);
    const after = await jobs.start(kind, exclusive);
    expect(after.id).not.toBe(next.id);
    expect((await jobs.get(next.id))!.status).toBe('failed');
  });

  it('reports each start and each end once, by kind and outcome, with the time since the attempt started', async () => {
    const { jobs, clock, workflows, reported } = setup();
    const done = await jobs.start(kind, request);
    clock.advance(5000);
    await jobs.finish(done.id);
    await jobs.finish(done.id); // a late duplicate is not a second end
    const failing = await jobs.start(kind, request);
    clock.advance(1000);
    await jobs.fail(kind, failing.id, { Error: 'Boom', Cause: 'x' });
    clock.advance(60_000);
    await jobs.retry(kind, (await jobs.get(failing.id))!);
    clock.advance(2000);
    await jobs.cancel((await jobs.get(failing.id))!);
    workflows.failNextStart = true;
    await jobs.start(kind, request);
    expect(reported).toEqual([
      'started painting',
      'ready painting 5000ms',
      'started painting',
      'failed painting 1000ms',
      'started painting',
      'cancelled painting 2000ms',
      'started painting',
      'failed painting 0ms',
    ]);
  });
});

describe('deferred jobs (a queue their domain launches in turn)', () => {
  it('enqueue writes a queued job without an execution; launchDeferred starts it once', async () => {
    const { jobs, workflows } = setup();
    const job = await jobs.enqueue(kind, request);
    expect(job).toMatchObject({ status: 'queued', deferred: true, execution_arn: null });
    expect(workflows.executions).toEqual([]);
    const [first, second] = await Promise.all([
      jobs.launchDeferred(kind, job),
      jobs.launchDeferred(kind, job),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(workflows.executions.map((e) => e.name)).toEqual([`paint-${job.id}`]);
    expect(await jobs.get(job.id)).toMatchObject({ deferred: false, execution_arn: expect.any(String) });
  });

  it('the stale-job rule leaves a waiting job alone, however long it waits', async () => {
    const { jobs, clock } = setup();
    const job = await jobs.enqueue(kind, request);
    clock.advance(QUIET_MS * 100);
    expect(await jobs.settle((await jobs.get(job.id))!)).toMatchObject({ status: 'queued', deferred: true });
  });

  it('a deferred retry goes back to waiting instead of starting', async () => {
    const { jobs, workflows } = setup();
    const job = await jobs.start(kind, request);
    await jobs.fail(kind, job.id, { Error: 'Boom' });
    const retried = await jobs.retry(kind, (await jobs.get(job.id))!, undefined, { defer: true });
    expect(retried).toMatchObject({ status: 'queued', deferred: true, attempt: 2, execution_arn: null });
    expect(workflows.executions).toHaveLength(1);
    const launched = await jobs.launchDeferred(kind, retried);
    expect(launched?.execution_arn).toContain(`paint-${job.id}-2`);
  });
});

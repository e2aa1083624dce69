import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobContext, QUIET_MS } from '../../../functions/jobs/context';
import { cancelJob, deleteBookJobs, retryJob, settleJob, startJob } from '../../../functions/jobs/lifecycle';
import { jobMessages, type JobKind, type JobRecord } from '../../../functions/jobs/model';
import {
  activeJob,
  beginJob,
  countJobPart,
  failJob,
  finishJob,
  recordJob,
} from '../../../functions/jobs/steps';
import { defineWorkflow, task } from '../../../functions/lib/workflows';
import { memoryAdapters } from '../../support/memory';

/**
 * The job system's operations as plain functions of one job context (its ports and settings), as the
 * façade and the stages call them: start, cancel, retry and stale-job recovery with a metered unit
 * kept or given back exactly once, and the steps a stage takes while its job may end under it.
 */
const input = z.object({ job_id: z.string().uuid(), start_at: z.enum(['cut', 'sew']).optional() });
const kind: JobKind<typeof input, { size: string }> = {
  kind: 'tailoring',
  workflow: defineWorkflow({
    name: 'tailoring',
    file: 'tailoring',
    comment: 'test',
    input,
    tasks: { Cut: { entry: 'x.ts', handler: 'cut', access: {}, memoryMb: 128, timeoutSeconds: 5 } },
    startAt: 'Cut',
    states: { Cut: task('Cut', { timeoutSeconds: 5, end: true }) },
  }),
  executionPrefix: 'tailor',
  input: (job, startAt) => ({ job_id: job.id, ...(startAt ? { start_at: startAt as 'cut' | 'sew' } : {}) }),
  failureMessage: (job, failure) =>
    failure.timedOut ? `The ${job.options.size} suit took too long.` : `The ${job.options.size} suit failed.`,
};

function setup() {
  const adapters = memoryAdapters();
  const givenBack: string[] = [];
  const ctx = jobContext({
    ...adapters,
    work: adapters.storage.uploads,
    meter: { giveBack: async (owner, period) => void givenBack.push(`${owner} ${period}`) },
  });
  return { ...adapters, ctx, givenBack };
}

/** A job as its kind knows it (the repository reads any kind's). */
const load = async (ctx: ReturnType<typeof setup>['ctx'], id: string) =>
  (await ctx.repo.get(id)) as JobRecord<{ size: string }>;

const request = {
  owner: 'user-1',
  target: { book_id: 'book-1', chapter_id: 'ch-1' },
  options: { size: 'M' },
};
const metered = { ...request, usage: { period: '2026-11' } };

describe('starting a job', () => {
  it('holds the unit it was given; a start that loses an exclusive race answers the winner and gives its unit back', async () => {
    const { ctx, givenBack, workflows } = setup();
    const exclusive = { ...metered, exclusive: 'ch-1#suit' };
    const [a, b] = await Promise.all([startJob(ctx, kind, exclusive), startJob(ctx, kind, exclusive)]);
    expect(a.id).toBe(b.id);
    expect(a.usage).toEqual({ period: '2026-11', state: 'held' });
    expect(givenBack).toEqual(['user-1 2026-11']);
    expect(workflows.executions).toHaveLength(1);
    expect(await ctx.repo.listForBook('book-1')).toHaveLength(1);
  });

  it('a start whose workflow cannot start fails the job in words and gives the unit back', async () => {
    const { ctx, givenBack, workflows } = setup();
    workflows.failNextStart = true;
    const job = await startJob(ctx, kind, metered);
    expect(job).toMatchObject({
      status: 'failed',
      error_message: jobMessages.couldNotStart,
      usage: { state: 'returned' },
    });
    expect(givenBack).toEqual(['user-1 2026-11']);
  });
});

describe('cancelling a job', () => {
  it('stops the execution, returns the unit once and removes the work files; an ended job stays as it is', async () => {
    const { ctx, givenBack, workflows, storage } = setup();
    const job = await startJob(ctx, kind, metered);
    await storage.uploads.put(`jobs/${job.id}/cut.json`, '{}', 'application/json');
    const cancelled = await cancelJob(ctx, job, 'Changed my mind');
    expect(cancelled).toMatchObject({ status: 'cancelled', usage: { state: 'returned' } });
    expect(workflows.executions[0]).toMatchObject({ status: 'ABORTED', stopCause: 'Changed my mind' });
    expect(storage.uploads.keys(`jobs/${job.id}/`)).toEqual([]);
    expect(await cancelJob(ctx, cancelled)).toBe(cancelled);
    // The stale copy the caller still holds cannot cancel (and give back) a second time.
    expect((await cancelJob(ctx, job)).status).toBe('cancelled');
    expect(givenBack).toEqual(['user-1 2026-11']);
  });

  it('a finished job keeps its unit', async () => {
    const { ctx, givenBack } = setup();
    const job = await startJob(ctx, kind, metered);
    expect(await finishJob(ctx, job.id)).toMatchObject({ status: 'ready', usage: { state: 'kept' } });
    expect(await cancelJob(ctx, await load(ctx, job.id))).toMatchObject({ status: 'ready' });
    expect(givenBack).toEqual([]);
  });
});

describe('retrying a job', () => {
  it('runs a failed job again from a step, under a new execution name, with new options when given', async () => {
    const { ctx, workflows } = setup();
    const job = await startJob(ctx, kind, request);
    await failJob(ctx, kind, job.id, { Error: 'Boom' });
    const again = await retryJob(ctx, kind, await load(ctx, job.id), 'sew', { options: { size: 'L' } });
    expect(again).toMatchObject({
      status: 'queued',
      attempt: 2,
      options: { size: 'L' },
      error_message: null,
    });
    expect(workflows.executions[1]).toMatchObject({
      name: `tailor-${job.id}-2`,
      input: { job_id: job.id, start_at: 'sew' },
    });
  });

  it('a ready job runs again only when asked (rerunReady)', async () => {
    const { ctx } = setup();
    const job = await startJob(ctx, kind, request);
    await finishJob(ctx, job.id);
    const ready = await load(ctx, job.id);
    expect(await retryJob(ctx, kind, ready)).toMatchObject({ status: 'ready', attempt: 1 });
    expect(await retryJob(ctx, kind, ready, 'sew', { rerunReady: true })).toMatchObject({
      status: 'queued',
      attempt: 2,
    });
  });

  it('a retry that loses the race to another gives back the unit it took', async () => {
    const { ctx, givenBack } = setup();
    const job = await startJob(ctx, kind, metered);
    await failJob(ctx, kind, job.id, { Error: 'Boom' });
    const failed = await load(ctx, job.id);
    const [a, b] = await Promise.all([
      retryJob(ctx, kind, failed, undefined, { usage: { period: '2026-12' } }),
      retryJob(ctx, kind, failed, undefined, { usage: { period: '2026-12' } }),
    ]);
    expect([a.attempt, b.attempt]).toEqual([2, 2]);
    // The failure gave the first unit back; of the two retries' units, the loser's went back.
    expect(givenBack).toEqual(['user-1 2026-11', 'user-1 2026-12']);
    expect((await load(ctx, job.id)).usage).toEqual({ period: '2026-12', state: 'held' });
  });
});

describe('stale-job recovery', () => {
  it('waits for the quiet time unless the caller judged it; a running execution is left alone', async () => {
    const { ctx, workflows, clock } = setup();
    const job = await startJob(ctx, kind, request);
    workflows.end(job.execution_arn!, 'FAILED');
    expect((await settleJob(ctx, job)).status).toBe('queued');
    expect(await settleJob(ctx, job, undefined, { quiet: false })).toMatchObject({
      status: 'failed',
      error_message: jobMessages.interrupted,
    });
    const running = await startJob(ctx, kind, request);
    clock.advance(QUIET_MS + 1);
    expect((await settleJob(ctx, running)).status).toBe('queued');
  });

  it('a metered job cut off without an outcome gives its unit back', async () => {
    const { ctx, workflows, clock, givenBack } = setup();
    const job = await startJob(ctx, kind, metered);
    workflows.end(job.execution_arn!, 'TIMED_OUT');
    clock.advance(QUIET_MS + 1);
    expect(await settleJob(ctx, job)).toMatchObject({ status: 'failed', usage: { state: 'returned' } });
    expect(givenBack).toEqual(['user-1 2026-11']);
  });
});

describe("a book's deletion", () => {
  it('stops the running jobs, gives back the units they held and removes records and work files', async () => {
    const { ctx, workflows, storage, givenBack } = setup();
    const running = await startJob(ctx, kind, metered);
    const done = await startJob(ctx, kind, metered);
    await finishJob(ctx, done.id);
    await storage.uploads.put(`jobs/${running.id}/cut.json`, '{}', 'application/json');
    const deleted = await deleteBookJobs(ctx, 'book-1', 'Book deleted');
    expect(deleted.map((j) => j.id).sort()).toEqual([running.id, done.id].sort());
    expect(workflows.executions.find((e) => e.arn === running.execution_arn)).toMatchObject({
      status: 'ABORTED',
    });
    expect(givenBack).toEqual(['user-1 2026-11']);
    expect(await ctx.repo.listForBook('book-1')).toEqual([]);
    expect(storage.uploads.keys('jobs/')).toEqual([]);
  });
});

describe('the steps a stage takes', () => {
  it('answers null once the job has ended, so the stage can stop', async () => {
    const { ctx } = setup();
    const job = await startJob(ctx, kind, request);
    expect(await beginJob(ctx, job.id, 'Cutting', 5)).toMatchObject({ status: 'running', progress: 5 });
    expect(await activeJob(ctx, job.id)).toMatchObject({ id: job.id });
    await cancelJob(ctx, await load(ctx, job.id));
    expect(await activeJob(ctx, job.id)).toBeNull();
    expect(await recordJob(ctx, job.id, { outputs: { cloth: 'wool' } })).toBeNull();
    expect(await countJobPart(ctx, job.id, 3, 'Seam {done} of {total}', 10, 90)).toBeNull();
    expect(await finishJob(ctx, job.id)).toBeNull();
    expect((await failJob(ctx, kind, job.id, { Error: 'Boom' })).recorded).toBe(false);
    expect(await recordJob(ctx, 'no-such-job', { progress: 50 })).toBeNull();
  });

  it('counts parts up to their total, whatever the order they finish in', async () => {
    const { ctx } = setup();
    const job = await startJob(ctx, kind, request);
    for (let i = 0; i < 4; i++) await countJobPart(ctx, job.id, 3, 'Seam {done} of {total}', 10, 90);
    expect(await ctx.repo.get(job.id)).toMatchObject({ progress: 90, step: 'Seam 3 of 3', parts_done: 4 });
  });

  it("fails a job in its kind's words, or the caller's, and names a timeout", async () => {
    const { ctx } = setup();
    const a = await startJob(ctx, kind, request);
    const timedOut = await failJob(ctx, kind, a.id, { Error: 'States.Timeout' });
    expect(timedOut.job).toMatchObject({ status: 'failed', error_message: 'The M suit took too long.' });
    const b = await startJob(ctx, kind, request);
    const worded = await failJob(ctx, kind, b.id, { Error: 'Boom' }, 'The sewing failed.');
    expect(worded.job!.error_message).toBe('The sewing failed.');
  });
});

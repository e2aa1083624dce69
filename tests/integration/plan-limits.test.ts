import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../functions/contracts/subscriptions';
import { subscriptionMessages } from '../../functions/contracts/subscriptions';
import type { GenerationStarted, VideoGeneration } from '../../functions/contracts/video';
import { createUser, readyBook, startTestRuntime, type TestRuntime } from './helpers';

/**
 * What a plan allows, through the public API on the local runtime: every run that makes a new film
 * takes one of the month's videos (a rerun of a completed generation too, refused 402 over the
 * limit; a failed run's retry costs nothing extra), and a run that is queued or running never
 * reads as ended.
 */
let t: TestRuntime;

const STORY =
  'Mara walked down to the harbour every evening. The fishing boats came home with the tide. ' +
  'Her father had built the lighthouse forty years before. The town trusted its light in every storm. ';
const TEXT = `Chapter 1\n\n${STORY.repeat(3)}\n\nChapter 2\n\nThe second chapter ends in the hills. ${STORY}`;

beforeAll(async () => {
  t = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  delete process.env.FAULT_INJECTION;
  delete process.env.FAULT_INJECTION_FIRED;
  await t?.stop();
});

const usage = async (token: string) => (await t.api<Usage>('GET', '/subscriptions/usage', { token })).body;
const status = async (token: string, id: string) =>
  (await t.api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`, { token })).body;

/** A free user's ready book with a two-scene script of its first chapter. */
async function freeUserWithScript() {
  const { accessToken: token } = await createUser(t, { role: 'author' });
  const { bookId, chapterId } = await readyBook(t, token, { title: 'Harbour light', text: TEXT });
  const script = await t.api<{ script_id: string }>('POST', '/ai/generate-script-and-scenes', {
    token,
    body: { chapter_id: chapterId, scene_count: 2 },
  });
  expect(script.status, JSON.stringify(script.body)).toBeLessThan(300);
  return { token, bookId, chapterId, scriptId: script.body.script_id };
}

const ENDED = ['completed', 'failed', 'cancelled'];

/**
 * Follows a run as the web app does, until its job ends: every answer while the job is queued or
 * running must say it runs (never one of the end states).
 */
async function followRun(token: string, id: string): Promise<VideoGeneration> {
  const seen: string[] = [];
  for (;;) {
    const answer = await status(token, id);
    if (answer.task_status === 'queued' || answer.task_status === 'running') {
      seen.push(`${answer.task_status}/${answer.generation_status}`);
      expect(ENDED, `a ${answer.task_status} run answered ${answer.generation_status}`).not.toContain(
        answer.generation_status,
      );
    } else return answer;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("the month's videos and runs made again", () => {
  it('a retry of a completed generation takes a unit and is refused 402 when none is left; a failed run retried costs nothing extra', async () => {
    const { token, chapterId, scriptId } = await freeUserWithScript();

    // A first run that fails in lip-sync gives its unit back…
    process.env.FAULT_INJECTION = 'pipeline.lipsync:once';
    let id: string;
    try {
      const started = await t.api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
        token,
        body: { script_id: scriptId, chapter_id: chapterId },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      id = started.body.video_generation_id;
      expect((await followRun(token, id)).generation_status).toBe('failed');
    } finally {
      delete process.env.FAULT_INJECTION;
    }
    expect(await usage(token)).toMatchObject({ current_period_videos: 0 });

    // …and its retry takes that unit again: one film, one unit. Its answer says it runs.
    const retried = await t.api<VideoGeneration>('POST', `/ai/retry-generation/${id}`, { token });
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(['queued', 'running']).toContain(retried.body.task_status);
    expect(ENDED).not.toContain(retried.body.generation_status);
    const first = await followRun(token, id);
    expect(first.generation_status, first.error_message ?? '').toBe('completed');
    expect(await usage(token)).toMatchObject({ current_period_videos: 1, remaining_videos: 1 });

    // New narration, then the completed generation run again from the audio: a new film, a unit.
    const edited = await t.api('PUT', `/ai/script/${scriptId}`, {
      token,
      body: { scenes: [{ scene_number: 1, narration: 'The lamp went dark, and Mara climbed the stairs.' }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await t.api<VideoGeneration>('POST', `/ai/retry-generation/${id}`, {
      token,
      body: { retry_from_step: 'audio' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(ENDED).not.toContain(again.body.generation_status);
    expect(await usage(token)).toMatchObject({ current_period_videos: 2, remaining_videos: 0 });
    const second = await followRun(token, id);
    expect(second.generation_status, second.error_message ?? '').toBe('completed');
    expect(second.video_url).not.toBe(first.video_url);

    // None left: every way of making this generation's film again is refused with the plan's 402.
    const refusals = [
      await t.api('POST', `/ai/retry-generation/${id}`, { token, body: { retry_from_step: 'audio' } }),
      await t.api('POST', `/ai/retry-generation/${id}`, { token, body: { retry_from_step: 'merge' } }),
      await t.api('POST', `/ai/retry-generation/${id}`, { token, body: { scene_numbers: [1] } }),
      await t.api('POST', `/ai/trigger-lip-sync/${id}`, { token }),
    ];
    const saved = await t.api('PUT', `/chapters/${chapterId}/video-production`, {
      token,
      body: { script_id: scriptId, scenes: [{ id: 's1', sceneNumber: 1, duration: 4 }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    refusals.push(
      await t.api('POST', `/chapters/${chapterId}/video-production/render`, {
        token,
        body: { script_id: scriptId },
      }),
    );
    for (const refused of refusals) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body).toMatchObject({
        detail: subscriptionMessages.limitReached,
        code: 'video_limit_reached',
      });
    }
    await t.runtime.stepFunctions.idle();
    expect(await usage(token)).toMatchObject({ current_period_videos: 2 });
    const unchanged = await status(token, id);
    expect(unchanged).toMatchObject({ generation_status: 'completed', video_url: second.video_url });
  }, 600_000);
});

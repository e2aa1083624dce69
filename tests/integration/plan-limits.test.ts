import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../../functions/contracts/subscriptions';
import { SUBSCRIPTION_TIERS, subscriptionMessages } from '../../functions/contracts/subscriptions';
import type { GenerationStarted, VideoGeneration } from '../../functions/contracts/video';
import { probe } from '../../functions/engine/media/ffmpeg';
import { chapterParagraphs } from '../fixtures/prose';
import { createUser, readyBook, startTestRuntime, writtenScript, type TestRuntime } from './helpers';

/**
 * What a plan allows, through the public API on the local runtime: every run that makes a new film
 * takes one of the month's videos (a rerun of a completed generation too, refused 402 over the
 * limit; a failed run's retry costs nothing extra), a run that is queued or running never reads
 * as ended, and no video is longer than the plan's longest (planned to fit, or refused in the
 * plan's words).
 */
let t: TestRuntime;
const work = mkdtempSync(join(tmpdir(), 'plan-limits-'));

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
  rmSync(work, { recursive: true, force: true });
});

const usage = async (token: string) => (await t.api<Usage>('GET', '/subscriptions/usage', { token })).body;
const status = async (token: string, id: string) =>
  (await t.api<VideoGeneration>('GET', `/ai/video-generation-status/${id}`, { token })).body;

/** A free user's ready book with a three-scene script (the fewest a script has) of its first chapter. */
async function freeUserWithScript() {
  const { accessToken: token } = await createUser(t, { role: 'author' });
  const { bookId, chapterId } = await readyBook(t, token, { title: 'Harbour light', text: TEXT });
  const script = await writtenScript(t, token, { chapter_id: chapterId, scene_count: 3 });
  return { token, bookId, chapterId, scriptId: script.script_id };
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

/** `count` words of generated prose, ending a sentence. */
function prose(seed: number, count: number): string {
  const text = chapterParagraphs(seed, count + 200)
    .join(' ')
    .split(/\s+/)
    .slice(0, count)
    .join(' ');
  return `${text.replace(/[.,;:!?"”]+$/, '')}.`;
}

/**
 * A chapter of long sentences (generated prose, three sentences joined into one), as 19th-century
 * novels write them: its lesson, untrimmed, runs well past two minutes.
 */
function longSentenceChapter(seed: number): string {
  return chapterParagraphs(seed, 2500)
    .map((paragraph) => {
      const sentences = paragraph.match(/[^.!?]+[.!?]+["”]?/g) ?? [paragraph];
      const joined: string[] = [];
      for (let i = 0; i < sentences.length; i += 3)
        joined.push(
          sentences
            .slice(i, i + 3)
            .map((s, k) => (k ? s.trim().replace(/^./, (c) => c.toLowerCase()) : s.trim()))
            .join(' and ')
            .replace(/[.!?](?= and )/g, ','),
        );
      return joined.join(' ');
    })
    .join('\n\n');
}

describe("the plan's longest video", () => {
  it("plans a free user's tutor video to fit 2 minutes, teaching fewer ideas", async () => {
    const { accessToken: token } = await createUser(t);
    const { chapterId } = await readyBook(t, token, {
      title: 'Harbour Lights',
      text: `# Harbour Lights\n\n## Chapter 1\n\n${longSentenceChapter(5)}`,
    });
    const started = await t.api<{ id: string }>('POST', '/ai/generate-realistic-video', {
      token,
      body: { chapter_id: chapterId, avatar_id: 'noah', tutorial_style: 'udemy' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await t.runtime.stepFunctions.idle();
    const job = await t.api<{ status: string; duration: number; video_url: string; error_message: string }>(
      'GET',
      `/ai/check-video-status/${started.body.id}`,
      { token },
    );
    expect(job.body.status, job.body.error_message).toBe('ready');
    const response = await fetch(`${new URL(t.runtime.apiUrl).origin}${job.body.video_url}`);
    const path = join(work, 'tutor.mp4');
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    const made = await probe(path);
    expect(made.duration).toBeLessThanOrEqual(SUBSCRIPTION_TIERS.free.max_video_duration + 0.5);
    expect(made.duration).toBeGreaterThan(30);
  }, 600_000);

  it("refuses a free user's chapter film that cannot fit 2 minutes before it starts, in the plan's words", async () => {
    const { token, chapterId, scriptId } = await freeUserWithScript();
    // The script has three scenes (the fewest a script has); each says long narration.
    const long = await t.api('PUT', `/ai/script/${scriptId}`, {
      token,
      body: {
        scenes: [1, 2, 3].map((n) => ({ scene_number: n, narration: prose(n, 180), dialogue: [] })),
      },
    });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    const refused = await t.api<{ detail: string; code: string }>(
      'POST',
      '/ai/generate-entertainment-video',
      {
        token,
        body: { script_id: scriptId, chapter_id: chapterId },
      },
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body.code).toBe('video_too_long');
    expect(refused.body.detail).toMatch(
      /^The Free plan makes videos of at most 2 min: this chapter's film would last 2 min \d+ s\. Make it shorter, or upgrade your plan\.$/,
    );
    expect(await usage(token)).toMatchObject({ current_period_videos: 0 });

    // Nor does a run make one longer than its words seemed: it fails in the plan's words, its unit back.
    const closer = await t.api('PUT', `/ai/script/${scriptId}`, {
      token,
      body: {
        // 384 words: under 2 minutes read at the fastest pace, over it at the pace voices read.
        scenes: [1, 2, 3].map((n) => ({ scene_number: n, narration: prose(n + 3, 128), dialogue: [] })),
      },
    });
    expect(closer.status).toBe(200);
    const started = await t.api<GenerationStarted>('POST', '/ai/generate-entertainment-video', {
      token,
      body: { script_id: scriptId, chapter_id: chapterId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const ended = await followRun(token, started.body.video_generation_id);
    expect(ended.generation_status).toBe('failed');
    expect(ended.error_message).toMatch(
      /The Free plan makes videos of at most 2 min: this film would last 2 min/,
    );
    expect(ended.video_url).toBeNull();
    expect(await usage(token)).toMatchObject({ current_period_videos: 0 });

    // The studio's timeline is measured exactly: longer than 2 minutes, its render is refused.
    const saved = await t.api('PUT', `/chapters/${chapterId}/video-production`, {
      token,
      body: {
        script_id: scriptId,
        scenes: [
          { id: 's1', sceneNumber: 1, duration: 70 },
          { id: 's2', sceneNumber: 2, duration: 50 },
          { id: 's3', sceneNumber: 3, duration: 20 },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const render = await t.api<{ detail: string; code: string }>(
      'POST',
      `/chapters/${chapterId}/video-production/render`,
      { token, body: { script_id: scriptId } },
    );
    expect(render.status, JSON.stringify(render.body)).toBe(402);
    expect(render.body).toMatchObject({ code: 'video_too_long' });
    expect(render.body.detail).toMatch(/this chapter's film would last 2 min 20 s/);
    expect(await usage(token)).toMatchObject({ current_period_videos: 0 });
  }, 600_000);
});

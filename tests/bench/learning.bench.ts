import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BookWithChapters } from '../../functions/contracts/books';
import type { LearningJob } from '../../functions/contracts/learning';
import { startLocalRuntime } from '../../infra/local/runtime';
import { makeTxtBookText } from '../fixtures/books';

/**
 * `npm run bench:learning`: on the whole local stack (API, Step Functions, workers, storage), the
 * time from the click (the generate call) to ready for the narration and the tutor video of a
 * ~3 000-word chapter, their ratio to the chapter's narrated duration (target: below 1, ready in
 * less time than it takes to listen), and how long each step of the run took.
 */
const WORDS = Number(process.env.BENCH_WORDS ?? 3000);

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bookstudio-learning-bench-'));
  const runtime = await startLocalRuntime({
    dataDir: join(work, 'data'),
    port: 0,
    publicHost: '127.0.0.1',
    logLevel: 'SILENT',
  });
  try {
    const api = async <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${runtime.apiUrl}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined && !(body instanceof FormData)
            ? { 'content-type': 'application/json' }
            : {}),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const email = `bench-${Date.now()}@example.com`;
    await api('POST', '/auth/register', undefined, {
      display_name: 'Bench',
      email,
      password: 'Bench-Lantern-42',
    });
    await api('POST', '/auth/verify-email', undefined, { email, code: runtime.mailbox.list(email)[0]!.code });
    const { access_token: token } = await api<{ access_token: string }>('POST', '/auth/login', undefined, {
      email,
      password: 'Bench-Lantern-42',
    });

    const form = new FormData();
    form.set('book_type', 'learning');
    form.set('title', 'Bench Book');
    form.set(
      'text_content',
      makeTxtBookText({ chapters: 2, wordsPerChapter: WORDS, headingStyle: 'markdown' }),
    );
    const { id: bookId } = await api<{ id: string }>('POST', '/books/upload', token, form);
    await runtime.stepFunctions.idle();
    const status = await api<{ preview_chapters: { title: string; chapter_number: number }[] }>(
      'GET',
      `/books/${bookId}/status`,
      token,
    );
    await api('POST', `/books/${bookId}/save-structure`, token, {
      chapters: status.preview_chapters.map((c) => ({
        title: c.title,
        chapter_number: c.chapter_number,
        source_chapter_number: c.chapter_number,
      })),
    });
    await runtime.stepFunctions.idle();
    const book = await api<BookWithChapters>('GET', `/books/${bookId}`, token);
    const chapter = book.chapters[0]!;

    /** Click → ready, polling as often as the UI could, with the time spent in each step. */
    const timeJob = async (path: string, body: unknown) => {
      const started = performance.now();
      const job = await api<LearningJob>('POST', path, token, body);
      const steps: { step: string; at: number }[] = [];
      for (;;) {
        const current = await api<LearningJob>('GET', `/ai/check-video-status/${job.id}`, token);
        const stepName = current.step.replace(/\d+ of \d+/, 'N of M');
        if (steps.at(-1)?.step !== stepName) steps.push({ step: stepName, at: performance.now() - started });
        if (current.status === 'ready') return { ms: performance.now() - started, job: current, steps };
        if (current.status === 'failed') throw new Error(current.error_message ?? 'failed');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const narration = await timeJob('/ai/generate-audio-narration', { chapter_id: chapter.id });
    const tutor = await timeJob('/ai/generate-realistic-video', {
      chapter_id: chapter.id,
      tutorial_style: 'udemy',
    });

    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(`Chapter: “${chapter.title}”, ${chapter.word_count} words`);
    const listen = narration.job.duration!;
    const report = (name: string, run: typeof narration) => {
      const ratio = run.ms / 1000 / listen;
      console.log(
        `${name.padEnd(12)} click → ready ${(run.ms / 1000).toFixed(1).padStart(6)} s   media ${run.job.duration!.toFixed(1)} s   ratio to the chapter's narration (${listen.toFixed(0)} s) ${ratio.toFixed(2)} (target < 1: ${ratio < 1 ? 'met' : 'NOT met'})`,
      );
      run.steps.forEach((s, i) => {
        const end = run.steps[i + 1]?.at ?? run.ms;
        console.log(`    ${s.step.padEnd(34)} ${((end - s.at) / 1000).toFixed(1).padStart(6)} s`);
      });
    };
    report('Narration', narration);
    report('Tutor video', tutor);
  } finally {
    await runtime.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withTempDir } from '../../../functions/engine/media/temp';
import type { MergeRequest, TranscodeRequest } from '../../../functions/engine/video/types';
import { createJobs } from '../../../functions/jobs';
import {
  combineStage,
  recordFileFailureStage,
  transcodeStage,
  type VideoFileDeps,
} from '../../../functions/video/jobs/files.stages';
import { videoCombineJob, videoDownloadJob } from '../../../functions/video/jobs/kinds';
import { videoKeys } from '../../../functions/video/model';
import { memoryAdapters } from '../../support/memory';

/**
 * The download and combine stages on the in-memory ports with a video engine double: what is asked
 * of the engine, what is stored and recorded, and a job cancelled while its file is made.
 */
function setup() {
  const adapters = memoryAdapters();
  const jobs = createJobs({ ...adapters, work: adapters.storage.uploads });
  const asked: {
    transcode: TranscodeRequest[];
    merge: MergeRequest[];
    subtitles: { film: string; vtt: string }[];
  } = { transcode: [], merge: [], subtitles: [] };
  let during: (() => Promise<unknown>) | null = null;
  const deps: VideoFileDeps = {
    jobs,
    media: adapters.storage.media,
    tempDir: withTempDir,
    film: {
      async addSubtitleStream(film, vtt, _format, outputPath) {
        asked.subtitles.push({ film, vtt: await readFile(vtt, 'utf8') });
        await writeFile(outputPath, `${await readFile(film, 'utf8')}+subtitles`);
      },
    },
    engine: {
      video: {
        async transcode(request) {
          asked.transcode.push(request);
          request.onProgress?.(0.5);
          await during?.();
          await writeFile(request.outputPath, 'a'.repeat(1234));
          return {
            path: request.outputPath,
            method: 'encode',
            probe: { duration: 10, bytes: 1234, formatName: 'mp4' },
          };
        },
        async probe(path) {
          return {
            duration: path.endsWith('in-0.mp4') ? 30 : 20,
            bytes: 1,
            formatName: 'mp4',
            video: { codec: 'h264', width: 1280, height: 720, fps: 24, pixelFormat: 'yuv420p' },
          };
        },
        async merge(request) {
          asked.merge.push(request);
          await during?.();
          await writeFile(request.outputPath, 'joined');
          return {
            path: request.outputPath,
            method: 'stream_copy',
            probe: { duration: 50, bytes: 6, formatName: 'mp4' },
          };
        },
      },
    },
  };
  const whileMaking = (run: () => Promise<unknown>) => (during = run);
  return { ...adapters, jobs, deps, asked, whileMaking };
}

const target = { book_id: 'book-1', chapter_id: 'chapter-1' };

describe('the download stage', () => {
  it('makes the copy at the asked quality, stores it and finishes the job with its size', async () => {
    const { deps, jobs, asked, storage } = setup();
    const output = 'media/books/book-1/video/g/downloads/final-1-web.mp4';
    await storage.media.put('media/books/book-1/video/g/final-1.mp4', 'film', 'video/mp4');
    const job = await jobs.start(videoDownloadJob, {
      owner: 'owner',
      target,
      options: {
        generation_id: 'g',
        quality: 'web',
        source_key: 'media/books/book-1/video/g/final-1.mp4',
        output_key: output,
        height: 480,
      },
    });
    expect(await transcodeStage(deps, { job_id: job.id })).toEqual({ job_id: job.id, bytes: 1234 });
    expect(asked.transcode[0]).toMatchObject({ quality: 'low', format: 'mp4' });
    expect((await storage.media.head(output))!.size).toBe(1234);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'ready', outputs: { bytes: 1234 } });
  });

  it("carries the film's subtitles into the copy as its subtitle stream", async () => {
    const { deps, jobs, asked, storage } = setup();
    const output = 'media/books/book-1/video/g/downloads/final-1-web.mp4';
    const subtitles = 'media/books/book-1/video/g/final-1.vtt';
    await storage.media.put('media/books/book-1/video/g/final-1.mp4', 'film', 'video/mp4');
    await storage.media.put(subtitles, 'WEBVTT\n\n1\n00:00:00.250 --> 00:00:01.000\nHello\n', 'text/vtt');
    const job = await jobs.start(videoDownloadJob, {
      owner: 'owner',
      target,
      options: {
        generation_id: 'g',
        quality: 'web',
        source_key: 'media/books/book-1/video/g/final-1.mp4',
        output_key: output,
        height: 480,
        subtitles_key: subtitles,
      },
    });
    await transcodeStage(deps, { job_id: job.id });
    expect(asked.subtitles).toHaveLength(1);
    expect(asked.subtitles[0]!.vtt).toContain('00:00:00.250 --> 00:00:01.000\nHello');
    // The stored download is the encoded copy with the subtitles added.
    expect(Buffer.from(await storage.media.getBytes(output)).toString('utf8')).toBe(
      `${'a'.repeat(1234)}+subtitles`,
    );
  });

  it('a job cancelled while the copy is made keeps no copy', async () => {
    const { deps, jobs, storage, whileMaking } = setup();
    const output = 'media/books/book-1/video/g/downloads/final-1-high.mp4';
    await storage.media.put('media/books/book-1/video/g/final-1.mp4', 'film', 'video/mp4');
    const job = await jobs.start(videoDownloadJob, {
      owner: 'owner',
      target,
      options: {
        generation_id: 'g',
        quality: 'high',
        source_key: 'media/books/book-1/video/g/final-1.mp4',
        output_key: output,
        height: 1080,
      },
    });
    whileMaking(async () => jobs.cancel((await jobs.get(job.id))!));
    await expect(transcodeStage(deps, { job_id: job.id })).rejects.toMatchObject({ name: 'JobGoneError' });
    expect(await storage.media.head(output)).toBeNull();
  });
});

describe('the combine stage', () => {
  it("joins the films one after the other at the first one's rate, and records the result", async () => {
    const { deps, jobs, asked, storage } = setup();
    for (const name of ['a', 'b'])
      await storage.media.put(`media/books/book-1/video/${name}.mp4`, name, 'video/mp4');
    const job = await jobs.start(videoCombineJob, {
      owner: 'owner',
      target,
      options: { source_keys: ['media/books/book-1/video/a.mp4', 'media/books/book-1/video/b.mp4'] },
    });
    expect(await combineStage(deps, { job_id: job.id })).toEqual({ job_id: job.id, method: 'stream_copy' });
    expect(asked.merge[0]!.inputs.map((i) => i.start_time)).toEqual([0, 30]);
    expect(asked.merge[0]!.params).toMatchObject({ fps: 24 });
    const key = videoKeys.combined('book-1', job.id);
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'ready',
      outputs: { key, duration: 50, method: 'stream_copy', bytes: 6 },
    });
    expect(await storage.media.head(key)).not.toBeNull();
  });

  it("joins the films' subtitles too, each film's cues moved to where it starts", async () => {
    const { deps, jobs, asked, storage } = setup();
    for (const name of ['a', 'b', 'c'])
      await storage.media.put(`media/books/book-1/video/${name}.mp4`, name, 'video/mp4');
    await storage.media.put(
      'media/books/book-1/video/a.vtt',
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nFirst &amp; foremost\n',
      'text/vtt',
    );
    await storage.media.put(
      'media/books/book-1/video/c.vtt',
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.500\nThird\nline two\n',
      'text/vtt',
    );
    const job = await jobs.start(videoCombineJob, {
      owner: 'owner',
      target,
      options: {
        source_keys: ['a', 'b', 'c'].map((n) => `media/books/book-1/video/${n}.mp4`),
        subtitles_keys: ['media/books/book-1/video/a.vtt', null, 'media/books/book-1/video/c.vtt'],
      },
    });
    await combineStage(deps, { job_id: job.id });
    // Films of 30, 20 and 20 s: the third film's cue starts 50 s in.
    expect(asked.subtitles).toHaveLength(1);
    expect(asked.subtitles[0]!.vtt).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nFirst &amp; foremost\n\n2\n00:00:50.500 --> 00:00:51.500\nThird\nline two\n',
    );
    const sidecar = videoKeys.combinedSubtitles('book-1', job.id);
    expect(Buffer.from(await storage.media.getBytes(sidecar)).toString('utf8')).toBe(asked.subtitles[0]!.vtt);
    expect(Buffer.from(await storage.media.getBytes(videoKeys.combined('book-1', job.id))).toString()).toBe(
      'joined+subtitles',
    );
    expect(await jobs.get(job.id)).toMatchObject({ outputs: { subtitles_key: sidecar } });
  });

  it('a job cancelled while the films are joined keeps neither the video nor its subtitles', async () => {
    const { deps, jobs, storage, whileMaking } = setup();
    for (const name of ['a', 'b']) {
      await storage.media.put(`media/books/book-1/video/${name}.mp4`, name, 'video/mp4');
      await storage.media.put(
        `media/books/book-1/video/${name}.vtt`,
        'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n',
        'text/vtt',
      );
    }
    const job = await jobs.start(videoCombineJob, {
      owner: 'owner',
      target,
      options: {
        source_keys: ['a', 'b'].map((n) => `media/books/book-1/video/${n}.mp4`),
        subtitles_keys: ['a', 'b'].map((n) => `media/books/book-1/video/${n}.vtt`),
      },
    });
    whileMaking(async () => jobs.cancel((await jobs.get(job.id))!));
    await expect(combineStage(deps, { job_id: job.id })).rejects.toMatchObject({ name: 'JobGoneError' });
    expect(await storage.media.head(videoKeys.combined('book-1', job.id))).toBeNull();
    expect(await storage.media.head(videoKeys.combinedSubtitles('book-1', job.id))).toBeNull();
  });

  it("a failure is recorded in the words of the job's own kind", async () => {
    const { deps, jobs } = setup();
    const job = await jobs.start(videoCombineJob, { owner: 'owner', target, options: { source_keys: [] } });
    await recordFileFailureStage(deps, { job_id: job.id, error: { Error: 'States.Timeout' } });
    expect((await jobs.get(job.id))!.error_message).toBe(
      'Combining the videos took too long. Please try again.',
    );
  });
});

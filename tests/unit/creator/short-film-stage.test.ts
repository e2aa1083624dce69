import { describe, expect, it } from 'vitest';
import { createStage, type CreationStageDeps } from '../../../functions/creator/jobs/creation.stages';
import { CREATION_JOB_KINDS } from '../../../functions/creator/model';
import { PaymentRequiredError } from '../../../functions/lib/errors';

/**
 * The short film's stage: a book of one chapter, its script, the film started with the asked
 * frame, narrator and score; when no film comes of it (the month's last video taken meanwhile, a
 * script that cannot be written) the book made for it goes and the failure keeps its words.
 */
const JOB_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const CHAPTER_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SCRIPT_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

function stageDeps(startFilm: CreationStageDeps['films']['startFilm']) {
  const seen = { recorded: {} as Record<string, unknown>, discarded: [] as string[], finished: false };
  const job = {
    id: JOB_ID,
    kind: CREATION_JOB_KINDS.video,
    owner_id: 'u1',
    options: {
      prompt: 'Ada climbs the stairs. “The lamp is yours,” she says.',
      prompt_id: 'p1',
      aspect_ratio: '9:16',
      voice: 'v2',
      music: 'eerie',
    },
    outputs: {},
  };
  const deps = {
    jobs: {
      active: async () => job,
      begin: async () => undefined,
      progress: async () => undefined,
      record: async (_id: string, patch: { outputs: Record<string, unknown> }) =>
        Object.assign(seen.recorded, patch.outputs),
      finish: async () => {
        seen.finished = true;
      },
    },
    engine: { text: { generate: async () => ({ text: '' }) } },
    textModel: false,
    books: { createBookFromUpload: async () => ({ id: 'x', title: 'x' }) },
    films: {
      createSingleChapterBook: async (request: { title: string }) => ({
        book: { id: 'b1', title: request.title },
        chapter: { id: CHAPTER_ID },
      }),
      writeScript: async () => ({ id: SCRIPT_ID }),
      discardBook: async (_user: string, bookId: string) => {
        seen.discarded.push(bookId);
      },
      startFilm,
    },
  } as unknown as CreationStageDeps;
  return { deps, seen };
}

describe("a short film's stage", () => {
  it('starts the chapter film of its book in the asked frame, narrator and score', async () => {
    let asked: unknown[] = [];
    const { deps, seen } = stageDeps(async (...args) => {
      asked = args;
      return { video_generation_id: 'g1' };
    });
    await createStage(deps, { job_id: JOB_ID });
    const [user, input, , film, sound] = asked as [
      string,
      { chapter_id: string; script_id: string },
      null,
      { width: number; height: number },
      unknown,
    ];
    expect(user).toBe('u1');
    expect(input).toMatchObject({ chapter_id: CHAPTER_ID, script_id: SCRIPT_ID });
    expect(film.height).toBeGreaterThan(film.width);
    expect(sound).toEqual({ narrator_voice: 'v2', music: { enabled: true, mood: 'eerie' } });
    expect(seen.recorded).toMatchObject({ book_id: 'b1', script_id: SCRIPT_ID, generation_id: 'g1' });
    expect(seen.recorded.book_title).toMatch(/^Short film: Ada climbs the stairs/);
    expect(seen.finished).toBe(true);
    expect(seen.discarded).toEqual([]);
  });

  it('lets the book go when the film cannot start, keeping the refusal in its words', async () => {
    const { deps, seen } = stageDeps(async () => {
      throw new PaymentRequiredError('No videos left this month.', 'video_limit_reached');
    });
    await expect(createStage(deps, { job_id: JOB_ID })).rejects.toThrow('No videos left this month.');
    expect(seen.discarded).toEqual(['b1']);
    expect(seen.finished).toBe(false);
  });
});

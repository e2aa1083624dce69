import { plotMessages, type PlotGenerationJob, type PlotOverview } from '../contracts/plots';
import { ConflictError, NotFoundError } from '../lib/errors';
import { PLOT_LOCK, plotGenerationJob } from './jobs/kinds';
import {
  type CharacterRecord,
  type PlotGenerationOptions,
  type PlotJobRecord,
  type PlotRecord,
} from './model';
import {
  characterFromProfile,
  plotView,
  plotJobView,
  type PlotsContext,
  now,
  nameKey,
  isPlotJob,
} from './common';
import { voiceFor, deletePortraits } from './characters';

/**
 * Starts planning the plot overview of the caller's book. A generation already running for the
 * book is answered instead of starting a second one.
 */
export async function startGeneration(
  deps: PlotsContext,
  userId: string,
  bookId: string,
  options: PlotGenerationOptions,
): Promise<PlotGenerationJob> {
  const book = await deps.books.loadOwnedBook(bookId, userId);
  if (book.status !== 'READY' || book.review_pending)
    throw new ConflictError(plotMessages.bookNotReady, 'book_not_ready');
  const job = await deps.jobs.start(plotGenerationJob, {
    owner: userId,
    target: { book_id: book.id },
    options,
    exclusive: PLOT_LOCK,
  });
  const plot = await deps.repo.getPlotOfBook(book.id);
  return plotJobView(job, plot?.id ?? null);
}

/** The latest plot generation of the book (a quiet one is checked against its execution). */
export async function generationStatus(
  deps: PlotsContext,
  userId: string,
  bookId: string,
): Promise<PlotGenerationJob> {
  const book = await deps.books.loadOwnedBook(bookId, userId);
  const [latest] = (await deps.jobs.listForBook(book.id, '-')).filter(isPlotJob);
  if (!latest) throw new NotFoundError(plotMessages.generationNotFound, 'plot_generation_not_found');
  const job = await deps.jobs.settle(latest);
  const plot = await deps.repo.getPlotOfBook(book.id);
  return plotJobView(job, plot?.id ?? null);
}

export async function overviewOf(deps: PlotsContext, userId: string, bookId: string): Promise<PlotOverview> {
  const book = await deps.books.loadOwnedBook(bookId, userId);
  const plot = await deps.repo.getPlotOfBook(book.id);
  if (!plot) throw new NotFoundError(plotMessages.plotNotFound, 'plot_not_found');
  return plotView(plot, await deps.repo.listCharacters(book.id));
}

/**
 * The work of a plot generation: reads every chapter, plans the overview and saves it. The
 * overview replaces the previous one (same id); the generated cast replaces the previous
 * generated cast, keeping the id and portrait of a character of the same name. Characters the
 * user created or edited stay (and win over a generated one of the same name) unless the job
 * was asked to replace them.
 */
export async function generatePlot(
  deps: PlotsContext,
  job: PlotJobRecord,
  report: (progress: number, step: string) => Promise<unknown> = async () => undefined,
): Promise<PlotRecord> {
  const book = await deps.books.bookOf(job.target.book_id ?? '');
  if (!book) throw new Error(`The book of plot job ${job.id} no longer exists`);
  const chapters = (await deps.books.chaptersOf(book.id)).sort((a, b) => a.order_index - b.order_index);
  const texts = await Promise.all(
    chapters.map(async (c) => ({ title: c.title, content: await deps.books.chapterText(c) })),
  );
  await report(20, 'Reading the story');
  const planned = await deps.engine().text.plotOverview({ title: book.title, chapters: texts });
  await report(80, 'Saving the plot overview');

  const [previous, existing] = await Promise.all([
    deps.repo.getPlotOfBook(book.id),
    deps.repo.listCharacters(book.id),
  ]);
  const at = now(deps);
  const plot: PlotRecord = {
    id: previous?.id ?? deps.uuid(),
    book_id: book.id,
    owner_id: book.owner_id,
    logline: planned.logline,
    genre: planned.genre,
    tone: planned.tone,
    audience: planned.audience,
    setting: planned.setting,
    script_story_type: planned.script_story_type,
    story_type: planned.story_type,
    themes: planned.themes,
    job_id: job.id,
    created_at: previous?.created_at ?? at,
    updated_at: at,
  };

  const replaceAll = job.options.replace_characters;
  const kept = replaceAll ? [] : existing.filter((c) => c.user_edited);
  const keptNames = new Set(kept.map((c) => nameKey(c.name)));
  const reusable = new Map(
    replaceAll ? [] : existing.filter((c) => !c.user_edited).map((c) => [nameKey(c.name), c] as const),
  );
  const generated = planned.characters
    .filter((profile) => !keptNames.has(nameKey(profile.name)))
    .map((profile, order): CharacterRecord => {
      const same = reusable.get(nameKey(profile.name));
      const story = characterFromProfile(profile);
      return {
        id: same?.id ?? deps.uuid(),
        plot_id: plot.id,
        book_id: book.id,
        owner_id: book.owner_id,
        ...story,
        // A voice chosen for another sex (read wrongly before) is chosen again.
        voice:
          profile.voice ||
          (same?.gender === story.gender ? same.voice : '') ||
          voiceFor(deps, book, story.gender, profile.seed),
        origin: 'generated',
        user_edited: false,
        order,
        image_key: same?.image_key ?? null,
        image_width: same?.image_width ?? null,
        image_height: same?.image_height ?? null,
        image_job_id: same?.image_job_id ?? null,
        look: same?.look ?? null,
        image_outdated: Boolean(
          same?.image_key && same.physical_description !== profile.physical_description,
        ),
        created_at: same?.created_at ?? at,
        updated_at: at,
      };
    });
  const stays = new Set([...kept, ...generated].map((c) => c.id));
  const removed = existing.filter((c) => !stays.has(c.id));

  await deps.repo.putPlot(plot);
  for (const character of generated) await deps.repo.putCharacter(character);
  await deps.repo.deleteCharacters(removed);
  await deletePortraits(deps, removed);
  return plot;
}

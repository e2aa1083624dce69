import type { CreatorPrompt } from '../contracts/api';
import { creatorMessages, type Creation, type CreationKind } from '../contracts/creator';
import type { PromptKind } from '../contracts/validation';
import { processingStatus, type Jobs } from '../jobs';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { isoNow, type Clock, type Table } from '../lib/ports';
import { creationJobs } from './jobs/kinds';
import { creationKindOf, type CreationJob, type CreationOptions } from './model';
import { createPromptRepository } from './repository';

/**
 * Creator Mode: authors keep prompts for books, scripts and videos they want to make, and turn
 * them into creations. Each generate action keeps its prompt as a draft and starts a job; the page
 * follows the job and shows what it made.
 */
export interface CreatorDeps {
  table: Table;
  clock: Clock;
  sortableId: () => string;
  jobs: Pick<Jobs, 'start' | 'get' | 'settle' | 'listForOwner'>;
  /** A text model is configured (books need one). */
  textModel: () => boolean;
}

function creationView(job: CreationJob): Creation {
  return {
    id: job.id,
    kind: creationKindOf(job.kind)!,
    status: processingStatus(job.status),
    progress: job.progress,
    step: job.step,
    error_message: job.error_message,
    prompt: job.options.prompt,
    script: job.outputs.script ?? null,
    book_id: job.outputs.book_id ?? null,
    book_title: job.outputs.book_title ?? null,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

export function createCreatorService(deps: CreatorDeps) {
  const prompts = createPromptRepository(deps.table);
  const savePrompt = async (userId: string, kind: PromptKind, text: string): Promise<CreatorPrompt> => {
    const prompt: CreatorPrompt = {
      id: deps.sortableId(),
      kind,
      prompt: text.trim(),
      created_at: isoNow(deps.clock),
    };
    await prompts.put(userId, prompt);
    return prompt;
  };
  const start = async (
    userId: string,
    kind: CreationKind,
    text: string,
    extra: Partial<CreationOptions> = {},
  ) => {
    const draft = await savePrompt(userId, kind, text);
    const job = await deps.jobs.start(creationJobs[kind], {
      owner: userId,
      target: { prompt_id: draft.id },
      options: { prompt: draft.prompt, prompt_id: draft.id, ...extra },
    });
    return creationView(job as CreationJob);
  };
  return {
    async list(userId: string, kind?: PromptKind): Promise<CreatorPrompt[]> {
      const all = await prompts.list(userId);
      return kind ? all.filter((p) => p.kind === kind) : all;
    },
    create: savePrompt,
    async remove(userId: string, id: string): Promise<void> {
      if (!(await prompts.delete(userId, id))) throw new NotFoundError('Prompt not found');
    },

    /** A screenplay from the prompt: written by the text model, or arranged from the prompt's words. */
    startScript: (userId: string, text: string) => start(userId, 'script', text),

    /** A book written from the prompt; refused in words when no text model is configured. */
    startBook(userId: string, text: string, bookType: CreationOptions['book_type']) {
      if (!deps.textModel()) throw new BadRequestError(creatorMessages.bookNeedsModel, 'text_model_required');
      return start(userId, 'book', text, { book_type: bookType });
    },

    /** One of the caller's creations (a quiet one is checked against its execution). */
    async creation(userId: string, id: string): Promise<Creation> {
      const job = (await deps.jobs.get<CreationOptions>(id)) as CreationJob | null;
      if (!job || job.owner_id !== userId || !creationKindOf(job.kind))
        throw new NotFoundError(creatorMessages.creationNotFound, 'creation_not_found');
      return creationView((await deps.jobs.settle(job)) as CreationJob);
    },

    /** The caller's creations, newest first. */
    async creations(userId: string): Promise<Creation[]> {
      const jobs = await deps.jobs.listForOwner(userId);
      return (jobs as CreationJob[])
        .filter((j) => creationKindOf(j.kind))
        .slice(0, 50)
        .map(creationView);
    },
  };
}

export type CreatorService = ReturnType<typeof createCreatorService>;

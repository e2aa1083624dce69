import type { CreatorPrompt } from '../contracts/api';
import {
  creatorMessages,
  type Creation,
  type CreationKind,
  type CreatorVideoRequest,
} from '../contracts/creator';
import { PAYMENT_REQUIRED_CODES, subscriptionMessages } from '../contracts/subscriptions';
import { audioMessages } from '../contracts/audio';
import type { PromptKind } from '../contracts/validation';
import { processingStatus, type Jobs } from '../jobs';
import { BadRequestError, NotFoundError, PaymentRequiredError } from '../lib/errors';
import type { VideoGenerationJob } from '../video/model';
import { withFilm } from './film';
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
  /** The voice ids of the catalogue (a short film's narrator is one of them). */
  voices: () => string[];
  /** Whether the user's plan has a video left this month (a short film takes one). */
  videoLeft: (userId: string) => Promise<boolean>;
}

function creationView(job: CreationJob): Creation {
  const base: Creation = {
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
    video: null,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
  return base;
}

export function createCreatorService(deps: CreatorDeps) {
  const prompts = createPromptRepository(deps.table);
  /** A creation as the page sees it: a short film's follows its film's own job once it started. */
  const viewOf = async (job: CreationJob): Promise<Creation> => {
    const base = creationView(job);
    if (base.kind !== 'video') return base;
    const found = job.outputs.generation_id ? await deps.jobs.get(job.outputs.generation_id) : null;
    const generation = found ? ((await deps.jobs.settle(found)) as VideoGenerationJob) : null;
    return withFilm(base, job, generation);
  };
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
    return viewOf(job as CreationJob);
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

    /**
     * A short film from the prompt: refused at once, in the plan's words, when no video is left
     * this month, and when the narrator named is not a voice of the list.
     */
    async startVideo(userId: string, request: CreatorVideoRequest) {
      if (request.voice && !deps.voices().includes(request.voice))
        throw new BadRequestError(audioMessages.voiceUnknown(request.voice.slice(0, 100)), 'voice_not_found');
      if (!(await deps.videoLeft(userId)))
        throw new PaymentRequiredError(subscriptionMessages.limitReached, PAYMENT_REQUIRED_CODES.videoLimit);
      return start(userId, 'video', request.prompt, {
        aspect_ratio: request.aspect_ratio,
        voice: request.voice || null,
        music: request.music,
      });
    },

    /** One of the caller's creations (a quiet one is checked against its execution). */
    async creation(userId: string, id: string): Promise<Creation> {
      const job = (await deps.jobs.get<CreationOptions>(id)) as CreationJob | null;
      if (!job || job.owner_id !== userId || !creationKindOf(job.kind))
        throw new NotFoundError(creatorMessages.creationNotFound, 'creation_not_found');
      return viewOf((await deps.jobs.settle(job)) as CreationJob);
    },

    /** The caller's creations, newest first. */
    async creations(userId: string): Promise<Creation[]> {
      const jobs = await deps.jobs.listForOwner(userId);
      const creations = (jobs as CreationJob[]).filter((j) => creationKindOf(j.kind)).slice(0, 50);
      return Promise.all(creations.map(viewOf));
    },
  };
}

export type CreatorService = ReturnType<typeof createCreatorService>;

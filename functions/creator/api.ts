import { z } from 'zod';
import {
  creatorBookRequest,
  creatorScriptRequest,
  creatorVideoRequest,
  promptRequest,
} from '../contracts/creator';
import { getEngine } from '../engine';
import { subscriptions } from '../subscriptions/instance';
import { PROMPT_KINDS } from '../contracts/validation';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { accepted, created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { sortableId } from '../lib/ids';
import { creatorCapabilitiesOf, hasTextModel } from './capabilities';
import { createCreatorService, type CreatorService } from './service';

let service: CreatorService | undefined;
const creator = () =>
  (service ??= createCreatorService({
    ...getAdapters(),
    sortableId,
    jobs: getJobs(),
    textModel: hasTextModel,
    voices: () =>
      getEngine()
        .speech.voices()
        .map((v) => v.id),
    videoLeft: async (userId) => (await subscriptions().usage(userId)).can_generate_video,
  }));

const listPrompts = defineHandler(
  { query: z.object({ kind: z.enum(PROMPT_KINDS).optional() }) },
  async (ctx) => ok(await creator().list(requireUser(ctx).userId, ctx.query.kind)),
);

const createPrompt = defineHandler({ body: promptRequest }, async (ctx) =>
  created(await creator().create(requireUser(ctx).userId, ctx.body.kind, ctx.body.prompt)),
);

const deletePrompt = defineHandler(
  { params: z.object({ id: z.string().regex(/^[0-9a-z]{9}[0-9a-f]{16}$/) }) },
  async (ctx) => {
    await creator().remove(requireUser(ctx).userId, ctx.params.id);
    return noContent();
  },
);

const capabilities = defineHandler({}, async () => ok(creatorCapabilitiesOf()));

const generateScript = defineHandler({ body: creatorScriptRequest }, async (ctx) =>
  accepted(await creator().startScript(requireUser(ctx).userId, ctx.body.prompt)),
);

const generateBook = defineHandler({ body: creatorBookRequest }, async (ctx) =>
  accepted(await creator().startBook(requireUser(ctx).userId, ctx.body.prompt, ctx.body.book_type)),
);

const generateVideo = defineHandler({ body: creatorVideoRequest }, async (ctx) =>
  accepted(await creator().startVideo(requireUser(ctx).userId, ctx.body)),
);

const listCreations = defineHandler({}, async (ctx) =>
  ok(await creator().creations(requireUser(ctx).userId)),
);

const creationStatus = defineHandler({ params: z.object({ id: z.string().uuid() }) }, async (ctx) =>
  ok(await creator().creation(requireUser(ctx).userId, ctx.params.id)),
);

export const handlers = {
  listPrompts,
  createPrompt,
  deletePrompt,
  capabilities,
  generateScript,
  generateBook,
  generateVideo,
  listCreations,
  creationStatus,
};
export const handler = createApiHandler('creator', handlers);

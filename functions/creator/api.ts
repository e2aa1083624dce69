import { z } from 'zod';
import { promptRequest } from '../contracts/creator';
import { PROMPT_KINDS } from '../contracts/validation';
import { getAdapters } from '../lib/adapters';
import { createApiHandler } from '../lib/api-handler';
import { created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { sortableId } from '../lib/ids';
import { createCreatorService, type CreatorService } from './service';

let service: CreatorService | undefined;
const creator = () => (service ??= createCreatorService({ ...getAdapters(), sortableId }));

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

export const handlers = { listPrompts, createPrompt, deletePrompt };
export const handler = createApiHandler('creator', handlers);

import { z } from 'zod';
import {
  bulkDeleteCharactersRequest,
  characterImageRequest,
  createCharacterRequest,
  generatePlotRequest,
  updateCharacterRequest,
} from '../contracts/plot-requests';
import { createApiHandler } from '../lib/api-handler';
import { accepted, created, defineHandler, ok, requireUser } from '../lib/http';
import { plots } from './instance';

const idParam = z.object({ id: z.string().max(100) });

/** Starts planning the book's plot overview (a job); poll GET /plots/books/{id}/status. */
const generatePlot = defineHandler({ params: idParam, body: generatePlotRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return accepted(await plots().startGeneration(user.userId, ctx.params.id, ctx.body));
});

const plotStatus = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await plots().generationStatus(user.userId, ctx.params.id));
});

const plotOverview = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await plots().overview(user.userId, ctx.params.id));
});

const createCharacter = defineHandler({ params: idParam, body: createCharacterRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return created(await plots().createCharacter(user.userId, ctx.params.id, ctx.body));
});

const updateCharacter = defineHandler({ params: idParam, body: updateCharacterRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await plots().updateCharacter(user.userId, ctx.params.id, ctx.body));
});

const deleteCharacter = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  await plots().deleteCharacter(user.userId, ctx.params.id);
  return ok({ id: ctx.params.id, deleted: true });
});

const bulkDeleteCharacters = defineHandler({ body: bulkDeleteCharactersRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await plots().bulkDelete(user.userId, ctx.body.ids));
});

/** Starts drawing the character's portrait (a job): 202; poll GET /characters/{id}/image-status. */
const generateCharacterImage = defineHandler(
  { params: idParam, body: characterImageRequest },
  async (ctx) => {
    const user = requireUser(ctx);
    const { prompt, style, quality, aspect_ratio } = ctx.body;
    return accepted(
      await plots().queuePortrait(user.userId, ctx.params.id, {
        style,
        quality,
        aspect_ratio,
        ...(prompt ? { prompt } : {}),
      }),
    );
  },
);

const characterImageStatus = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await plots().portraitStatus(user.userId, ctx.params.id));
});

export const handlers = {
  generatePlot,
  plotStatus,
  plotOverview,
  createCharacter,
  updateCharacter,
  deleteCharacter,
  bulkDeleteCharacters,
  generateCharacterImage,
  characterImageStatus,
};
export const handler = createApiHandler('plots', handlers);

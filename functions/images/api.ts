import { z } from 'zod';
import {
  chapterIdParam,
  chapterImagesQuery,
  characterImageRequest,
  sceneImageRequest,
  sceneNumberParam,
} from '../contracts/images-requests';
import { createApiHandler } from '../lib/api-handler';
import { accepted, defineHandler, ok, requireUser } from '../lib/http';
import { images } from './instance';

const chapterParam = z.object({ id: chapterIdParam });
const imageParam = z.object({ id: chapterIdParam, record: z.string().max(100) });

/** The chapter's scene and character images, and the plot's portraits (global, not deletable here). */
const chapterImages = defineHandler({ params: chapterParam, query: chapterImagesQuery }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await images().list(user.userId, ctx.params.id, ctx.query.script_id));
});

/** Starts drawing a scene (a job): 202 with record_id and job_id, image_url null until completed. */
const generateSceneImage = defineHandler(
  { params: z.object({ id: chapterIdParam, scene: sceneNumberParam }), body: sceneImageRequest },
  async (ctx) => {
    const user = requireUser(ctx);
    return accepted(await images().startScene(user.userId, ctx.params.id, ctx.params.scene, ctx.body));
  },
);

/** Starts drawing a character of the chapter (a job, as for scenes): 202. */
const generateCharacterImage = defineHandler(
  { params: chapterParam, body: characterImageRequest },
  async (ctx) => {
    const user = requireUser(ctx);
    return accepted(await images().startCharacter(user.userId, ctx.params.id, ctx.body));
  },
);

const deleteSceneImage = defineHandler({ params: imageParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await images().delete(user.userId, ctx.params.id, 'scene', ctx.params.record));
});

const deleteCharacterImage = defineHandler({ params: imageParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await images().delete(user.userId, ctx.params.id, 'character', ctx.params.record));
});

const chapterImageStatus = defineHandler(
  { params: z.object({ id: chapterIdParam, job: z.string().max(100) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await images().status(user.userId, ctx.params.id, ctx.params.job));
  },
);

export const handlers = {
  chapterImages,
  generateSceneImage,
  generateCharacterImage,
  deleteSceneImage,
  deleteCharacterImage,
  chapterImageStatus,
};
export const handler = createApiHandler('images', handlers);

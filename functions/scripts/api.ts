import { z } from 'zod';
import {
  exportScriptQuery,
  generateScriptRequest,
  regenerateSceneRequest,
  updateScriptRequest,
} from '../contracts/script-requests';
import { sceneNumberParam } from '../contracts/images-requests';
import { createApiHandler } from '../lib/api-handler';
import { defineHandler, ok, requireUser } from '../lib/http';
import { scripts } from './instance';

const idParam = z.object({ id: z.string().max(100) });

/** Writes a script of the chapter and answers it (synchronous: see ScriptsService). */
const generateScript = defineHandler({ body: generateScriptRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await scripts().generate(user.userId, ctx.body));
});

const chapterScripts = defineHandler({ params: z.object({ chapter: z.string().max(100) }) }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await scripts().listForChapter(user.userId, ctx.params.chapter));
});

const getScript = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await scripts().get(user.userId, ctx.params.id));
});

const updateScript = defineHandler({ params: idParam, body: updateScriptRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await scripts().update(user.userId, ctx.params.id, ctx.body));
});

/** Another take of one scene; the others are kept as they are. */
const regenerateScene = defineHandler(
  {
    params: z.object({ id: z.string().max(100), scene: sceneNumberParam }),
    body: regenerateSceneRequest,
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await scripts().regenerateScene(user.userId, ctx.params.id, ctx.params.scene, ctx.body));
  },
);

const deleteScript = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  await scripts().delete(user.userId, ctx.params.id);
  return ok({ id: ctx.params.id, deleted: true });
});

const exportScript = defineHandler({ params: idParam, query: exportScriptQuery }, async (ctx) => {
  const user = requireUser(ctx);
  const file = await scripts().export(user.userId, ctx.params.id, ctx.query.format);
  return ok(file.body, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
  });
});

export const handlers = {
  generateScript,
  chapterScripts,
  getScript,
  updateScript,
  regenerateScene,
  deleteScript,
  exportScript,
};
export const handler = createApiHandler('scripts', handlers);

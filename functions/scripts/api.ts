import { z } from 'zod';
import {
  exportScriptQuery,
  generateScriptRequest,
  regenerateSceneRequest,
  updateScriptRequest,
} from '../contracts/script-requests';
import { sceneNumberParam } from '../contracts/images-requests';
import { createApiHandler } from '../lib/api-handler';
import { accepted, defineHandler, ok, requireUser } from '../lib/http';
import { scriptJobs, scripts } from './instance';

const idParam = z.object({ id: z.string().max(100) });

/** Starts writing a script of the chapter (a job): 202; its status route answers the script. */
const generateScript = defineHandler({ body: generateScriptRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return accepted(await scriptJobs().startGeneration(user.userId, ctx.body));
});

const jobParam = z.string().max(100);

const scriptJobStatus = defineHandler({ params: z.object({ job: jobParam }) }, async (ctx) =>
  ok(await scriptJobs().generationStatus(requireUser(ctx).userId, ctx.params.job)),
);

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

/** Starts another take of one scene (a job): 202; the others are kept as they are. */
const regenerateScene = defineHandler(
  {
    params: z.object({ id: z.string().max(100), scene: sceneNumberParam }),
    body: regenerateSceneRequest,
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { id, scene } = ctx.params;
    return accepted(await scriptJobs().startSceneRegeneration(user.userId, id, scene, ctx.body));
  },
);

const sceneJobStatus = defineHandler(
  { params: z.object({ id: z.string().max(100), scene: sceneNumberParam, job: jobParam }) },
  async (ctx) => {
    const { id, scene, job } = ctx.params;
    return ok(await scriptJobs().sceneStatus(requireUser(ctx).userId, id, scene, job));
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
  scriptJobStatus,
  chapterScripts,
  getScript,
  updateScript,
  regenerateScene,
  sceneJobStatus,
  deleteScript,
  exportScript,
};
export const handler = createApiHandler('scripts', handlers);

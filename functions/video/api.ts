import { z } from 'zod';
import { chapterIdParam } from '../contracts/images-requests';
import {
  combineVideosRequest,
  downloadQuery,
  generateVideoRequest,
  renderProductionRequest,
  retryGenerationBody,
  saveProductionRequest,
} from '../contracts/video-requests';
import { videoMessages } from '../contracts/video';
import { createApiHandler } from '../lib/api-handler';
import { accepted, defineHandler, noContent, ok, requireUser, type ApiResponse } from '../lib/http';
import { video } from './instance';
import { GenerationRunningError } from './service';

const idParam = z.object({ id: z.string().max(100) });
const chapterParam = z.object({ id: chapterIdParam });

/** A second start while one runs: 409 with the running generation's id (the SPA follows it). */
async function orRunning(run: () => Promise<ApiResponse>): Promise<ApiResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GenerationRunningError)
      return {
        statusCode: 409,
        body: { detail: error.message, code: error.code, video_generation_id: error.runningId },
      };
    throw error;
  }
}

const generateEntertainmentVideo = defineHandler({ body: generateVideoRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return orRunning(async () => accepted(await video().start(user.userId, ctx.body)));
});

/** The generation by id, or a script's latest; 204 when the script has none yet. */
const videoGenerationStatus = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  const found = await video().latestForScriptOrGeneration(user.userId, ctx.params.id);
  return found ? ok(found) : noContent();
});

const videoGenerationSteps = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().steps(requireUser(ctx).userId, ctx.params.id)),
);

const pipelineStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().pipeline(requireUser(ctx).userId, ctx.params.id)),
);

const initializePipeline = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().initialize(requireUser(ctx).userId, ctx.params.id)),
);

const retryGeneration = defineHandler({ params: idParam, body: retryGenerationBody }, async (ctx) => {
  const user = requireUser(ctx);
  return orRunning(async () =>
    accepted(
      await video().retry(user.userId, ctx.params.id, ctx.body?.retry_from_step, ctx.body?.scene_numbers),
    ),
  );
});

const triggerLipSync = defineHandler({ params: idParam }, async (ctx) => {
  const user = requireUser(ctx);
  return orRunning(async () => accepted(await video().triggerLipSync(user.userId, ctx.params.id)));
});

const cancelGeneration = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().cancel(requireUser(ctx).userId, ctx.params.id)),
);

const mergeStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().mergeStatus(requireUser(ctx).userId, ctx.params.id)),
);
const lipSyncStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().lipSyncStatus(requireUser(ctx).userId, ctx.params.id)),
);
const finalVideo = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().finalVideo(requireUser(ctx).userId, ctx.params.id)),
);
const audioFiles = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().audioFiles(requireUser(ctx).userId, ctx.params.id)),
);
const characterImages = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().characterImages(requireUser(ctx).userId, ctx.params.id)),
);
const sceneVideos = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().sceneVideos(requireUser(ctx).userId, ctx.params.id)),
);
const lipSyncedVideos = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().lipSyncedVideos(requireUser(ctx).userId, ctx.params.id)),
);

/** The final film at a quality: 200 with a short-lived URL once made, 202 while it is made. */
const downloadFinalVideo = defineHandler({ params: idParam, query: downloadQuery }, async (ctx) => {
  const answer = await video().download(requireUser(ctx).userId, ctx.params.id, ctx.query.quality);
  return answer.status === 200 ? ok(answer.body) : accepted(answer.body);
});

const chapterVideoGenerations = defineHandler({ params: chapterParam }, async (ctx) =>
  ok(await video().chapterHistory(requireUser(ctx).userId, ctx.params.id)),
);

const combineVideos = defineHandler({ body: combineVideosRequest }, async (ctx) =>
  accepted(await video().combine(requireUser(ctx).userId, ctx.body.video_urls)),
);
const combinedVideo = defineHandler({ params: idParam }, async (ctx) =>
  ok(await video().combined(requireUser(ctx).userId, ctx.params.id)),
);

const getVideoProduction = defineHandler({ params: chapterParam }, async (ctx) =>
  ok(await video().getProduction(requireUser(ctx).userId, ctx.params.id)),
);

const saveVideoProduction = defineHandler(
  {
    params: z.object({ id: z.string({ error: videoMessages.chapterRequired }).max(100) }),
    body: saveProductionRequest,
  },
  async (ctx) => ok(await video().saveProduction(requireUser(ctx).userId, ctx.params.id, ctx.body)),
);

const renderVideoProduction = defineHandler(
  { params: chapterParam, body: renderProductionRequest },
  async (ctx) => {
    const user = requireUser(ctx);
    return orRunning(async () =>
      accepted(await video().render(user.userId, ctx.params.id, ctx.body.script_id)),
    );
  },
);

export const handlers = {
  generateEntertainmentVideo,
  videoGenerationStatus,
  videoGenerationSteps,
  pipelineStatus,
  initializePipeline,
  retryGeneration,
  triggerLipSync,
  cancelGeneration,
  mergeStatus,
  lipSyncStatus,
  finalVideo,
  downloadFinalVideo,
  audioFiles,
  characterImages,
  sceneVideos,
  lipSyncedVideos,
  chapterVideoGenerations,
  combineVideos,
  combinedVideo,
  getVideoProduction,
  saveVideoProduction,
  renderVideoProduction,
};
export const handler = createApiHandler('video', handlers);

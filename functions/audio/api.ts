import { z } from 'zod';
import {
  audioExportRequest,
  audioGenerationParams,
  audioGenerationRequest,
  audioListQuery,
  voicesQuery,
} from '../contracts/audio-requests';
import { engineConfig } from '../engine/config';
import { voiceModelProblem } from '../engine/speech/providers';
import { createApiHandler } from '../lib/api-handler';
import { BadRequestError } from '../lib/errors';
import { accepted, defineHandler, ok, requireUser } from '../lib/http';
import { audio } from './instance';

const idParam = z.object({ id: z.string().max(100) });

/** The chapter's audio files (of one script with ?script_id=), in the spec's order. */
const listAudio = defineHandler({ params: idParam, query: audioListQuery }, async (ctx) => {
  const user = requireUser(ctx);
  return ok(await audio().list(user.userId, ctx.params.id, ctx.query.script_id));
});

/**
 * Starts one kind of audio for one scene (a job) and answers 202 at once: the work runs in the
 * workflow, never in the request; poll GET /chapters/{id}/audio/status/{job}.
 */
const generateAudio = defineHandler(
  { params: audioGenerationParams, body: audioGenerationRequest },
  async (ctx) => {
    const user = requireUser(ctx);
    // A voice model chosen for a provider this server does not reach is refused before any work.
    const problem = ctx.body.voice_model && voiceModelProblem(ctx.body.voice_model, engineConfig());
    if (problem) throw new BadRequestError(problem, 'voice_model_unavailable');
    const { id, kind, scene } = ctx.params;
    return accepted(await audio().startGeneration(user.userId, id, kind, scene, ctx.body));
  },
);

const deleteAudio = defineHandler(
  { params: z.object({ id: z.string().max(100), file: z.string().max(100) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    await audio().deleteFile(user.userId, ctx.params.id, ctx.params.file);
    return ok({ id: ctx.params.file, deleted: true });
  },
);

/** Starts the chapter's mix of the chosen files (a job): 202 at once, polled like a generation. */
const exportAudio = defineHandler({ params: idParam, body: audioExportRequest }, async (ctx) => {
  const user = requireUser(ctx);
  return accepted(await audio().startExport(user.userId, ctx.params.id, ctx.body));
});

const audioStatus = defineHandler(
  { params: z.object({ id: z.string().max(100), job: z.string().max(100) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    return ok(await audio().jobStatus(user.userId, ctx.params.id, ctx.params.job));
  },
);

/** The voice catalogue: narrators and character voices, for the Audio tab and the character form. */
const listVoices = defineHandler({ query: voicesQuery }, async (ctx) => {
  requireUser(ctx);
  return ok(audio().voices(ctx.query.language));
});

export const handlers = { listAudio, generateAudio, deleteAudio, exportAudio, audioStatus, listVoices };
export const handler = createApiHandler('audio', handlers);

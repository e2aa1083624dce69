import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { sceneAudioStage } from '../pipeline/audio';
import { recordFailureStage } from '../pipeline/failure';
import { drawCharacterStage, drawSceneStage } from '../pipeline/images';
import { lipSyncStage } from '../pipeline/lipsync';
import { mergeStage } from '../pipeline/merge';
import { planStage } from '../pipeline/plan';
import { publishStage } from '../pipeline/publish';
import { renderStage } from '../pipeline/render';
import { pipelineDeps } from './deps';
import { videoPipelineInput } from './pipeline.workflow';

/**
 * The video pipeline's task workers (pipeline.workflow.ts): each runs its stage
 * (`video/pipeline/<stage>.ts`) on the production dependencies.
 */
const jobInput = videoPipelineInput.pick({ job_id: true });
const sceneInput = jobInput.extend({ scene_number: z.number().int().min(1) });
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const planProduction = defineWorker('videoPipeline.PlanProduction', videoPipelineInput, (task) =>
  planStage(pipelineDeps(), task),
);

export const generateSceneAudio = defineWorker('videoPipeline.GenerateSceneAudio', sceneInput, (task) =>
  sceneAudioStage(pipelineDeps(), task),
);

export const drawCharacter = defineWorker(
  'videoPipeline.DrawCharacter',
  jobInput.extend({ character: z.number().int().min(0) }),
  (task) => drawCharacterStage(pipelineDeps(), task),
);

export const drawScene = defineWorker('videoPipeline.DrawScene', sceneInput, (task) =>
  drawSceneStage(pipelineDeps(), task),
);

export const renderSceneVideo = defineWorker('videoPipeline.RenderSceneVideo', sceneInput, (task) =>
  renderStage(pipelineDeps(), task),
);

export const mergeAudioAndVideo = defineWorker('videoPipeline.MergeAudioAndVideo', jobInput, (task) =>
  mergeStage(pipelineDeps(), task),
);

export const lipSyncScene = defineWorker(
  'videoPipeline.LipSyncScene',
  sceneInput.extend({ start_at: videoPipelineInput.shape.start_at.optional() }),
  (task) => lipSyncStage(pipelineDeps(), task),
);

export const publish = defineWorker('videoPipeline.Publish', jobInput, (task) =>
  publishStage(pipelineDeps(), task),
);

export const recordFailure = defineWorker(
  'videoPipeline.RecordFailure',
  jobInput.extend({ error: failure.optional() }),
  (task) => recordFailureStage(pipelineDeps(), task),
);

import { chapterAudioExport } from './audio/jobs/export.workflow';
import { chapterAudio } from './audio/jobs/generation.workflow';
import { bookProcessing } from './books/jobs/processing.workflow';
import { creatorGeneration } from './creator/jobs/creation.workflow';
import { chapterImage } from './images/jobs/image.workflow';
import { modelRequest } from './jobs/model-request.workflow';
import { learningContent } from './learning/jobs/content.workflow';
import type { WorkflowDefinition } from './lib/workflows';
import { mergeMedia, mergePreview } from './merge/jobs/merge.workflow';
import { characterImage } from './plots/jobs/portrait.workflow';
import { plotGeneration } from './plots/jobs/generation.workflow';
import { userOnboarding } from './users/jobs/onboarding.workflow';
import { videoCombine, videoDownload } from './video/jobs/files.workflow';
import { videoPipeline } from './video/jobs/pipeline.workflow';

/**
 * THE table of state machines, read by the CDK stack and by the local runtime. Each definition lives
 * with its domain (`<domain>/jobs/<job>.workflow.ts`) and maps every Task state's name to the worker
 * that runs it; statemachines/<file>.asl.json is its ASL, written by `npm run workflows`.
 */
export const workflows = {
  userOnboarding,
  bookProcessing,
  learningContent,
  plotGeneration,
  characterImage,
  modelRequest,
  chapterImage,
  chapterAudio,
  chapterAudioExport,
  videoPipeline,
  videoDownload,
  videoCombine,
  mergeMedia,
  mergePreview,
  creatorGeneration,
} as const satisfies Record<string, WorkflowDefinition>;

export type WorkflowName = keyof typeof workflows;

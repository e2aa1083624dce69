import { z } from 'zod';
import { PIPELINE_STEPS } from '../../contracts/video';
import { catchAll, defineWorkflow, task, type AslState, type TaskWorker } from '../../lib/workflows';

/**
 * The chapter video pipeline: plan the film from the script, then one state per stage —
 * GenerateAudio (each scene's narrator, voices, effects, ambiance and music: a Map per scene),
 * GenerateImages (the characters' portraits, then the scenes' pictures), RenderSceneVideos (a Map per
 * scene, two at a time), MergeAudioAndVideo, ApplyLipSync (each dialogue shot's speaker talks from
 * the speech's visemes: RenderSceneVideos films the shots whose lines have visemes talking, this stage
 * measures their sync and films the rest, or every one again when a run starts with it) — and Publish. A retry starts at a stage (`start_at`) and reuses every output
 * of the stages before it. Payloads carry ids and storage keys, never media. Transient errors are
 * retried; any other failure goes to RecordFailure, which marks the generation failed in that stage.
 */
export const videoPipelineInput = z.object({
  job_id: z.string().uuid(),
  start_at: z.enum(PIPELINE_STEPS),
});

const worker = (handler: string, settings: Omit<TaskWorker, 'entry' | 'handler'>): TaskWorker => ({
  entry: 'functions/video/jobs/pipeline.ts',
  handler,
  ...settings,
});

const media = { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' } as const;
const heavy = {
  access: media,
  memoryMb: 3008,
  ephemeralStorageMb: 4096,
  media: true,
  copiedPackages: ['sharp', '@echogarden/espeak-ng-emscripten'],
} as const;

/** A Map over the plan's scenes (or characters) running one task per item. */
function perItem(
  items: string,
  itemField: string,
  taskState: string,
  options: { maxConcurrency: number; timeoutSeconds: number; next?: string; withStartAt?: boolean },
): AslState {
  // The run's first stage, for a task that works differently when the run starts with it.
  const startAt = options.withStartAt ? { 'start_at.$': '$.start_at' } : {};
  return {
    Type: 'Map',
    ItemsPath: items,
    MaxConcurrency: options.maxConcurrency,
    ItemSelector: { 'job_id.$': '$.job_id', ...startAt, [`${itemField}.$`]: '$$.Map.Item.Value' },
    ItemProcessor: {
      ProcessorConfig: { Mode: 'INLINE' },
      StartAt: taskState,
      States: {
        [taskState]: task(taskState, {
          parameters: { 'job_id.$': '$.job_id', ...startAt, [`${itemField}.$`]: `$.${itemField}` },
          resultPath: null,
          timeoutSeconds: options.timeoutSeconds,
          end: true,
        }),
      },
    },
    ResultPath: null,
  };
}

const jobOnly = { 'job_id.$': '$.job_id' };

export const videoPipeline = defineWorkflow({
  name: 'videoPipeline',
  file: 'video-pipeline',
  comment:
    "The chapter video pipeline: plan the film from the script, then GenerateAudio (a Map per scene: narrator, voices, effects, ambiance, music), GenerateImages (the characters' portraits, then the scenes' pictures), RenderSceneVideos (a Map per scene, bounded), MergeAudioAndVideo, ApplyLipSync (dialogue shots' speakers talk from the visemes) and Publish. A retry starts at a stage (start_at) and reuses every output before it; payloads carry storage keys, never media; any failure is recorded against its stage.",
  input: videoPipelineInput,
  timeoutSeconds: 7200,
  tasks: {
    PlanProduction: worker('planProduction', { access: media, memoryMb: 1024, timeoutSeconds: 120 }),
    GenerateSceneAudio: worker('generateSceneAudio', { ...heavy, timeoutSeconds: 900 }),
    DrawCharacter: worker('drawCharacter', { ...heavy, timeoutSeconds: 300 }),
    DrawScene: worker('drawScene', { ...heavy, timeoutSeconds: 300 }),
    RenderSceneVideo: worker('renderSceneVideo', { ...heavy, timeoutSeconds: 900 }),
    MergeAudioAndVideo: worker('mergeAudioAndVideo', { ...heavy, timeoutSeconds: 900 }),
    LipSyncScene: worker('lipSyncScene', { ...heavy, timeoutSeconds: 900 }),
    Publish: worker('publish', { ...heavy, timeoutSeconds: 900 }),
    RecordFailure: worker('recordFailure', { access: media, memoryMb: 512, timeoutSeconds: 120 }),
  },
  startAt: 'PlanProduction',
  states: {
    PlanProduction: task('PlanProduction', {
      parameters: { 'job_id.$': '$.job_id', 'start_at.$': '$.start_at' },
      resultPath: '$.plan',
      timeoutSeconds: 120,
      catchTo: 'RecordFailure',
      next: 'StartFrom',
    }),
    StartFrom: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.start_at', StringEquals: 'images', Next: 'GenerateImages' },
        { Variable: '$.start_at', StringEquals: 'video', Next: 'RenderSceneVideos' },
        { Variable: '$.start_at', StringEquals: 'merge', Next: 'MergeAudioAndVideo' },
        { Variable: '$.start_at', StringEquals: 'lipsync', Next: 'ApplyLipSync' },
      ],
      Default: 'GenerateAudio',
    },
    GenerateAudio: {
      ...perItem('$.plan.scenes', 'scene_number', 'GenerateSceneAudio', {
        maxConcurrency: 2,
        timeoutSeconds: 900,
      }),
      Catch: catchAll('RecordFailure'),
      Next: 'GenerateImages',
    },
    GenerateImages: {
      Type: 'Parallel',
      Comment: "The characters' portraits first, then the scenes drawn with the looks they fixed.",
      Branches: [
        {
          StartAt: 'DrawCharacters',
          States: {
            DrawCharacters: {
              ...perItem('$.plan.characters', 'character', 'DrawCharacter', {
                maxConcurrency: 2,
                timeoutSeconds: 300,
              }),
              Next: 'DrawScenes',
            },
            DrawScenes: {
              ...perItem('$.plan.scenes', 'scene_number', 'DrawScene', {
                maxConcurrency: 2,
                timeoutSeconds: 300,
              }),
              End: true,
            },
          },
        },
      ],
      ResultPath: null,
      Catch: catchAll('RecordFailure'),
      Next: 'RenderSceneVideos',
    },
    RenderSceneVideos: {
      ...perItem('$.plan.scenes', 'scene_number', 'RenderSceneVideo', {
        maxConcurrency: 2,
        timeoutSeconds: 900,
      }),
      Catch: catchAll('RecordFailure'),
      Next: 'MergeAudioAndVideo',
    },
    MergeAudioAndVideo: task('MergeAudioAndVideo', {
      parameters: jobOnly,
      resultPath: null,
      timeoutSeconds: 900,
      catchTo: 'RecordFailure',
      next: 'ApplyLipSync',
    }),
    ApplyLipSync: {
      ...perItem('$.plan.scenes', 'scene_number', 'LipSyncScene', {
        maxConcurrency: 2,
        timeoutSeconds: 900,
        withStartAt: true,
      }),
      Catch: catchAll('RecordFailure'),
      Next: 'Publish',
    },
    Publish: task('Publish', {
      parameters: jobOnly,
      resultPath: null,
      timeoutSeconds: 900,
      catchTo: 'RecordFailure',
      next: 'Done',
    }),
    Done: { Type: 'Succeed' },
    RecordFailure: task('RecordFailure', {
      parameters: { 'job_id.$': '$.job_id', 'error.$': '$.error' },
      resultPath: null,
      timeoutSeconds: 120,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'VideoGenerationFailed',
      Cause: 'Generating the chapter video failed; the generation records the stage and the reason.',
    },
  },
});

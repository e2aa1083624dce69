/**
 * Step Functions task workers and the state machines that use them, read by the CDK pipelines
 * stack and by the local runtime. An ASL file refers to a worker as `${<Name>FunctionArn}`, where
 * Name is the worker key with its first letter upper-cased.
 */
import type { ResourceAccess } from '../routes';

export interface WorkerDefinition {
  entry: string;
  access: ResourceAccess;
  /** Exported function name in `entry`. */
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  /** Lambda ephemeral storage for media work. */
  ephemeralStorageMb?: number;
  /** Runs FFmpeg: gets the FFmpeg layer and the layer's architecture. */
  media?: boolean;
  /** Packages esbuild cannot bundle (native or with data files): shipped as installed. */
  copiedPackages?: readonly string[];
}

export const workers = {
  createUserProfile: {
    entry: 'functions/workers/user-onboarding.ts',
    handler: 'createUserProfile',
    access: { table: 'readwrite' },
    memoryMb: 256,
    timeoutSeconds: 30,
  },
  welcomeUser: {
    entry: 'functions/workers/user-onboarding.ts',
    handler: 'welcomeUser',
    access: { table: 'readwrite' },
    memoryMb: 256,
    timeoutSeconds: 30,
  },
  extractBook: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'extractBook',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
    memoryMb: 1769,
    timeoutSeconds: 300,
  },
  detectBookStructure: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'detectBookStructure',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
    memoryMb: 1024,
    timeoutSeconds: 120,
  },
  prepareChapters: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'prepareChapters',
    access: { table: 'readwrite', uploadsBucket: 'read' },
    memoryMb: 256,
    timeoutSeconds: 30,
  },
  processChapter: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'processChapter',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
    memoryMb: 512,
    timeoutSeconds: 60,
  },
  finalizeBook: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'finalizeBook',
    access: { table: 'readwrite', uploadsBucket: 'read' },
    memoryMb: 512,
    timeoutSeconds: 60,
  },
  recordBookFailure: {
    entry: 'functions/workers/book-processing.ts',
    handler: 'recordFailure',
    access: { table: 'readwrite' },
    memoryMb: 256,
    timeoutSeconds: 30,
  },
  prepareLearningContent: {
    entry: 'functions/workers/learning-content.ts',
    handler: 'prepareLearningContent',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
    memoryMb: 1769,
    timeoutSeconds: 300,
    ephemeralStorageMb: 1024,
    copiedPackages: ['sharp'],
  },
  renderLearningPart: {
    entry: 'functions/workers/learning-content.ts',
    handler: 'renderLearningPart',
    access: { table: 'readwrite', uploadsBucket: 'readwrite' },
    memoryMb: 3008,
    timeoutSeconds: 900,
    ephemeralStorageMb: 4096,
    media: true,
    copiedPackages: ['sharp', '@echogarden/espeak-ng-emscripten'],
  },
  assembleLearningContent: {
    entry: 'functions/workers/learning-content.ts',
    handler: 'assembleLearningContent',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
    memoryMb: 3008,
    timeoutSeconds: 900,
    ephemeralStorageMb: 8192,
    media: true,
    copiedPackages: ['sharp'],
  },
  publishLearningContent: {
    entry: 'functions/workers/learning-content.ts',
    handler: 'publishLearningContent',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
    memoryMb: 512,
    timeoutSeconds: 120,
  },
  recordLearningFailure: {
    entry: 'functions/workers/learning-content.ts',
    handler: 'recordLearningFailure',
    access: { table: 'readwrite', uploadsBucket: 'readwrite', mediaBucket: 'readwrite' },
    memoryMb: 512,
    timeoutSeconds: 120,
  },
} as const satisfies Record<string, WorkerDefinition>;

export type WorkerName = keyof typeof workers;

export interface StateMachineDefinition {
  /** ASL file under statemachines/. */
  file: string;
  /** Environment variable through which functions learn the machine's ARN. */
  arnEnv: string;
  workers: readonly WorkerName[];
}

export const stateMachines = {
  userOnboarding: {
    file: 'statemachines/user-onboarding.asl.json',
    arnEnv: 'USER_ONBOARDING_STATE_MACHINE_ARN',
    workers: ['createUserProfile', 'welcomeUser'],
  },
  bookProcessing: {
    file: 'statemachines/book-processing.asl.json',
    arnEnv: 'BOOK_PROCESSING_STATE_MACHINE_ARN',
    workers: [
      'extractBook',
      'detectBookStructure',
      'prepareChapters',
      'processChapter',
      'finalizeBook',
      'recordBookFailure',
    ],
  },
  learningContent: {
    file: 'statemachines/learning-content.asl.json',
    arnEnv: 'LEARNING_CONTENT_STATE_MACHINE_ARN',
    workers: [
      'prepareLearningContent',
      'renderLearningPart',
      'assembleLearningContent',
      'publishLearningContent',
      'recordLearningFailure',
    ],
  },
} as const satisfies Record<string, StateMachineDefinition>;

export type StateMachineName = keyof typeof stateMachines;

export const workerArnVariable = (name: WorkerName) => `${name[0]!.toUpperCase()}${name.slice(1)}FunctionArn`;

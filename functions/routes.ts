/**
 * THE route table. The CDK API stack creates one HTTP API route per entry (with the Cognito JWT
 * authorizer unless the rule is `public`) pointing at the entry's group Lambda; the local gateway
 * serves the same entries. A route is added here and nowhere else.
 *
 * Rules: `public` needs no token; `user` needs a valid access token; `author` also needs the author
 * role on the caller's profile; `admin` needs the Cognito group `admin`.
 */
import type { FunctionSettings, ResourceAccess } from './lib/resources';
import type { WorkflowName } from './workflows';

export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AuthRule = 'public' | 'user' | 'author' | 'admin';

export type { ResourceAccess };

/** A domain's API Lambda: its `api.ts` exports `handler` (the middy chain over its routes). */
export type LambdaGroupDefinition = FunctionSettings & {
  access: ResourceAccess & { startExecution?: readonly WorkflowName[] };
};

export const lambdaGroups = {
  system: {
    entry: 'functions/system/api.ts',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { describeDependencies: true },
  },
  auth: {
    entry: 'functions/auth/api.ts',
    memoryMb: 256,
    timeoutSeconds: 15,
    // The table: attempt counters and ended sessions; the pool: signing users out everywhere.
    access: { table: 'readwrite', signOutUsers: true },
  },
  users: {
    entry: 'functions/users/api.ts',
    memoryMb: 256,
    timeoutSeconds: 15,
    access: { table: 'readwrite' },
  },
  creator: {
    entry: 'functions/creator/api.ts',
    memoryMb: 256,
    timeoutSeconds: 15,
    access: { table: 'readwrite', modelProviders: true, startExecution: ['creatorGeneration'] },
  },
  books: {
    entry: 'functions/books/api.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    copiedPackages: ['sharp'],
    access: {
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      mediaBucket: 'readwrite',
      startExecution: ['bookProcessing', 'learningContent'],
    },
  },
  learning: {
    entry: 'functions/learning/api.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    copiedPackages: ['sharp', '@echogarden/espeak-ng-emscripten'],
    access: {
      modelProviders: true,
      table: 'readwrite',
      uploadsBucket: 'read',
      mediaBucket: 'readwrite',
      startExecution: ['learningContent', 'modelRequest'],
    },
  },
  plots: {
    entry: 'functions/plots/api.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    access: {
      modelProviders: true,
      table: 'readwrite',
      mediaBucket: 'readwrite',
      uploadsBucket: 'readwrite',
      startExecution: ['plotGeneration', 'characterImage'],
    },
  },
  scripts: {
    entry: 'functions/scripts/api.ts',
    memoryMb: 1769,
    timeoutSeconds: 29,
    // pdfkit reads its font metrics from files next to its code.
    copiedPackages: ['pdfkit'],
    access: { table: 'readwrite', uploadsBucket: 'read', startExecution: ['modelRequest'] },
  },
  images: {
    entry: 'functions/images/api.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    // Reads chapters and scripts (uploads), deletes pictures (media), cancels drawings (work files).
    access: {
      modelProviders: true,
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      mediaBucket: 'readwrite',
      startExecution: ['chapterImage'],
    },
  },
  audio: {
    entry: 'functions/audio/api.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    access: {
      modelProviders: true,
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      mediaBucket: 'readwrite',
      startExecution: ['chapterAudio', 'chapterAudioExport'],
    },
  },
  video: {
    entry: 'functions/video/api.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    // Reads the chapter's script, images and audio; starts, stops and cleans up generations.
    access: {
      modelProviders: true,
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      mediaBucket: 'readwrite',
      startExecution: ['videoPipeline', 'videoDownload', 'videoCombine'],
    },
  },
  merge: {
    entry: 'functions/merge/api.ts',
    // Completing an upload streams it to /tmp and probes it (up to 500 MB).
    memoryMb: 1024,
    timeoutSeconds: 29,
    ephemeralStorageMb: 2048,
    media: true,
    access: {
      table: 'readwrite',
      uploadsBucket: 'readwrite',
      mediaBucket: 'readwrite',
      startExecution: ['mergeMedia', 'mergePreview'],
    },
  },
  analytics: {
    entry: 'functions/analytics/api.ts',
    memoryMb: 512,
    timeoutSeconds: 29,
    // Reads the author's books (their cover code loads sharp; listing settles a stale book's state),
    // their jobs and reading events.
    copiedPackages: ['sharp'],
    access: { table: 'readwrite' },
  },
  subscriptions: {
    entry: 'functions/subscriptions/api.ts',
    memoryMb: 256,
    timeoutSeconds: 29,
    // Plans, usage counters and checkout sessions; Stripe's keys from SSM.
    access: { table: 'readwrite', paymentSecrets: true },
  },
  payments: {
    entry: 'functions/payments/api.ts',
    memoryMb: 256,
    timeoutSeconds: 29,
    // Book-upload payments and the webhook; Stripe's keys from SSM.
    access: { table: 'readwrite', paymentSecrets: true },
  },
} as const satisfies Record<string, LambdaGroupDefinition>;

export type LambdaGroup = keyof typeof lambdaGroups;

export interface RouteDefinition {
  method: HttpMethod;
  /** Path below API_PREFIX, with `{name}` parameters as API Gateway writes them. */
  path: string;
  group: LambdaGroup;
  /** Name of the handler exported by the group's module. */
  handler: string;
  auth: AuthRule;
}

export const routes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/health', group: 'system', handler: 'health', auth: 'public' },

  { method: 'POST', path: '/auth/register', group: 'auth', handler: 'register', auth: 'public' },
  { method: 'POST', path: '/auth/login', group: 'auth', handler: 'login', auth: 'public' },
  { method: 'POST', path: '/auth/refresh', group: 'auth', handler: 'refresh', auth: 'public' },
  { method: 'POST', path: '/auth/logout', group: 'auth', handler: 'logout', auth: 'user' },
  { method: 'POST', path: '/auth/verify-email', group: 'auth', handler: 'verifyEmail', auth: 'public' },
  {
    method: 'POST',
    path: '/auth/resend-verification',
    group: 'auth',
    handler: 'resendVerification',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/auth/request-password-reset',
    group: 'auth',
    handler: 'requestPasswordReset',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/auth/confirm-password-reset',
    group: 'auth',
    handler: 'confirmPasswordReset',
    auth: 'public',
  },

  { method: 'GET', path: '/users/me', group: 'users', handler: 'getMe', auth: 'user' },
  { method: 'PUT', path: '/users/me', group: 'users', handler: 'updateMe', auth: 'user' },
  { method: 'GET', path: '/users/me/stats', group: 'users', handler: 'getStats', auth: 'user' },
  { method: 'GET', path: '/users/me/activity', group: 'users', handler: 'getActivity', auth: 'user' },
  { method: 'GET', path: '/users/me/badges', group: 'users', handler: 'getBadges', auth: 'user' },

  {
    method: 'GET',
    path: '/author/analytics',
    group: 'analytics',
    handler: 'authorAnalytics',
    auth: 'author',
  },

  { method: 'GET', path: '/books', group: 'books', handler: 'listBooks', auth: 'user' },
  { method: 'POST', path: '/books/upload', group: 'books', handler: 'upload', auth: 'user' },
  { method: 'POST', path: '/books/upload-url', group: 'books', handler: 'uploadUrl', auth: 'user' },
  {
    method: 'GET',
    path: '/books/learning-progress',
    group: 'books',
    handler: 'learningProgress',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/books/superadmin-learning-books',
    group: 'books',
    handler: 'learningCatalogue',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/books/superadmin-entertainment-books',
    group: 'books',
    handler: 'entertainmentCatalogue',
    auth: 'user',
  },
  { method: 'GET', path: '/books/{id}', group: 'books', handler: 'getBookDetail', auth: 'user' },
  { method: 'PUT', path: '/books/{id}', group: 'books', handler: 'updateDetails', auth: 'user' },
  { method: 'DELETE', path: '/books/{id}', group: 'books', handler: 'remove', auth: 'user' },
  { method: 'GET', path: '/books/{id}/chapters', group: 'books', handler: 'getChapters', auth: 'user' },
  {
    method: 'GET',
    path: '/books/{id}/chapters/{chapterId}',
    group: 'books',
    handler: 'getChapter',
    auth: 'user',
  },
  { method: 'GET', path: '/books/{id}/status', group: 'books', handler: 'getStatus', auth: 'user' },
  { method: 'POST', path: '/books/{id}/retry', group: 'books', handler: 'retry', auth: 'user' },
  {
    method: 'POST',
    path: '/books/{id}/regenerate-chapters',
    group: 'books',
    handler: 'regenerate',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/books/{id}/save-structure',
    group: 'books',
    handler: 'saveStructure',
    auth: 'user',
  },
  { method: 'POST', path: '/books/{id}/upload-cover', group: 'books', handler: 'uploadCover', auth: 'user' },
  { method: 'POST', path: '/books/{id}/publish', group: 'books', handler: 'publish', auth: 'admin' },
  { method: 'DELETE', path: '/books/{id}/publish', group: 'books', handler: 'unpublish', auth: 'admin' },

  {
    method: 'POST',
    path: '/ai/generate-audio-narration',
    group: 'learning',
    handler: 'generateNarration',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/generate-realistic-video',
    group: 'learning',
    handler: 'generateRealisticVideo',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/generate-tutorial-video',
    group: 'learning',
    handler: 'generateTutorialVideo',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/generate-video-from-chapter',
    group: 'learning',
    handler: 'generateChapterVideo',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/check-video-status/{id}',
    group: 'learning',
    handler: 'checkStatus',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/learning-content/{chapter}',
    group: 'learning',
    handler: 'chapterContent',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/video-avatars', group: 'learning', handler: 'videoAvatars', auth: 'user' },
  { method: 'GET', path: '/ai/voices', group: 'learning', handler: 'voices', auth: 'user' },
  // Requests to the text model are jobs: each POST answers 202, its status route the result.
  { method: 'POST', path: '/ai/generate-quiz', group: 'learning', handler: 'generateQuiz', auth: 'user' },
  {
    method: 'GET',
    path: '/ai/generate-quiz/status/{job}',
    group: 'learning',
    handler: 'quizStatus',
    auth: 'user',
  },
  { method: 'POST', path: '/ai/generate-text', group: 'learning', handler: 'generateText', auth: 'user' },
  {
    method: 'GET',
    path: '/ai/generate-text/status/{job}',
    group: 'learning',
    handler: 'textStatus',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/analyze-chapter-safety',
    group: 'learning',
    handler: 'analyzeSafety',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/analyze-chapter-safety/status/{job}',
    group: 'learning',
    handler: 'safetyStatus',
    auth: 'user',
  },
  { method: 'GET', path: '/quizzes/{id}', group: 'learning', handler: 'getQuiz', auth: 'user' },
  { method: 'POST', path: '/quizzes/{id}/submit', group: 'learning', handler: 'submitQuiz', auth: 'user' },
  { method: 'GET', path: '/books/{id}/quizzes', group: 'learning', handler: 'bookQuizzes', auth: 'user' },
  {
    method: 'GET',
    path: '/books/{id}/learning-content',
    group: 'learning',
    handler: 'bookContent',
    auth: 'user',
  },
  { method: 'POST', path: '/books/{id}/progress', group: 'learning', handler: 'progress', auth: 'user' },

  {
    method: 'POST',
    path: '/plots/books/{id}/generate',
    group: 'plots',
    handler: 'generatePlot',
    auth: 'user',
  },
  { method: 'GET', path: '/plots/books/{id}/status', group: 'plots', handler: 'plotStatus', auth: 'user' },
  {
    method: 'GET',
    path: '/plots/books/{id}/overview',
    group: 'plots',
    handler: 'plotOverview',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/characters/plot/{id}',
    group: 'plots',
    handler: 'createCharacter',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/characters/bulk-delete',
    group: 'plots',
    handler: 'bulkDeleteCharacters',
    auth: 'user',
  },
  { method: 'PUT', path: '/characters/{id}', group: 'plots', handler: 'updateCharacter', auth: 'user' },
  { method: 'DELETE', path: '/characters/{id}', group: 'plots', handler: 'deleteCharacter', auth: 'user' },
  {
    method: 'POST',
    path: '/characters/{id}/generate-image',
    group: 'plots',
    handler: 'generateCharacterImage',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/characters/{id}/image-status',
    group: 'plots',
    handler: 'characterImageStatus',
    auth: 'user',
  },

  {
    method: 'POST',
    path: '/ai/generate-script-and-scenes',
    group: 'scripts',
    handler: 'generateScript',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/generate-script-and-scenes/status/{job}',
    group: 'scripts',
    handler: 'scriptJobStatus',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/scripts/{chapter}', group: 'scripts', handler: 'chapterScripts', auth: 'user' },
  { method: 'GET', path: '/ai/script/{id}', group: 'scripts', handler: 'getScript', auth: 'user' },
  { method: 'PUT', path: '/ai/script/{id}', group: 'scripts', handler: 'updateScript', auth: 'user' },
  {
    method: 'POST',
    path: '/ai/script/{id}/scenes/{scene}/regenerate',
    group: 'scripts',
    handler: 'regenerateScene',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/script/{id}/scenes/{scene}/regenerate/status/{job}',
    group: 'scripts',
    handler: 'sceneJobStatus',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/ai/delete-script/{id}',
    group: 'scripts',
    handler: 'deleteScript',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/script/{id}/export', group: 'scripts', handler: 'exportScript', auth: 'user' },

  { method: 'GET', path: '/chapters/{id}/images', group: 'images', handler: 'chapterImages', auth: 'user' },
  {
    method: 'POST',
    path: '/chapters/{id}/images/scenes/{scene}',
    group: 'images',
    handler: 'generateSceneImage',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/chapters/{id}/images/characters',
    group: 'images',
    handler: 'generateCharacterImage',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/chapters/{id}/images/scenes/{record}',
    group: 'images',
    handler: 'deleteSceneImage',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/chapters/{id}/images/characters/{record}',
    group: 'images',
    handler: 'deleteCharacterImage',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/chapters/{id}/images/status/{job}',
    group: 'images',
    handler: 'chapterImageStatus',
    auth: 'user',
  },

  // Chapter audio (the workspace's Audio tab).
  { method: 'GET', path: '/chapters/{id}/audio', group: 'audio', handler: 'listAudio', auth: 'user' },
  {
    method: 'POST',
    path: '/chapters/{id}/audio/{kind}/{scene}',
    group: 'audio',
    handler: 'generateAudio',
    auth: 'user',
  },
  {
    method: 'DELETE',
    path: '/chapters/{id}/audio/{file}',
    group: 'audio',
    handler: 'deleteAudio',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/chapters/{id}/audio/export',
    group: 'audio',
    handler: 'exportAudio',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/chapters/{id}/audio/status/{job}',
    group: 'audio',
    handler: 'audioStatus',
    auth: 'user',
  },
  { method: 'GET', path: '/audio/voices', group: 'audio', handler: 'listVoices', auth: 'user' },

  {
    method: 'POST',
    path: '/ai/generate-entertainment-video',
    group: 'video',
    handler: 'generateEntertainmentVideo',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/video-generation-status/{id}',
    group: 'video',
    handler: 'videoGenerationStatus',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/video-generation/{id}/status',
    group: 'video',
    handler: 'videoGenerationSteps',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/pipeline-status/{id}',
    group: 'video',
    handler: 'pipelineStatus',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/initialize-pipeline/{id}',
    group: 'video',
    handler: 'initializePipeline',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/retry-generation/{id}',
    group: 'video',
    handler: 'retryGeneration',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/trigger-lip-sync/{id}',
    group: 'video',
    handler: 'triggerLipSync',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/ai/cancel-generation/{id}',
    group: 'video',
    handler: 'cancelGeneration',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/merge-status/{id}', group: 'video', handler: 'mergeStatus', auth: 'user' },
  { method: 'GET', path: '/ai/lip-sync-status/{id}', group: 'video', handler: 'lipSyncStatus', auth: 'user' },
  { method: 'GET', path: '/ai/final-video/{id}', group: 'video', handler: 'finalVideo', auth: 'user' },
  {
    method: 'GET',
    path: '/ai/final-video/{id}/download',
    group: 'video',
    handler: 'downloadFinalVideo',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/audio-files/{id}', group: 'video', handler: 'audioFiles', auth: 'user' },
  {
    method: 'GET',
    path: '/ai/character-images/{id}',
    group: 'video',
    handler: 'characterImages',
    auth: 'user',
  },
  { method: 'GET', path: '/ai/scene-videos/{id}', group: 'video', handler: 'sceneVideos', auth: 'user' },
  {
    method: 'GET',
    path: '/ai/lip-synced-videos/{id}',
    group: 'video',
    handler: 'lipSyncedVideos',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/ai/chapter-video-generations/{id}',
    group: 'video',
    handler: 'chapterVideoGenerations',
    auth: 'user',
  },
  { method: 'POST', path: '/ai/combine-videos', group: 'video', handler: 'combineVideos', auth: 'user' },
  { method: 'GET', path: '/ai/combine-videos/{id}', group: 'video', handler: 'combinedVideo', auth: 'user' },

  // Subscriptions and payments (functions/contracts/subscriptions.ts has the shapes and the metering rule).
  { method: 'GET', path: '/subscriptions/tiers', group: 'subscriptions', handler: 'tiers', auth: 'user' },
  { method: 'GET', path: '/subscriptions/current', group: 'subscriptions', handler: 'current', auth: 'user' },
  { method: 'GET', path: '/subscriptions/usage', group: 'subscriptions', handler: 'usage', auth: 'user' },
  {
    method: 'POST',
    path: '/subscriptions/checkout',
    group: 'subscriptions',
    handler: 'checkout',
    auth: 'user',
  },
  { method: 'POST', path: '/subscriptions/cancel', group: 'subscriptions', handler: 'cancel', auth: 'user' },
  {
    method: 'POST',
    path: '/subscriptions/reactivate',
    group: 'subscriptions',
    handler: 'reactivate',
    auth: 'user',
  },
  { method: 'POST', path: '/subscriptions/portal', group: 'subscriptions', handler: 'portal', auth: 'user' },
  {
    method: 'POST',
    path: '/payments/create-book-upload-checkout-session',
    group: 'payments',
    handler: 'createBookUploadCheckoutSession',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/payments/check-payment-status/{id}',
    group: 'payments',
    handler: 'checkPaymentStatus',
    auth: 'user',
  },
  {
    method: 'GET',
    path: '/payments/user-book-count',
    group: 'payments',
    handler: 'userBookCount',
    auth: 'user',
  },
  // Public: Stripe signs it (Stripe-Signature over the raw body); unsigned bodies are refused.
  { method: 'POST', path: '/payments/webhook', group: 'payments', handler: 'webhook', auth: 'public' },
  // The offline checkout page (only when no Stripe key is configured; the session id is unguessable).
  {
    method: 'GET',
    path: '/payments/local-checkout/{id}',
    group: 'payments',
    handler: 'localCheckoutPage',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/payments/local-checkout/{id}/pay',
    group: 'payments',
    handler: 'localCheckoutPay',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/payments/local-checkout/{id}/cancel',
    group: 'payments',
    handler: 'localCheckoutCancel',
    auth: 'public',
  },
  {
    method: 'GET',
    path: '/chapters/{id}/video-production',
    group: 'video',
    handler: 'getVideoProduction',
    auth: 'user',
  },
  {
    method: 'PUT',
    path: '/chapters/{id}/video-production',
    group: 'video',
    handler: 'saveVideoProduction',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/chapters/{id}/video-production/render',
    group: 'video',
    handler: 'renderVideoProduction',
    auth: 'user',
  },

  { method: 'GET', path: '/creator/prompts', group: 'creator', handler: 'listPrompts', auth: 'author' },
  { method: 'POST', path: '/creator/prompts', group: 'creator', handler: 'createPrompt', auth: 'author' },
  {
    method: 'DELETE',
    path: '/creator/prompts/{id}',
    group: 'creator',
    handler: 'deletePrompt',
    auth: 'author',
  },
  // Creator Mode's generate actions: each keeps its prompt as a draft and answers 202 with the
  // creation (a job) the page follows.
  { method: 'GET', path: '/creator/capabilities', group: 'creator', handler: 'capabilities', auth: 'author' },
  { method: 'POST', path: '/creator/scripts', group: 'creator', handler: 'generateScript', auth: 'author' },
  { method: 'POST', path: '/creator/books', group: 'creator', handler: 'generateBook', auth: 'author' },
  { method: 'POST', path: '/creator/videos', group: 'creator', handler: 'generateVideo', auth: 'author' },
  { method: 'GET', path: '/creator/creations', group: 'creator', handler: 'listCreations', auth: 'author' },
  {
    method: 'GET',
    path: '/creator/creations/{id}',
    group: 'creator',
    handler: 'creationStatus',
    auth: 'author',
  },

  // The Merge studio (spec 3 §7): uploads straight to storage in presigned parts, or small files in
  // one request; merges queued one at a time per user; previews; downloads for 24 hours.
  { method: 'POST', path: '/merge/uploads', group: 'merge', handler: 'startUpload', auth: 'user' },
  { method: 'GET', path: '/merge/uploads', group: 'merge', handler: 'listUploads', auth: 'user' },
  { method: 'GET', path: '/merge/uploads/{id}', group: 'merge', handler: 'getUpload', auth: 'user' },
  { method: 'DELETE', path: '/merge/uploads/{id}', group: 'merge', handler: 'abortUpload', auth: 'user' },
  {
    method: 'POST',
    path: '/merge/uploads/{id}/parts',
    group: 'merge',
    handler: 'signUploadParts',
    auth: 'user',
  },
  {
    method: 'POST',
    path: '/merge/uploads/{id}/complete',
    group: 'merge',
    handler: 'completeUpload',
    auth: 'user',
  },
  { method: 'POST', path: '/merge/upload', group: 'merge', handler: 'uploadFile', auth: 'user' },
  { method: 'POST', path: '/merge/manual', group: 'merge', handler: 'startMerge', auth: 'user' },
  { method: 'GET', path: '/merge/status/{id}', group: 'merge', handler: 'mergeStatus', auth: 'user' },
  { method: 'GET', path: '/merge/jobs', group: 'merge', handler: 'listMerges', auth: 'user' },
  { method: 'GET', path: '/merge/library', group: 'merge', handler: 'mergeLibrary', auth: 'user' },
  { method: 'POST', path: '/merge/retry/{id}', group: 'merge', handler: 'retryMerge', auth: 'user' },
  { method: 'GET', path: '/merge/{id}/download', group: 'merge', handler: 'downloadMerge', auth: 'user' },
  { method: 'POST', path: '/merge/preview', group: 'merge', handler: 'startPreview', auth: 'user' },
  {
    method: 'GET',
    path: '/merge/preview/status/{id}',
    group: 'merge',
    handler: 'previewStatus',
    auth: 'user',
  },
];

/** `GET /api/v1/books/{id}` style key, as API Gateway puts it in `event.routeKey`. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method} ${API_PREFIX}${route.path}`;

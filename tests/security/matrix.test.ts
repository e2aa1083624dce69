import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../functions/engine/media/ffmpeg';
import { routeKey, routes } from '../../functions/routes';
import {
  createUser,
  runJob,
  settledStatus,
  startTestRuntime,
  uploadBook,
  type TestRuntime,
  readyBook,
  upgradeToBasic,
  writtenScript,
} from '../integration/helpers';

/**
 * The authorization matrix, generated from functions/routes.ts: every route × anonymous, another
 * user (an author with books of their own), an explorer, an author, and the owner of the resources
 * the route names, all real (a processed book, its chapter, a quiz, a learning job, a Creator Mode
 * prompt). Only the roles a case allows may get a 2xx; no answer to anyone else may carry the
 * owner's data, and no answer to the owner may carry the other user's. A route without a case here
 * fails the test: a new route is covered the day it is added.
 */
type Role = 'anonymous' | 'other' | 'explorer' | 'author' | 'owner';
const ROLES: Role[] = ['anonymous', 'other', 'explorer', 'author', 'owner'];
const SIGNED_IN: Role[] = ['other', 'explorer', 'author', 'owner'];
const AUTHORS: Role[] = ['other', 'author', 'owner'];

interface Resources {
  bookId: string;
  chapterId: string;
  quizId: string;
  jobId: string;
  /** The jobs that wrote the quiz, a text and the chapter's safety report. */
  quizJobId: string;
  textJobId: string;
  safetyJobId: string;
  /** The jobs that wrote the owned script and another take of its first scene. */
  scriptJobId: string;
  sceneJobId: string;
  promptId: string;
  /** A finished Creator Mode script (a creation is a job of its author's). */
  creationId: string;
  plotId: string;
  characterId: string;
  scriptId: string;
  /** A chapter image (its record id is its job's id). */
  imageId: string;
  audioFileId: string;
  audioJobId: string;
  /** A finished video generation of the owned script. */
  generationId: string;
  /** The book's second chapter (a generation there runs beside the owned one). */
  otherChapterId: string;
  combineId: string;
  /** A completed Merge studio upload, one still uploading, a finished merge and a finished preview. */
  mergeUploadId: string;
  mergeUploadingId: string;
  mergeId: string;
  previewId: string;
  /** A book id whose upload the owner started paying for (a pending book-upload payment). */
  paymentBookId: string;
}

interface Case {
  /** The request path below /api/v1 (with a query string if the route takes one). */
  path: (r: Resources) => string;
  body?: (r: Resources) => unknown;
  /** Roles that must get a 2xx. Everyone else must not. */
  allowed: Role[];
  /**
   * Roles that pass authorization but may get a 4xx for the resource's state (a retry of a book
   * that did not fail): anything but 401, 403 and 404.
   */
  reachable?: Role[];
  /** Resources made anew for the owner's call, when it changes or removes them. */
  fresh?: () => Promise<Partial<Resources>>;
  /** Each signed-in role calls with a session of its own (the route ends the session it is called with). */
  ownSession?: boolean;
}

let t: TestRuntime;
/** The app's own origin (where payments may return). */
const appOrigin = () => new URL(t.runtime.apiUrl).origin;
const tokens: Partial<Record<Role, string>> = {};
const credentials: Partial<Record<Role, { email: string; password: string }>> = {};
let owned: Resources;
const paymentBookId = randomUUID();
/** Strings only the owner's answers may contain, and strings only the other user's may. */
const ownerSecrets: string[] = [];
const otherSecrets: string[] = [];

const OWNER_TITLE = `Harbour ledger ${Date.now()}`;
const OWNER_PHRASE = 'the keeper counted seventeen lanterns at the quay';
const STORY =
  'Mara walked down to the harbour every evening. The fishing boats came home with the tide. ' +
  'Her father had built the lighthouse forty years before. The town trusted its light in every storm. ' +
  'One winter the lamp failed and Mara climbed the tower with a lantern. The boats followed her light home. ';
const TEXT = `Chapter 1\n\nIn the first chapter ${OWNER_PHRASE} before dawn. ${STORY.repeat(3)}\n\nChapter 2\n\nThe second chapter ends in the hills above the town. ${STORY}`;

const processedBook = (token: string, title = OWNER_TITLE) => readyBook(t, token, { title, text: TEXT });

async function coverForm() {
  const image = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#885522' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('cover_image', new Blob([image], { type: 'image/png' }), 'cover.png');
  return form;
}

function textUploadForm() {
  const form = new FormData();
  form.set('book_type', 'learning');
  form.set('title', 'Matrix upload');
  form.set('description', '');
  form.set('text_content', 'Chapter 1\n\nA short matrix book about a lighthouse.');
  return form;
}

const prompt = { kind: 'book', prompt: 'A story about a harbour keeper.' };

const cases: Record<string, Case> = {
  'GET /health': { path: () => '/health', allowed: ROLES },
  // Public account routes: with an empty body nobody gets a 2xx (and nobody a 500).
  'POST /auth/register': { path: () => '/auth/register', body: () => ({}), allowed: [] },
  'POST /auth/login': { path: () => '/auth/login', body: () => ({}), allowed: [] },
  'POST /auth/refresh': { path: () => '/auth/refresh', body: () => ({}), allowed: [] },
  'POST /auth/verify-email': { path: () => '/auth/verify-email', body: () => ({}), allowed: [] },
  'POST /auth/resend-verification': {
    path: () => '/auth/resend-verification',
    body: () => ({}),
    allowed: [],
  },
  'POST /auth/request-password-reset': {
    path: () => '/auth/request-password-reset',
    body: () => ({}),
    allowed: [],
  },
  'POST /auth/confirm-password-reset': {
    path: () => '/auth/confirm-password-reset',
    body: () => ({}),
    allowed: [],
  },

  'POST /auth/logout': { path: () => '/auth/logout', body: () => ({}), allowed: SIGNED_IN, ownSession: true },

  'GET /users/me': { path: () => '/users/me', allowed: SIGNED_IN },
  'PUT /users/me': { path: () => '/users/me', body: () => ({ bio: 'Reads at night.' }), allowed: SIGNED_IN },
  'GET /users/me/stats': { path: () => '/users/me/stats', allowed: SIGNED_IN },
  'GET /users/me/activity': { path: () => '/users/me/activity', allowed: SIGNED_IN },
  'GET /users/me/badges': { path: () => '/users/me/badges', allowed: SIGNED_IN },

  // One book's analytics: only its owner; another author (and one without books) is told it is not found.
  'GET /author/analytics': { path: (r) => `/author/analytics?book_id=${r.bookId}`, allowed: ['owner'] },

  'GET /books': { path: () => '/books', allowed: SIGNED_IN },
  'POST /books/upload': { path: () => '/books/upload', body: () => textUploadForm(), allowed: SIGNED_IN },
  'POST /books/upload-url': {
    path: () => '/books/upload-url',
    body: () => ({ filename: 'big.txt', size: 5_000_000, content_type: 'text/plain' }),
    allowed: SIGNED_IN,
  },
  'GET /books/learning-progress': { path: () => '/books/learning-progress', allowed: SIGNED_IN },
  'GET /books/superadmin-learning-books': {
    path: () => '/books/superadmin-learning-books',
    allowed: SIGNED_IN,
  },
  'GET /books/superadmin-entertainment-books': {
    path: () => '/books/superadmin-entertainment-books',
    allowed: SIGNED_IN,
  },
  'GET /books/{id}': { path: (r) => `/books/${r.bookId}`, allowed: ['owner'] },
  'PUT /books/{id}': {
    path: (r) => `/books/${r.bookId}`,
    body: () => ({ description: 'Changed by the matrix.' }),
    allowed: ['owner'],
  },
  'DELETE /books/{id}': {
    path: (r) => `/books/${r.bookId}`,
    allowed: ['owner'],
    fresh: () => processedBook(tokens.owner!, 'Disposable'),
  },
  'GET /books/{id}/chapters': { path: (r) => `/books/${r.bookId}/chapters`, allowed: ['owner'] },
  'GET /books/{id}/chapters/{chapterId}': {
    path: (r) => `/books/${r.bookId}/chapters/${r.chapterId}`,
    allowed: ['owner'],
  },
  'GET /books/{id}/status': { path: (r) => `/books/${r.bookId}/status`, allowed: ['owner'] },
  'POST /books/{id}/retry': { path: (r) => `/books/${r.bookId}/retry`, allowed: [], reachable: ['owner'] },
  'POST /books/{id}/regenerate-chapters': {
    path: (r) => `/books/${r.bookId}/regenerate-chapters`,
    allowed: ['owner'],
    fresh: () => processedBook(tokens.owner!, 'Disposable'),
  },
  'POST /books/{id}/save-structure': {
    path: (r) => `/books/${r.bookId}/save-structure`,
    body: () => ({ chapters: [{ title: 'One', chapter_number: 1, source_chapter_number: 1 }] }),
    allowed: ['owner'],
    fresh: async () => {
      const upload = await uploadBook(t, { token: tokens.owner!, text: TEXT, title: 'Disposable' });
      await settledStatus(t, String(upload.body.id), tokens.owner!);
      return { bookId: String(upload.body.id) };
    },
  },
  'POST /books/{id}/upload-cover': {
    path: (r) => `/books/${r.bookId}/upload-cover`,
    body: () => coverForm(),
    allowed: ['owner'],
  },
  // Administrators only: none of these roles is one.
  'POST /books/{id}/publish': { path: (r) => `/books/${r.bookId}/publish`, allowed: [] },
  'DELETE /books/{id}/publish': { path: (r) => `/books/${r.bookId}/publish`, allowed: [] },

  'POST /ai/generate-audio-narration': {
    path: () => '/ai/generate-audio-narration',
    body: (r) => ({ chapter_id: r.chapterId }),
    allowed: ['owner'],
  },
  'POST /ai/generate-realistic-video': {
    path: () => '/ai/generate-realistic-video',
    body: (r) => ({ chapter_id: r.chapterId }),
    allowed: ['owner'],
  },
  'POST /ai/generate-tutorial-video': {
    path: (r) => `/ai/generate-tutorial-video?chapter_id=${r.chapterId}`,
    allowed: ['owner'],
  },
  'POST /ai/generate-video-from-chapter': {
    path: (r) => `/ai/generate-video-from-chapter?chapter_id=${r.chapterId}`,
    allowed: ['owner'],
  },
  'GET /ai/check-video-status/{id}': { path: (r) => `/ai/check-video-status/${r.jobId}`, allowed: ['owner'] },
  'GET /ai/learning-content/{chapter}': {
    path: (r) => `/ai/learning-content/${r.chapterId}`,
    allowed: ['owner'],
  },
  'GET /ai/video-avatars': { path: () => '/ai/video-avatars', allowed: SIGNED_IN },
  'GET /ai/voices': { path: () => '/ai/voices', allowed: SIGNED_IN },
  'POST /ai/generate-quiz': {
    path: () => '/ai/generate-quiz',
    body: (r) => ({ book_id: r.bookId, chapter_id: r.chapterId, num_questions: 3 }),
    allowed: ['owner'],
  },
  'POST /ai/generate-text': {
    path: () => '/ai/generate-text',
    body: () => ({ prompt: 'Hello' }),
    allowed: SIGNED_IN,
  },
  'POST /ai/analyze-chapter-safety': {
    path: () => '/ai/analyze-chapter-safety',
    body: (r) => ({ chapter_id: r.chapterId }),
    allowed: ['owner'],
  },
  'GET /ai/generate-quiz/status/{job}': {
    path: (r) => `/ai/generate-quiz/status/${r.quizJobId}`,
    allowed: ['owner'],
  },
  'GET /ai/generate-text/status/{job}': {
    path: (r) => `/ai/generate-text/status/${r.textJobId}`,
    allowed: ['owner'],
  },
  'GET /ai/analyze-chapter-safety/status/{job}': {
    path: (r) => `/ai/analyze-chapter-safety/status/${r.safetyJobId}`,
    allowed: ['owner'],
  },
  'GET /quizzes/{id}': { path: (r) => `/quizzes/${r.quizId}`, allowed: ['owner'] },
  'POST /quizzes/{id}/submit': {
    path: (r) => `/quizzes/${r.quizId}/submit`,
    body: () => ({ answers: [0, 0, 0] }),
    allowed: ['owner'],
  },
  'GET /books/{id}/quizzes': { path: (r) => `/books/${r.bookId}/quizzes`, allowed: ['owner'] },
  'GET /books/{id}/learning-content': {
    path: (r) => `/books/${r.bookId}/learning-content`,
    allowed: ['owner'],
  },
  'POST /books/{id}/progress': {
    path: (r) => `/books/${r.bookId}/progress`,
    body: (r) => ({ chapter_id: r.chapterId, event: 'chapter_read', seconds: 30 }),
    allowed: ['owner'],
  },

  'POST /plots/books/{id}/generate': {
    path: (r) => `/plots/books/${r.bookId}/generate`,
    body: () => ({}),
    allowed: ['owner'],
  },
  'GET /plots/books/{id}/status': { path: (r) => `/plots/books/${r.bookId}/status`, allowed: ['owner'] },
  'GET /plots/books/{id}/overview': { path: (r) => `/plots/books/${r.bookId}/overview`, allowed: ['owner'] },
  'POST /characters/plot/{id}': {
    path: (r) => `/characters/plot/${r.plotId}`,
    body: () => ({ name: 'Matrix Visitor', role: 'supporting' }),
    allowed: ['owner'],
  },
  'POST /characters/bulk-delete': {
    path: () => '/characters/bulk-delete',
    body: (r) => ({ ids: [r.characterId] }),
    // Anyone signed in may ask: only the caller's own characters go, other ids come back as
    // not found (the owner's character survives: the PUT and DELETE cases below still find it).
    allowed: SIGNED_IN,
    fresh: async () => ({ characterId: await createCharacter() }),
  },
  'PUT /characters/{id}': {
    path: (r) => `/characters/${r.characterId}`,
    body: () => ({ personality: 'Patient and exact.' }),
    allowed: ['owner'],
  },
  'DELETE /characters/{id}': {
    path: (r) => `/characters/${r.characterId}`,
    allowed: ['owner'],
    fresh: async () => ({ characterId: await createCharacter() }),
  },
  'POST /characters/{id}/generate-image': {
    path: (r) => `/characters/${r.characterId}/generate-image`,
    body: () => ({}),
    allowed: ['owner'],
  },
  'GET /characters/{id}/image-status': {
    path: (r) => `/characters/${r.characterId}/image-status`,
    allowed: ['owner'],
  },
  'POST /ai/generate-script-and-scenes': {
    path: () => '/ai/generate-script-and-scenes',
    body: (r) => ({ chapter_id: r.chapterId, scene_count: 3 }),
    allowed: ['owner'],
  },
  'GET /ai/scripts/{chapter}': { path: (r) => `/ai/scripts/${r.chapterId}`, allowed: ['owner'] },
  'GET /ai/script/{id}': { path: (r) => `/ai/script/${r.scriptId}`, allowed: ['owner'] },
  'PUT /ai/script/{id}': {
    path: (r) => `/ai/script/${r.scriptId}`,
    body: () => ({ script_name: 'Renamed by the matrix' }),
    allowed: ['owner'],
  },
  'POST /ai/script/{id}/scenes/{scene}/regenerate': {
    path: (r) => `/ai/script/${r.scriptId}/scenes/1/regenerate`,
    body: () => ({}),
    allowed: ['owner'],
  },
  'GET /ai/script/{id}/scenes/{scene}/regenerate/status/{job}': {
    path: (r) => `/ai/script/${r.scriptId}/scenes/1/regenerate/status/${r.sceneJobId}`,
    allowed: ['owner'],
  },
  'GET /ai/generate-script-and-scenes/status/{job}': {
    path: (r) => `/ai/generate-script-and-scenes/status/${r.scriptJobId}`,
    allowed: ['owner'],
  },
  'DELETE /ai/delete-script/{id}': {
    path: (r) => `/ai/delete-script/${r.scriptId}`,
    allowed: ['owner'],
    fresh: async () => ({ scriptId: await createScript() }),
  },
  'GET /ai/script/{id}/export': {
    path: (r) => `/ai/script/${r.scriptId}/export?format=fountain`,
    allowed: ['owner'],
  },

  'GET /chapters/{id}/images': { path: (r) => `/chapters/${r.chapterId}/images`, allowed: ['owner'] },
  'POST /chapters/{id}/images/scenes/{scene}': {
    path: (r) => `/chapters/${r.chapterId}/images/scenes/1`,
    body: (r) => ({ script_id: r.scriptId, quality: 'standard' }),
    allowed: ['owner'],
  },
  'POST /chapters/{id}/images/characters': {
    path: (r) => `/chapters/${r.chapterId}/images/characters`,
    body: () => ({ character_name: 'Mara', quality: 'standard' }),
    allowed: ['owner'],
  },
  'DELETE /chapters/{id}/images/scenes/{record}': {
    path: (r) => `/chapters/${r.chapterId}/images/scenes/${r.imageId}`,
    allowed: ['owner'],
    fresh: async () => ({ imageId: await createImage('scene') }),
  },
  'DELETE /chapters/{id}/images/characters/{record}': {
    path: (r) => `/chapters/${r.chapterId}/images/characters/${r.imageId}`,
    allowed: ['owner'],
    fresh: async () => ({ imageId: await createImage('character') }),
  },
  'GET /chapters/{id}/images/status/{job}': {
    path: (r) => `/chapters/${r.chapterId}/images/status/${r.imageId}`,
    allowed: ['owner'],
  },
  // Chapter audio: generations of other scenes and kinds than the owned file's, so it stays.
  'GET /chapters/{id}/audio': { path: (r) => `/chapters/${r.chapterId}/audio`, allowed: ['owner'] },
  'POST /chapters/{id}/audio/{kind}/{scene}': {
    path: (r) => `/chapters/${r.chapterId}/audio/music/2`,
    body: (r) => ({ script_id: r.scriptId }),
    allowed: ['owner'],
  },
  'DELETE /chapters/{id}/audio/{file}': {
    path: (r) => `/chapters/${r.chapterId}/audio/${r.audioFileId}`,
    allowed: ['owner'],
    fresh: async () => ({ audioFileId: (await createAudio('background_music', 3)).fileId }),
  },
  'POST /chapters/{id}/audio/export': {
    path: (r) => `/chapters/${r.chapterId}/audio/export`,
    body: (r) => ({ audio_assets: [r.audioFileId] }),
    allowed: ['owner'],
  },
  'GET /chapters/{id}/audio/status/{job}': {
    path: (r) => `/chapters/${r.chapterId}/audio/status/${r.audioJobId}`,
    allowed: ['owner'],
  },
  'GET /audio/voices': { path: () => '/audio/voices', allowed: SIGNED_IN },

  // The video pipeline: the owned generation is finished; cases that start work wait for the runtime first.
  'POST /ai/generate-entertainment-video': {
    path: () => '/ai/generate-entertainment-video',
    body: (r) => ({ script_id: r.scriptId, chapter_id: r.otherChapterId }),
    allowed: ['owner'],
    fresh: async () => {
      await t.runtime.stepFunctions.idle();
      return { scriptId: await createScript(owned.otherChapterId) };
    },
  },
  'GET /ai/video-generation-status/{id}': {
    path: (r) => `/ai/video-generation-status/${r.generationId}`,
    allowed: ['owner'],
  },
  'GET /ai/video-generation/{id}/status': {
    path: (r) => `/ai/video-generation/${r.generationId}/status`,
    allowed: ['owner'],
  },
  'GET /ai/pipeline-status/{id}': {
    path: (r) => `/ai/pipeline-status/${r.generationId}`,
    allowed: ['owner'],
  },
  'POST /ai/initialize-pipeline/{id}': {
    path: (r) => `/ai/initialize-pipeline/${r.scriptId}`,
    allowed: ['owner'],
  },
  'POST /ai/retry-generation/{id}': {
    path: (r) => `/ai/retry-generation/${r.generationId}`,
    body: () => ({ retry_from_step: 'lipsync' }),
    allowed: ['owner'],
    fresh: idleFirst,
  },
  'POST /ai/trigger-lip-sync/{id}': {
    path: (r) => `/ai/trigger-lip-sync/${r.generationId}`,
    allowed: ['owner'],
    fresh: idleFirst,
  },
  'POST /ai/cancel-generation/{id}': {
    path: (r) => `/ai/cancel-generation/${r.generationId}`,
    allowed: ['owner'],
    fresh: async () => {
      await t.runtime.stepFunctions.idle();
      const retried = await t.api('POST', `/ai/retry-generation/${owned.generationId}`, {
        token: tokens.owner!,
        body: { retry_from_step: 'lipsync' },
      });
      if (retried.status !== 202) throw new Error(`retry: ${JSON.stringify(retried.body)}`);
      return {};
    },
  },
  'GET /ai/merge-status/{id}': { path: (r) => `/ai/merge-status/${r.generationId}`, allowed: ['owner'] },
  'GET /ai/lip-sync-status/{id}': {
    path: (r) => `/ai/lip-sync-status/${r.generationId}`,
    allowed: ['owner'],
  },
  'GET /ai/final-video/{id}': { path: (r) => `/ai/final-video/${r.generationId}`, allowed: ['owner'] },
  'GET /ai/final-video/{id}/download': {
    path: (r) => `/ai/final-video/${r.generationId}/download?quality=web`,
    allowed: ['owner'],
  },
  'GET /ai/audio-files/{id}': { path: (r) => `/ai/audio-files/${r.generationId}`, allowed: ['owner'] },
  'GET /ai/character-images/{id}': {
    path: (r) => `/ai/character-images/${r.generationId}`,
    allowed: ['owner'],
  },
  'GET /ai/scene-videos/{id}': { path: (r) => `/ai/scene-videos/${r.generationId}`, allowed: ['owner'] },
  'GET /ai/lip-synced-videos/{id}': {
    path: (r) => `/ai/lip-synced-videos/${r.generationId}`,
    allowed: ['owner'],
  },
  'GET /ai/chapter-video-generations/{id}': {
    path: (r) => `/ai/chapter-video-generations/${r.chapterId}`,
    allowed: ['owner'],
  },
  'POST /ai/combine-videos': {
    path: () => '/ai/combine-videos',
    body: (r) => ({ video_urls: [r.generationId, r.generationId] }),
    allowed: ['owner'],
  },
  'GET /ai/combine-videos/{id}': { path: (r) => `/ai/combine-videos/${r.combineId}`, allowed: ['owner'] },
  'POST /merge/uploads': {
    path: () => '/merge/uploads',
    body: () => ({ file_name: 'clip.mp4', file_type: 'video', content_type: 'video/mp4', size_bytes: 1000 }),
    allowed: SIGNED_IN,
  },
  'GET /merge/uploads': { path: () => '/merge/uploads', allowed: SIGNED_IN },
  'GET /merge/uploads/{id}': { path: (r) => `/merge/uploads/${r.mergeUploadId}`, allowed: ['owner'] },
  'DELETE /merge/uploads/{id}': {
    path: (r) => `/merge/uploads/${r.mergeUploadingId}`,
    allowed: ['owner'],
    fresh: async () => ({ mergeUploadingId: await startMergeUpload() }),
  },
  'POST /merge/uploads/{id}/parts': {
    path: (r) => `/merge/uploads/${r.mergeUploadingId}/parts`,
    body: () => ({ part_numbers: [1] }),
    allowed: ['owner'],
  },
  // No part was sent: the owner is told to send it.
  'POST /merge/uploads/{id}/complete': {
    path: (r) => `/merge/uploads/${r.mergeUploadingId}/complete`,
    body: () => ({ parts: [{ part_number: 1, etag: '"0123456789abcdef0123456789abcdef"' }] }),
    allowed: [],
    reachable: ['owner'],
  },
  'POST /merge/upload': { path: () => '/merge/upload', body: () => clipForm(), allowed: SIGNED_IN },
  'POST /merge/manual': {
    path: () => '/merge/manual',
    body: (r) => ({
      input_sources: [
        { url: `/api/v1/merge/uploads/${r.mergeUploadId}`, type: 'video' },
        { url: r.generationId, type: 'video', start_time: 2 },
      ],
    }),
    allowed: ['owner'],
  },
  'GET /merge/status/{id}': { path: (r) => `/merge/status/${r.mergeId}`, allowed: ['owner'] },
  'GET /merge/jobs': { path: () => '/merge/jobs', allowed: SIGNED_IN },
  'GET /merge/library': { path: () => '/merge/library', allowed: SIGNED_IN },
  // A completed merge cannot be retried: the owner is told so.
  'POST /merge/retry/{id}': { path: (r) => `/merge/retry/${r.mergeId}`, allowed: [], reachable: ['owner'] },
  'GET /merge/{id}/download': { path: (r) => `/merge/${r.mergeId}/download`, allowed: ['owner'] },
  'POST /merge/preview': {
    path: () => '/merge/preview',
    body: (r) => ({ input_sources: [{ url: `/api/v1/merge/uploads/${r.mergeUploadId}`, type: 'video' }] }),
    allowed: ['owner'],
  },
  'GET /merge/preview/status/{id}': {
    path: (r) => `/merge/preview/status/${r.previewId}`,
    allowed: ['owner'],
  },

  'GET /chapters/{id}/video-production': {
    path: (r) => `/chapters/${r.chapterId}/video-production`,
    allowed: ['owner'],
  },
  'PUT /chapters/{id}/video-production': {
    path: (r) => `/chapters/${r.chapterId}/video-production`,
    body: (r) => ({
      script_id: r.scriptId,
      scenes: [
        { id: 's2', sceneNumber: 2, duration: 4 },
        { id: 's1', sceneNumber: 1, duration: 4, transitions: [{ type: 'fade', duration: 0.5 }] },
      ],
    }),
    allowed: ['owner'],
  },
  'POST /chapters/{id}/video-production/render': {
    path: (r) => `/chapters/${r.chapterId}/video-production/render`,
    body: (r) => ({ script_id: r.scriptId }),
    allowed: ['owner'],
    fresh: async () => {
      await t.runtime.stepFunctions.idle();
      const saved = await t.api('PUT', `/chapters/${owned.chapterId}/video-production`, {
        token: tokens.owner!,
        body: { script_id: owned.scriptId, scenes: [{ id: 's1', sceneNumber: 1, duration: 4 }] },
      });
      if (saved.status !== 200) throw new Error(`production: ${JSON.stringify(saved.body)}`);
      return {};
    },
  },

  'GET /subscriptions/tiers': { path: () => '/subscriptions/tiers', allowed: SIGNED_IN },
  'GET /subscriptions/current': { path: () => '/subscriptions/current', allowed: SIGNED_IN },
  'GET /subscriptions/usage': { path: () => '/subscriptions/usage', allowed: SIGNED_IN },
  // Every signed-in role is on basic already (see beforeAll): the same plan again is a 400.
  'POST /subscriptions/checkout': {
    path: () => '/subscriptions/checkout',
    body: () => ({ tier: 'basic', success_url: `${appOrigin()}/ok`, cancel_url: `${appOrigin()}/no` }),
    allowed: [],
    reachable: SIGNED_IN,
  },
  // Each signed-in role cancels, then reactivates, its own plan (basic).
  'POST /subscriptions/cancel': { path: () => '/subscriptions/cancel', allowed: SIGNED_IN },
  'POST /subscriptions/reactivate': { path: () => '/subscriptions/reactivate', allowed: SIGNED_IN },
  // Offline the portal is the return URL (plans are managed on /subscription).
  'POST /subscriptions/portal': {
    path: () => '/subscriptions/portal',
    body: () => ({ return_url: `${appOrigin()}/subscription` }),
    allowed: SIGNED_IN,
  },
  // On basic no upload needs paying for: a 400 for the caller's own new id, a 404 for the owner's book.
  'POST /payments/create-book-upload-checkout-session': {
    path: () => '/payments/create-book-upload-checkout-session',
    body: (r) => ({ book_id: r.bookId }),
    allowed: [],
    reachable: ['owner'],
  },
  'GET /payments/check-payment-status/{id}': {
    path: (r) => `/payments/check-payment-status/${r.paymentBookId}`,
    allowed: ['owner'],
  },
  'GET /payments/user-book-count': { path: () => '/payments/user-book-count', allowed: SIGNED_IN },
  // Public, but only signed events are taken: an unsigned body is a 400 for everyone.
  'POST /payments/webhook': {
    path: () => '/payments/webhook',
    body: () => ({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
    allowed: [],
    reachable: ROLES,
  },
  'GET /payments/local-checkout/{id}': {
    path: () => '/payments/local-checkout/cs_local_000000000000000000000000000000000000',
    allowed: [],
  },
  'POST /payments/local-checkout/{id}/pay': {
    path: () => '/payments/local-checkout/cs_local_000000000000000000000000000000000000/pay',
    allowed: [],
  },
  'POST /payments/local-checkout/{id}/cancel': {
    path: () => '/payments/local-checkout/cs_local_000000000000000000000000000000000000/cancel',
    allowed: [],
  },

  'GET /creator/prompts': { path: () => '/creator/prompts', allowed: AUTHORS },
  'POST /creator/prompts': { path: () => '/creator/prompts', body: () => prompt, allowed: AUTHORS },
  'DELETE /creator/prompts/{id}': {
    path: (r) => `/creator/prompts/${r.promptId}`,
    allowed: ['owner'],
    fresh: async () => ({ promptId: await createPrompt() }),
  },
  'GET /creator/capabilities': { path: () => '/creator/capabilities', allowed: AUTHORS },
  'POST /creator/scripts': {
    path: () => '/creator/scripts',
    body: () => ({ prompt: 'A keeper rows out at night.' }),
    allowed: AUTHORS,
  },
  // Offline, a book is refused for want of a text model (400), but only after the role check.
  'POST /creator/books': {
    path: () => '/creator/books',
    body: () => ({ prompt: 'A saga of the harbour.' }),
    allowed: [],
    reachable: AUTHORS,
  },
  // A narrator that is not in the voice list is refused (400), but only after the role check: no
  // film is made for each role here (the short film's own tests make one).
  'POST /creator/videos': {
    path: () => '/creator/videos',
    body: () => ({ prompt: 'A keeper rows out at night.', voice: 'no-such-voice' }),
    allowed: [],
    reachable: AUTHORS,
  },
  'GET /creator/creations': { path: () => '/creator/creations', allowed: AUTHORS },
  'GET /creator/creations/{id}': { path: (r) => `/creator/creations/${r.creationId}`, allowed: ['owner'] },
};

/** Lets the runtime finish what earlier cases started (a generation runs one at a time per chapter). */
async function idleFirst(): Promise<Partial<Resources>> {
  await t.runtime.stepFunctions.idle();
  return {};
}

/** A finished video generation of the owned script. */
async function createGeneration(): Promise<string> {
  const started = await t.api<{ video_generation_id: string }>('POST', '/ai/generate-entertainment-video', {
    token: tokens.owner!,
    body: { script_id: owned.scriptId, chapter_id: owned.chapterId },
  });
  if (started.status !== 202) throw new Error(`generation: ${JSON.stringify(started.body)}`);
  await t.runtime.stepFunctions.idle();
  const done = await t.api<{ generation_status: string; error_message: string | null }>(
    'GET',
    `/ai/video-generation-status/${started.body.video_generation_id}`,
    { token: tokens.owner! },
  );
  if (done.body.generation_status !== 'completed')
    throw new Error(`generation: ${JSON.stringify(done.body)}`);
  return started.body.video_generation_id;
}

async function createCreation(): Promise<string> {
  const started = await t.api<{ id: string }>('POST', '/creator/scripts', {
    token: tokens.owner!,
    body: { prompt: 'The keeper lights the lamp at dusk.' },
  });
  if (started.status !== 202) throw new Error(`creation: ${JSON.stringify(started.body)}`);
  await t.runtime.stepFunctions.idle();
  return started.body.id;
}

async function createPrompt(): Promise<string> {
  const created = await t.api<{ id: string }>('POST', '/creator/prompts', {
    token: tokens.owner!,
    body: prompt,
  });
  if (created.status !== 201) throw new Error(`prompt: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function createCharacter(): Promise<string> {
  const created = await t.api<{ id: string }>('POST', `/characters/plot/${owned.plotId}`, {
    token: tokens.owner!,
    body: { name: `Disposable ${Math.random().toString(36).slice(2, 8)}` },
  });
  if (created.status !== 201) throw new Error(`character: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function createScript(chapterId = owned.chapterId, token = tokens.owner!): Promise<string> {
  return (await writtenScript(t, token, { chapter_id: chapterId, scene_count: 3 })).script_id;
}

/** The job of another take of scene 1 of the owned script (ended). */
async function createSceneJob(): Promise<string> {
  const path = `/ai/script/${owned.scriptId}/scenes/1/regenerate`;
  const job = await runJob<{ job_id: string; status: string; status_url: string }>(
    t,
    tokens.owner!,
    path,
    {},
  );
  return job.job_id;
}

/** A chapter image of the owner's chapter: a scene of the script, or a character (drawn by a job). */
async function createImage(kind: 'scene' | 'character', scene = 2): Promise<string> {
  const created = await t.api<{ record_id: string }>(
    'POST',
    kind === 'scene'
      ? `/chapters/${owned.chapterId}/images/scenes/${scene}`
      : `/chapters/${owned.chapterId}/images/characters`,
    {
      token: tokens.owner!,
      body:
        kind === 'scene'
          ? { script_id: owned.scriptId, quality: 'standard' }
          : { character_name: `Visitor ${Math.random().toString(36).slice(2, 8)}`, quality: 'standard' },
    },
  );
  if (created.status >= 300) throw new Error(`image: ${JSON.stringify(created.body)}`);
  await t.runtime.stepFunctions.idle();
  return created.body.record_id;
}

/** A finished audio file of the owned script (one narrator line or bed), with its job. */
async function createAudio(kind: string, scene: number): Promise<{ fileId: string; jobId: string }> {
  const started = await t.api<{ job_id: string; files: { id: string }[] }>(
    'POST',
    `/chapters/${owned.chapterId}/audio/${kind}/${scene}`,
    { token: tokens.owner!, body: { script_id: owned.scriptId } },
  );
  if (started.status >= 300) throw new Error(`audio: ${JSON.stringify(started.body)}`);
  await t.runtime.stepFunctions.idle();
  return { fileId: started.body.files[0]!.id, jobId: started.body.job_id };
}

/** A two-second 320×180 clip with sound, made once. */
let clip: Buffer | undefined;
async function clipBytes(): Promise<Buffer> {
  if (clip) return clip;
  const dir = mkdtempSync(join(tmpdir(), 'matrix-clip-'));
  const path = join(dir, 'clip.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30:d=2', '-f', 'lavfi', '-i', 'sine=d=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  clip = readFileSync(path);
  rmSync(dir, { recursive: true, force: true });
  return clip;
}

async function clipForm() {
  const form = new FormData();
  form.set('file_type', 'video');
  form.set('file', new Blob([new Uint8Array(await clipBytes())], { type: 'video/mp4' }), 'clip.mp4');
  return form;
}

/** A Merge studio upload of the owner's, started and not completed. */
async function startMergeUpload(): Promise<string> {
  const started = await t.api<{ upload_id: string }>('POST', '/merge/uploads', {
    token: tokens.owner!,
    body: { file_name: 'part.mp4', file_type: 'video', content_type: 'video/mp4', size_bytes: 1000 },
  });
  if (started.status !== 201) throw new Error(`merge upload: ${JSON.stringify(started.body)}`);
  return started.body.upload_id;
}

/** A session of its own for `role` (a new sign-in), for routes that end the session they are called with. */
async function newSession(role: Role): Promise<string | undefined> {
  const who = credentials[role];
  if (!who) return undefined;
  const login = await t.api<{ access_token: string }>('POST', '/auth/login', { body: who });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}

async function call(role: Role, method: string, path: string, body: unknown, token = tokens[role]) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${t.runtime.apiUrl}${path}`, { method, headers, body: payload });
  return { status: response.status, text: await response.text() };
}

/** Tallies for docs/security.md. */
const tally = { requests: 0, denied: 0, leaks: 0 };

beforeAll(async () => {
  t = await startTestRuntime();
  const [owner, other, explorer, author] = await Promise.all([
    createUser(t, { role: 'author', display_name: 'Owner Person' }),
    createUser(t, { role: 'author', display_name: 'Other Person' }),
    createUser(t, { role: 'explorer' }),
    createUser(t, { role: 'author' }),
  ]);
  Object.assign(credentials, {
    owner: { email: owner.email, password: owner.password },
    other: { email: other.email, password: other.password },
    explorer: { email: explorer.email, password: explorer.password },
    author: { email: author.email, password: author.password },
  });
  Object.assign(tokens, {
    owner: owner.accessToken,
    other: other.accessToken,
    explorer: explorer.accessToken,
    author: author.accessToken,
  });
  // The owner starts paying for an upload (a pending payment the status route shows), then every
  // signed-in role moves to basic: the cases start more videos and books than the free tier has.
  const pending = await t.api('POST', '/payments/create-book-upload-checkout-session', {
    token: owner.accessToken,
    body: { book_id: paymentBookId },
  });
  if (pending.status !== 200) throw new Error(`book payment: ${JSON.stringify(pending.body)}`);
  await Promise.all([owner, other, explorer, author].map((u) => upgradeToBasic(t, u.accessToken)));
  const { bookId, chapterId } = await processedBook(owner.accessToken);
  const quiz = await runJob<{ job_id: string; status: string; status_url: string; quiz: { id: string } }>(
    t,
    owner.accessToken,
    '/ai/generate-quiz',
    { book_id: bookId, chapter_id: chapterId, num_questions: 3 },
  );
  const text = await runJob<{ job_id: string; status: string; status_url: string }>(
    t,
    owner.accessToken,
    '/ai/generate-text',
    { prompt: `Describe ${OWNER_PHRASE}.` },
  );
  const safety = await runJob<{ job_id: string; status: string; status_url: string }>(
    t,
    owner.accessToken,
    '/ai/analyze-chapter-safety',
    { chapter_id: chapterId },
  );
  const job = await t.api<{ id: string }>('POST', '/ai/generate-audio-narration', {
    token: owner.accessToken,
    body: { chapter_id: chapterId },
  });
  await t.runtime.stepFunctions.idle();
  const plot = await t.api('POST', `/plots/books/${bookId}/generate`, { token: owner.accessToken, body: {} });
  if (plot.status >= 300) throw new Error(`plot: ${JSON.stringify(plot.body)}`);
  await t.runtime.stepFunctions.idle();
  const overview = await t.api<{ id: string; characters: { id: string }[] }>(
    'GET',
    `/plots/books/${bookId}/overview`,
    { token: owner.accessToken },
  );
  owned = {
    bookId,
    chapterId,
    quizId: quiz.quiz.id,
    jobId: job.body.id,
    quizJobId: quiz.job_id,
    textJobId: text.job_id,
    safetyJobId: safety.job_id,
    scriptJobId: '',
    sceneJobId: '',
    promptId: '',
    creationId: '',
    plotId: overview.body.id,
    characterId: '',
    scriptId: '',
    imageId: '',
    audioFileId: '',
    audioJobId: '',
    generationId: '',
    otherChapterId: '',
    combineId: '',
    mergeUploadId: '',
    mergeUploadingId: '',
    mergeId: '',
    previewId: '',
    paymentBookId,
  };
  owned.promptId = await createPrompt();
  owned.creationId = await createCreation();
  owned.characterId = await createCharacter();
  const scriptJob = await runJob<{ job_id: string; status: string; status_url: string; script_id: string }>(
    t,
    owner.accessToken,
    '/ai/generate-script-and-scenes',
    { chapter_id: chapterId, scene_count: 3 },
  );
  owned.scriptId = scriptJob.script_id;
  owned.scriptJobId = scriptJob.job_id;
  owned.sceneJobId = await createSceneJob();
  // Scene 3: the cases redraw scenes 1 and 2, which would replace it.
  owned.imageId = await createImage('scene', 3);
  const narration = await createAudio('narrator', 1);
  owned.audioFileId = narration.fileId;
  owned.audioJobId = narration.jobId;
  owned.generationId = await createGeneration();
  const combined = await t.api<{ combine_id: string }>('POST', '/ai/combine-videos', {
    token: owner.accessToken,
    body: { video_urls: [owned.generationId, owned.generationId] },
  });
  owned.combineId = combined.body.combine_id;
  const form = await clipForm();
  const upload = await t.api<{ upload_id: string }>('POST', '/merge/upload', {
    token: owner.accessToken,
    raw: form,
  });
  if (upload.status !== 201) throw new Error(`merge upload: ${JSON.stringify(upload.body)}`);
  owned.mergeUploadId = upload.body.upload_id;
  owned.mergeUploadingId = await startMergeUpload();
  const merged = await t.api<{ merge_id: string }>('POST', '/merge/manual', {
    token: owner.accessToken,
    body: { input_sources: [{ url: `/api/v1/merge/uploads/${owned.mergeUploadId}`, type: 'video' }] },
  });
  const previewed = await t.api<{ preview_id: string }>('POST', '/merge/preview', {
    token: owner.accessToken,
    body: { input_sources: [{ url: `/api/v1/merge/uploads/${owned.mergeUploadId}`, type: 'video' }] },
  });
  owned.mergeId = merged.body.merge_id;
  owned.previewId = previewed.body.preview_id;
  await t.runtime.stepFunctions.idle();
  const chapters = await t.api<{ id: string }[]>('GET', `/books/${bookId}/chapters`, {
    token: owner.accessToken,
  });
  owned.otherChapterId = chapters.body[1]!.id;
  ownerSecrets.push(
    bookId,
    chapterId,
    owned.quizId,
    owned.jobId,
    owned.promptId,
    owned.creationId,
    owned.plotId,
    owned.characterId,
    owned.scriptId,
    owned.imageId,
    owned.audioFileId,
    owned.audioJobId,
    owned.generationId,
    owned.combineId,
    owned.mergeUploadId,
    owned.mergeUploadingId,
    owned.mergeId,
    owned.previewId,
    owner.email,
    OWNER_TITLE,
    OWNER_PHRASE,
  );

  // The other user has a book and a prompt of their own.
  const theirs = await uploadBook(t, {
    token: other.accessToken,
    text: 'Chapter 1\n\nTheir own quiet story.',
  });
  const theirPrompt = await t.api<{ id: string }>('POST', '/creator/prompts', {
    token: other.accessToken,
    body: { kind: 'book', prompt: 'Their own prompt text.' },
  });
  otherSecrets.push(String(theirs.body.id), theirPrompt.body.id, other.email, 'Their own quiet story');
  if (!owned.quizId || !owned.jobId || !owned.promptId)
    throw new Error(`resources not made: ${JSON.stringify({ quiz, job: job.body })}`);
}, 240_000);

afterAll(async () => {
  console.log(
    `authorization matrix: ${routes.length} routes × ${ROLES.length} roles, ${tally.requests} requests, ${tally.denied} refused, ${tally.leaks} leaks`,
  );
  await t?.stop();
});

describe('authorization matrix', () => {
  it('has a case for every route, and no case for a route that does not exist', () => {
    const keys = routes.map(routeKey).map((key) => key.replace('/api/v1', ''));
    expect(
      keys.filter((key) => !cases[key]),
      'routes the matrix does not know how to call',
    ).toEqual([]);
    expect(
      Object.keys(cases).filter((key) => !keys.includes(key)),
      'cases of no route',
    ).toEqual([]);
  });

  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    it(`${key}: 2xx only for the roles its rule allows, and nobody else's data`, async () => {
      const spec = cases[key];
      if (!spec)
        throw new Error(`No authorization case for ${key}: add one to tests/security/matrix.test.ts`);
      for (const role of ROLES) {
        const resources = role === 'owner' && spec.fresh ? { ...owned, ...(await spec.fresh()) } : owned;
        const token = spec.ownSession ? await newSession(role) : tokens[role];
        const path = spec.path(resources);
        const body = await spec.body?.(resources);
        const answer = await call(role, route.method, path, body, token);
        // What the caller sent itself (an id it asked about) is not something the answer told it.
        const sent = `${path} ${body instanceof FormData ? '' : JSON.stringify(body ?? '')}`;
        tally.requests++;
        const label = `${role} ${key} → ${answer.status} ${answer.text.slice(0, 160)}`;
        expect(answer.status, label).toBeLessThan(500);
        const success = answer.status >= 200 && answer.status < 300;
        if (!success) tally.denied++;
        if (spec.allowed.includes(role)) expect(success, label).toBe(true);
        else expect(success, label).toBe(false);
        if (spec.reachable?.includes(role)) expect([401, 403, 404], label).not.toContain(answer.status);
        if (route.auth !== 'public' && role === 'anonymous') expect(answer.status, label).toBe(401);
        if (route.auth === 'author' && role === 'explorer') expect(answer.status, label).toBe(403);
        const foreign = role === 'owner' ? otherSecrets : ownerSecrets;
        const leaked = foreign.filter((secret) => answer.text.includes(secret) && !sent.includes(secret));
        if (leaked.length) tally.leaks++;
        expect(leaked, label).toEqual([]);
      }
    });
  }
});

/**
 * What a plan does not include and what the app never does, refused to a free user through the
 * public API (issue 27): no new film over the month's videos by running a finished one again, no
 * merge beyond the plan, no payment that returns off the app.
 */
describe('refusals of limits and money', () => {
  let free: string;
  let film: string;
  let chapterId: string;
  let scriptId: string;
  let clipUrl: string;

  beforeAll(async () => {
    free = (await createUser(t, { role: 'author', display_name: 'Free Person' })).accessToken;
    ({ chapterId } = await processedBook(free, 'Free harbour'));
    scriptId = await createScript(chapterId, free);
    // Scenes of some 40 words: a film of about three quarters of a minute.
    const told = await t.api('PUT', `/ai/script/${scriptId}`, {
      token: free,
      body: { scenes: [1, 2, 3].map((n) => ({ scene_number: n, narration: STORY.slice(0, 240) })) },
    });
    if (told.status !== 200) throw new Error(`script: ${JSON.stringify(told.body)}`);
    const started = await t.api<{ video_generation_id: string }>('POST', '/ai/generate-entertainment-video', {
      token: free,
      body: { script_id: scriptId, chapter_id: chapterId },
    });
    if (started.status !== 202) throw new Error(`generation: ${JSON.stringify(started.body)}`);
    film = started.body.video_generation_id;
    // The month's second video: a chapter video.
    const second = await t.api('POST', `/ai/generate-video-from-chapter?chapter_id=${chapterId}`, {
      token: free,
    });
    if (second.status >= 300) throw new Error(`chapter video: ${JSON.stringify(second.body)}`);
    await t.runtime.stepFunctions.idle();
    const upload = await t.api<{ file_url: string }>('POST', '/merge/upload', {
      token: free,
      raw: await clipForm(),
    });
    if (upload.status !== 201) throw new Error(`upload: ${JSON.stringify(upload.body)}`);
    clipUrl = upload.body.file_url;
    const saved = await t.api('PUT', `/chapters/${chapterId}/video-production`, {
      token: free,
      body: { script_id: scriptId, scenes: [{ id: 's1', sceneNumber: 1, duration: 4 }] },
    });
    if (saved.status !== 200) throw new Error(`production: ${JSON.stringify(saved.body)}`);
  }, 300_000);

  const refused = async (
    method: string,
    path: string,
    body: unknown,
    status: number,
    code: string,
    words: RegExp,
  ) => {
    const answer = await t.api<{ detail: string; code: string }>(method, path, { token: free, body });
    tally.requests++;
    tally.denied++;
    const label = `${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`;
    expect(answer.status, label).toBe(status);
    expect(answer.body.code, label).toBe(code);
    expect(answer.body.detail, label).toMatch(words);
    for (const secret of ownerSecrets) expect(JSON.stringify(answer.body)).not.toContain(secret);
  };

  it("runs no finished film again over the month's videos (402), however it is asked", async () => {
    const usage = await t.api<{ current_period_videos: number }>('GET', '/subscriptions/usage', {
      token: free,
    });
    expect(usage.body.current_period_videos).toBe(2);
    const limit = /You've reached your monthly video limit/;
    await refused(
      'POST',
      `/ai/retry-generation/${film}`,
      { retry_from_step: 'audio' },
      402,
      'video_limit_reached',
      limit,
    );
    await refused(
      'POST',
      `/ai/retry-generation/${film}`,
      { scene_numbers: [1] },
      402,
      'video_limit_reached',
      limit,
    );
    await refused('POST', `/ai/trigger-lip-sync/${film}`, undefined, 402, 'video_limit_reached', limit);
    await refused(
      'POST',
      `/chapters/${chapterId}/video-production/render`,
      { script_id: scriptId },
      402,
      'video_limit_reached',
      limit,
    );
    const after = await t.api<{ current_period_videos: number }>('GET', '/subscriptions/usage', {
      token: free,
    });
    expect(after.body.current_period_videos).toBe(2);
  });

  it("combines no films into a video longer than the plan's longest (402)", async () => {
    const made = await t.api<{ final_video: { duration: number } }>(
      'GET',
      `/ai/video-generation-status/${film}`,
      {
        token: free,
      },
    );
    // Four copies of the film last well over the free plan's 2 minutes.
    expect(made.body.final_video.duration * 4).toBeGreaterThan(125);
    await refused(
      'POST',
      '/ai/combine-videos',
      { video_urls: Array.from({ length: 4 }, () => film) },
      402,
      'video_too_long',
      /Free plan makes videos of at most 2 min: the combined video would last/,
    );
  });

  it('merges and previews nothing beyond the plan (402) and says why', async () => {
    const clip = { url: clipUrl, type: 'video' };
    const attack = {
      input_sources: [clip, { ...clip, start_time: 36_000 }],
      quality_tier: 'custom',
      ffmpeg_params: { resolution: '7680x4320', fps: 120, preset: 'veryslow', crf: 1 },
    };
    await refused(
      'POST',
      '/merge/manual',
      attack,
      402,
      'video_too_long',
      /Free plan makes videos of at most 2 min/,
    );
    await refused(
      'POST',
      '/merge/preview',
      attack,
      402,
      'video_too_long',
      /Free plan makes videos of at most 2 min/,
    );
    const only = (ffmpeg_params: object) => ({
      input_sources: [clip],
      quality_tier: 'custom',
      ffmpeg_params,
    });
    await refused(
      'POST',
      '/merge/manual',
      only({ resolution: '7680x4320' }),
      402,
      'plan_limit',
      /7680×4320 was asked for/,
    );
    await refused('POST', '/merge/preview', only({ fps: 120 }), 402, 'plan_limit', /120 fps was asked for/);
    await refused(
      'POST',
      '/merge/manual',
      only({ preset: 'veryslow' }),
      402,
      'plan_limit',
      /veryslow preset/,
    );
    await refused('POST', '/merge/manual', only({ crf: 1 }), 402, 'plan_limit', /CRF 1 was asked for/);
    const merges = await t.api<{ merges: unknown[] }>('GET', '/merge/jobs', { token: free });
    expect(merges.body.merges).toHaveLength(0);
  });

  it('sends no payment back off the app (400)', async () => {
    const evil = 'https://evil.example/cancel';
    const offSite = /must be a page of this app/;
    await refused(
      'POST',
      '/subscriptions/checkout',
      { tier: 'basic', success_url: `${appOrigin()}/ok`, cancel_url: evil },
      400,
      'return_url_off_site',
      offSite,
    );
    await refused(
      'POST',
      '/payments/create-book-upload-checkout-session',
      { book_id: randomUUID(), success_url: evil },
      400,
      'return_url_off_site',
      offSite,
    );
    await refused('POST', '/subscriptions/portal', { return_url: evil }, 400, 'return_url_off_site', offSite);
  });

  it('takes no webhook event signed for later (400), as none signed long ago', async () => {
    const secret = (
      JSON.parse(readFileSync(join(t.dataDir, 'local-secrets.json'), 'utf8')) as {
        stripeWebhookSecret: string;
      }
    ).stripeWebhookSecret;
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'invoice.paid', data: { object: {} } });
    for (const offset of [3600, -3600]) {
      const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
      const answer = await t.api<{ detail: string; code: string }>('POST', '/payments/webhook', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      tally.requests++;
      tally.denied++;
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'signature_invalid' });
    }
  });
});

/**
 * Work done by a model (a quiz, free text, a safety report, a script, another take of a scene) runs
 * as a job: its route answers 202 with this at once, and a status route answers the same shape until
 * it is ready (with the result) or failed (with words a person can act on). A failed request can be
 * sent again as it was.
 */
import type { SafetyReport } from '../engine/text/types';
import { quizView } from './learning';
import { script } from './scripts';
import { engineShape, z } from './zod';

const MODEL_JOB_STATUSES = ['processing', 'ready', 'failed'] as const;

export const modelJob = z.object({
  job_id: z.string(),
  status: z.enum(MODEL_JOB_STATUSES),
  /** 0–100 and the step being worked on, for a progress bar. */
  progress: z.number(),
  step: z.string(),
  error_message: z.nullable(z.string()),
  /** The status route to poll, below the API base (e.g. `/ai/generate-quiz/status/{job}`). */
  status_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModelJob = z.infer<typeof modelJob>;

/** POST /ai/generate-quiz and its status: once ready, the quiz and its plain text (the spec's `text`). */
export const quizJob = z.extend(modelJob, { quiz: z.nullable(quizView), text: z.nullable(z.string()) });
export type QuizJob = z.infer<typeof quizJob>;

/** POST /ai/generate-text and its status: once ready, the spec's `text`. */
export const textJob = z.extend(modelJob, { text: z.nullable(z.string()) });
export type TextJob = z.infer<typeof textJob>;

/** POST /ai/analyze-chapter-safety and its status: once ready, the spec's `data` (the report). */
export const safetyJob = z.extend(modelJob, {
  chapter_id: z.string(),
  data: z.nullable(engineShape<SafetyReport>()),
});
export type SafetyJob = z.infer<typeof safetyJob>;

/**
 * POST /ai/generate-script-and-scenes and POST /ai/script/{id}/scenes/{scene}/regenerate, and their
 * status: `script_id` is the script being redone (null for a new one until it is written); once
 * ready, `script` is the whole script as GET /ai/script/{id} answers it.
 */
export const scriptJob = z.extend(modelJob, {
  chapter_id: z.string(),
  script_id: z.nullable(z.string()),
  /** The scene being redone (null for a whole script). */
  scene_number: z.nullable(z.number()),
  script: z.nullable(script),
});
export type ScriptJob = z.infer<typeof scriptJob>;

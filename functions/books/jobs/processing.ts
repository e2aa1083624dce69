import { z } from 'zod';
import { defineWorker } from '../../lib/worker';
import { bookProcessingDeps } from './deps';
import {
  detectStructureStage,
  extractStage,
  finalizeStage,
  prepareChaptersStage,
  processChapterStage,
  recordProcessingFailureStage,
} from './processing.stages';
import { bookProcessingInput, PIPELINE_STEPS } from './processing.workflow';

/** Task workers of the book-processing workflow: each runs its stage (processing.stages.ts). */
const bookInput = bookProcessingInput.pick({ job_id: true, book_id: true });
const failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() });

export const extract = defineWorker('bookProcessing.Extract', bookInput, (task) =>
  extractStage(bookProcessingDeps(), task),
);

export const detectStructure = defineWorker('bookProcessing.DetectStructure', bookInput, (task) =>
  detectStructureStage(bookProcessingDeps(), task),
);

export const prepareChapters = defineWorker('bookProcessing.PrepareChapters', bookInput, (task) =>
  prepareChaptersStage(bookProcessingDeps(), task),
);

export const processChapter = defineWorker(
  'bookProcessing.ProcessChapter',
  bookInput.extend({ chapter_number: z.number().int().min(1) }),
  (task) => processChapterStage(bookProcessingDeps(), task),
);

export const finalize = defineWorker('bookProcessing.Finalize', bookInput, (task) =>
  finalizeStage(bookProcessingDeps(), task),
);

export const recordFailure = defineWorker(
  'bookProcessing.RecordFailure',
  bookInput.extend({ book_id: z.string(), failed_step: z.enum(PIPELINE_STEPS), error: failure.optional() }),
  (task) => recordProcessingFailureStage(bookProcessingDeps(), task),
);

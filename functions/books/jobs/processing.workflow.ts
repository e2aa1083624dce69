import { z } from 'zod';
import { catchAll, defineWorkflow, task, type TaskWorker } from '../../lib/workflows';

/**
 * Book ingestion. From an upload: extract the text, then detect the structure and stop at READY for
 * the owner's review. After the owner confirms (start_at = chapters): process every chapter and
 * finish at READY. A retry starts at the step that failed.
 */
export const PIPELINE_STEPS = ['extract', 'structure', 'chapters'] as const;

export const bookProcessingInput = z.object({
  /** The run: a Job of the job system (kind `book-processing`), one per upload, confirmation or regeneration. */
  job_id: z.string().uuid(),
  book_id: z.string().uuid(),
  /** extract: from the uploaded file; structure: from the extracted text; chapters: after confirmation. */
  start_at: z.enum(PIPELINE_STEPS),
});

const worker = (handler: string, settings: Omit<TaskWorker, 'entry' | 'handler'>): TaskWorker => ({
  entry: 'functions/books/jobs/processing.ts',
  handler,
  ...settings,
});

const failed = (step: (typeof PIPELINE_STEPS)[number]) => ({
  Type: 'Pass',
  Parameters: { 'job_id.$': '$.job_id', 'book_id.$': '$.book_id', failed_step: step, 'error.$': '$.error' },
  Next: 'RecordFailure',
});

export const bookProcessing = defineWorkflow({
  name: 'bookProcessing',
  file: 'book-processing',
  comment:
    "Book ingestion. From an upload: extract the text, then detect the structure and stop at READY for the owner's review. After the owner confirms (start_at = chapters): process every chapter (clean text, summary, order) and finish at READY. Any failure records FAILED with a readable message and the step a retry resumes from.",
  input: bookProcessingInput,
  tasks: {
    Extract: worker('extract', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite' },
      memoryMb: 1769,
      timeoutSeconds: 300,
    }),
    DetectStructure: worker('detectStructure', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite' },
      memoryMb: 1024,
      timeoutSeconds: 120,
    }),
    PrepareChapters: worker('prepareChapters', {
      access: { table: 'readwrite', uploadsBucket: 'read' },
      memoryMb: 256,
      timeoutSeconds: 30,
    }),
    ProcessChapter: worker('processChapter', {
      access: { table: 'readwrite', uploadsBucket: 'readwrite' },
      memoryMb: 512,
      timeoutSeconds: 60,
    }),
    Finalize: worker('finalize', {
      access: { table: 'readwrite', uploadsBucket: 'read' },
      memoryMb: 512,
      timeoutSeconds: 60,
    }),
    RecordFailure: worker('recordFailure', {
      access: { table: 'readwrite' },
      memoryMb: 256,
      timeoutSeconds: 30,
    }),
  },
  startAt: 'Route',
  states: {
    Route: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.start_at', StringEquals: 'structure', Next: 'DetectStructure' },
        { Variable: '$.start_at', StringEquals: 'chapters', Next: 'PrepareChapters' },
      ],
      Default: 'Extract',
    },
    Extract: task('Extract', {
      parameters: { 'job_id.$': '$.job_id', 'book_id.$': '$.book_id' },
      resultPath: null,
      timeoutSeconds: 300,
      catchTo: 'ExtractFailed',
      next: 'DetectStructure',
    }),
    DetectStructure: task('DetectStructure', {
      parameters: { 'job_id.$': '$.job_id', 'book_id.$': '$.book_id' },
      resultPath: null,
      timeoutSeconds: 120,
      catchTo: 'StructureFailed',
      end: true,
    }),
    PrepareChapters: task('PrepareChapters', {
      parameters: { 'job_id.$': '$.job_id', 'book_id.$': '$.book_id' },
      resultPath: '$.plan',
      timeoutSeconds: 30,
      catchTo: 'ChaptersFailed',
      next: 'ProcessChapters',
    }),
    ProcessChapters: {
      Type: 'Map',
      ItemsPath: '$.plan.chapters',
      MaxConcurrency: 4,
      ItemSelector: {
        'job_id.$': '$.job_id',
        'book_id.$': '$.book_id',
        'chapter_number.$': '$$.Map.Item.Value',
      },
      ItemProcessor: {
        ProcessorConfig: { Mode: 'INLINE' },
        StartAt: 'ProcessChapter',
        States: {
          ProcessChapter: task('ProcessChapter', {
            parameters: {
              'job_id.$': '$.job_id',
              'book_id.$': '$.book_id',
              'chapter_number.$': '$.chapter_number',
            },
            resultPath: null,
            timeoutSeconds: 60,
            end: true,
          }),
        },
      },
      ResultPath: null,
      Catch: catchAll('ChaptersFailed'),
      Next: 'Finalize',
    },
    Finalize: task('Finalize', {
      parameters: { 'job_id.$': '$.job_id', 'book_id.$': '$.book_id' },
      resultPath: null,
      timeoutSeconds: 60,
      catchTo: 'ChaptersFailed',
      end: true,
    }),
    ExtractFailed: failed('extract'),
    StructureFailed: failed('structure'),
    ChaptersFailed: failed('chapters'),
    RecordFailure: task('RecordFailure', {
      parameters: {
        'job_id.$': '$.job_id',
        'book_id.$': '$.book_id',
        'failed_step.$': '$.failed_step',
        'error.$': '$.error',
      },
      resultPath: null,
      timeoutSeconds: 30,
      next: 'Failed',
    }),
    Failed: {
      Type: 'Fail',
      Error: 'BookProcessingFailed',
      Cause: "The book's error_message says what went wrong.",
    },
  },
});

import { ExecutionAlreadyExists, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { PipelineStep } from '../contracts/books';
import { aws } from '../lib/clients';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import type { BookRecord } from './model';
import { updateBook } from './repository';

export interface PipelineInput {
  book_id: string;
  /** extract: from the uploaded file; structure: from the extracted text; chapters: after confirmation. */
  start_at: PipelineStep;
}

/**
 * Starts a run of the book-processing state machine. Each run gets its own execution name
 * (book id + attempt), so a retry never collides with the run it replaces.
 */
export async function startPipeline(book: BookRecord, startAt: PipelineStep): Promise<BookRecord> {
  const attempt = (book.attempt ?? 0) + 1;
  const input: PipelineInput = { book_id: book.id, start_at: startAt };
  try {
    const { executionArn } = await aws.sfn.send(
      new StartExecutionCommand({
        stateMachineArn: config.bookProcessingStateMachineArn,
        name: `book-${book.id}-${attempt}`,
        input: JSON.stringify(input),
      }),
    );
    return updateBook(book.id, { execution_arn: executionArn ?? null, attempt });
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return updateBook(book.id, { attempt });
    logger.error('could not start book processing', { error: error as Error, bookId: book.id });
    return updateBook(book.id, {
      status: 'FAILED',
      failed_step: startAt,
      error_message: 'Processing could not start. Please try again.',
      progress_message: null,
    });
  }
}

/** Stops the book's running execution, if any (before a delete or a restart). */
export async function stopPipeline(book: BookRecord, cause: string): Promise<void> {
  if (!book.execution_arn) return;
  try {
    await aws.sfn.send(
      new StopExecutionCommand({ executionArn: book.execution_arn, error: 'Cancelled', cause }),
    );
  } catch (error) {
    // An execution that already ended cannot be stopped; nothing to do.
    logger.debug('stop execution', { error: error as Error });
  }
}

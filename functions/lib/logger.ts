import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/** One structured logger per process. LOG_LEVEL=SILENT keeps tests and the local console quiet. */
export const logger = new Logger({
  serviceName: 'bookstudio',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
});

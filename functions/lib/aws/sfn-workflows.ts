import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { config } from '../config';
import { logger } from '../logger';
import type { ExecutionStatus, Workflows } from '../ports';
import { aws } from './clients';

/** The Workflows port on Step Functions (the local ASL interpreter behind the same API locally). */
export function createSfnWorkflows(): Workflows {
  return {
    async start(machine, executionName, input) {
      try {
        const { executionArn } = await aws.sfn.send(
          new StartExecutionCommand({
            stateMachineArn: config.stateMachineArn(machine),
            name: executionName,
            input: JSON.stringify(input),
          }),
        );
        return { executionArn: executionArn ?? null, alreadyStarted: false };
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) return { executionArn: null, alreadyStarted: true };
        throw error;
      }
    },

    async stop(executionArn, cause) {
      try {
        await aws.sfn.send(new StopExecutionCommand({ executionArn, error: 'Cancelled', cause }));
      } catch (error) {
        // An execution that already ended cannot be stopped; nothing to do.
        logger.debug('stop execution', { error: error as Error, executionArn });
      }
    },

    async status(executionArn): Promise<ExecutionStatus> {
      try {
        const { status } = await aws.sfn.send(new DescribeExecutionCommand({ executionArn }));
        return (status as ExecutionStatus | undefined) ?? 'MISSING';
      } catch (error) {
        if ((error as Error).name === 'ExecutionDoesNotExist') return 'MISSING';
        throw error;
      }
    },
  };
}

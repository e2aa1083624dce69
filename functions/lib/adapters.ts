import { createDynamoTable } from './aws/dynamo-table';
import { cognitoIdentity } from './aws/cognito-identity';
import { createS3Store } from './aws/s3-store';
import { createSfnWorkflows } from './aws/sfn-workflows';
import { config } from './config';
import { systemClock, type Clock, type Identity, type Storage, type Table, type Workflows } from './ports';

/**
 * The production wiring of the ports: what handlers and workers pass to the domain services.
 * Created on first use and kept for the life of the process (a warm Lambda container), like the
 * AWS clients behind them.
 */
export interface Adapters {
  table: Table;
  storage: Storage;
  workflows: Workflows;
  identity: Identity;
  clock: Clock;
}

let adapters: Adapters | undefined;

export function getAdapters(): Adapters {
  adapters ??= {
    table: createDynamoTable(() => config.tableName),
    storage: {
      uploads: createS3Store(() => config.uploadsBucket),
      media: createS3Store(() => config.mediaBucket),
    },
    workflows: createSfnWorkflows(),
    identity: cognitoIdentity,
    clock: systemClock,
  };
  return adapters;
}

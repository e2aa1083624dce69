import {
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { stateMachines, workerArnVariable, type WorkerName } from '../../functions/workers/definitions';
import { appTable, bucketCors, userPool } from '../definitions';
import type { LocalStepFunctions, TaskHandler } from './stepfunctions';

/** Creates the table from the shared definition unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const attributes = new Set([appTable.partitionKey, appTable.sortKey]);
  for (const index of appTable.indexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: appTable.partitionKey, KeyType: 'HASH' },
        { AttributeName: appTable.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: appTable.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
}

/** The bucket CORS rules of the shared definition as the S3 XML document. */
export function corsXml(): string {
  const rules = bucketCors
    .map(
      (rule) =>
        `<CORSRule>${rule.allowedOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}` +
        `${rule.allowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('')}` +
        `${rule.allowedHeaders.map((h) => `<AllowedHeader>${h}</AllowedHeader>`).join('')}` +
        `${rule.exposedHeaders.map((h) => `<ExposeHeader>${h}</ExposeHeader>`).join('')}` +
        `<MaxAgeSeconds>${rule.maxAgeSeconds}</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/** Finds or creates the user pool, its web client and its groups; returns their ids. */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  names: { userPool: string; userPoolClient: string },
): Promise<{ userPoolId: string; clientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === names.userPool)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: names.userPool,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: userPool.passwordPolicy.minLength,
            RequireLowercase: userPool.passwordPolicy.requireLowercase,
            RequireUppercase: userPool.passwordPolicy.requireUppercase,
            RequireNumbers: userPool.passwordPolicy.requireDigits,
            RequireSymbols: userPool.passwordPolicy.requireSymbols,
          },
        },
        Schema: Object.entries(userPool.customAttributes).map(([name, rule]) => ({
          Name: name,
          AttributeDataType: 'String',
          Mutable: rule.mutable,
          StringAttributeConstraints: { MinLength: String(rule.minLen), MaxLength: String(rule.maxLen) },
        })),
      }),
    );
    userPoolId = created.UserPool!.Id!;
    for (const group of userPool.groups) {
      await client.send(
        new CreateGroupCommand({
          UserPoolId: userPoolId,
          GroupName: group.name,
          Description: group.description,
        }),
      );
    }
  }
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === names.userPoolClient)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: names.userPoolClient,
        ExplicitAuthFlows: [...userPool.authFlows],
        GenerateSecret: false,
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}

const localFunctionArn = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

/** Task state names mapped to the worker their Resource names, in every branch and iterator. */
function taskWorkers(
  states: Record<string, Record<string, unknown>>,
  byArn: Map<string, WorkerName>,
  out = new Map<string, WorkerName>(),
) {
  for (const [stateName, state] of Object.entries(states)) {
    if (state.Type === 'Task') {
      const worker = byArn.get(String(state.Resource));
      if (!worker) throw new Error(`State ${stateName}: unknown resource ${String(state.Resource)}`);
      if (out.has(stateName)) throw new Error(`State names must be unique across branches: ${stateName}`);
      out.set(stateName, worker);
    }
    for (const branch of (state.Branches as
      { States: Record<string, Record<string, unknown>> }[] | undefined) ?? []) {
      taskWorkers(branch.States, byArn, out);
    }
    const iterator = (state.ItemProcessor ?? state.Iterator) as
      { States: Record<string, Record<string, unknown>> } | undefined;
    if (iterator) taskWorkers(iterator.States, byArn, out);
  }
  return out;
}

/** Registers every state machine of the shared definitions with the local Step Functions. */
export async function registerStateMachines(
  root: string,
  sfn: LocalStepFunctions,
  machineName: (name: string) => string,
  invokeWorker: (name: WorkerName, input: unknown) => Promise<unknown>,
): Promise<Record<string, string>> {
  const arnEnv: Record<string, string> = {};
  for (const definition of Object.values(stateMachines)) {
    let text = readFileSync(join(root, definition.file), 'utf8');
    const byArn = new Map<string, WorkerName>();
    for (const worker of definition.workers) {
      const arn = localFunctionArn(worker);
      byArn.set(arn, worker);
      text = text.replaceAll(`\${${workerArnVariable(worker)}}`, arn);
    }
    const asl = JSON.parse(text) as StateMachineDefinition;
    const handlers: Record<string, TaskHandler> = {};
    for (const [stateName, worker] of taskWorkers(asl.States as never, byArn)) {
      // Input and output go through JSON, as they do between Step Functions and Lambda.
      handlers[stateName] = async (input) =>
        JSON.parse(JSON.stringify((await invokeWorker(worker, JSON.parse(JSON.stringify(input)))) ?? null));
    }
    const name = machineName(definition.file.replace(/^statemachines\/|\.asl\.json$/g, ''));
    arnEnv[definition.arnEnv] = sfn.register(name, asl, handlers);
  }
  return arnEnv;
}

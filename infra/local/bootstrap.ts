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
import { stateMachineArnVariable } from '../../functions/lib/config';
import { workflowFile, type TaskWorker, type WorkflowDefinition } from '../../functions/lib/workflows';
import { workflows } from '../../functions/workflows';
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

/** The bucket CORS rules of the shared definition as the S3 XML document, for the app's origins. */
export function corsXml(origins: string[]): string {
  const rules = bucketCors
    .map(
      (rule) =>
        `<CORSRule>${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}` +
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
        AccessTokenValidity: userPool.accessTokenMinutes,
        IdTokenValidity: userPool.accessTokenMinutes,
        RefreshTokenValidity: userPool.refreshTokenDays,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        EnableTokenRevocation: true,
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}

const localFunctionArn = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

/**
 * Registers every workflow of functions/workflows.ts with the local Step Functions: its ASL file,
 * with each Task state bound to the worker the workflow's table names for it.
 */
export async function registerStateMachines(
  root: string,
  sfn: LocalStepFunctions,
  machineName: (name: string) => string,
  invokeWorker: (worker: TaskWorker & { name: string }, input: unknown) => Promise<unknown>,
): Promise<Record<string, string>> {
  const arnEnv: Record<string, string> = {};
  for (const [name, workflow] of Object.entries(workflows) as [string, WorkflowDefinition][]) {
    let text = readFileSync(join(root, workflowFile(workflow)), 'utf8');
    const handlers: Record<string, TaskHandler> = {};
    for (const [state, worker] of Object.entries(workflow.tasks)) {
      const target = { ...worker, name: `${name}.${state}` };
      text = text.replaceAll(`\${${state}}`, localFunctionArn(target.name));
      // Input and output go through JSON, as they do between Step Functions and Lambda.
      handlers[state] = async (input) =>
        JSON.parse(JSON.stringify((await invokeWorker(target, JSON.parse(JSON.stringify(input)))) ?? null));
    }
    arnEnv[stateMachineArnVariable(name)] = sfn.register(
      machineName(workflow.file),
      JSON.parse(text),
      handlers,
    );
  }
  return arnEnv;
}

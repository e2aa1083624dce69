import { Duration, Size, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import type { ResourceAccess } from '../../functions/lib/resources';
import type { WorkflowName } from '../../functions/workflows';
import { engineEnvironment, grantEngine, type EngineDeployment } from './engine-access';
import { copyCommands } from './package-copy';

export const PROJECT_ROOT = join(import.meta.dirname, '../..');

/** The resources functions are granted access to, filled in as the stack creates them. */
export interface AppResources {
  table: dynamodb.ITableV2;
  mediaBucket: s3.IBucket;
  uploadsBucket: s3.IBucket;
  stateMachines: Partial<Record<WorkflowName, sfn.IStateMachine>>;
  userPool?: cognito.IUserPool;
  /** Names of the SSM parameters payments read: Stripe's keys and the app URL (return pages). */
  paymentParameters?: { secretKey: string; webhookSecret: string; appUrl: string };
  /** The engine's providers as deployed: their settings and what they need granted. */
  engine?: EngineDeployment;
}

export interface AppFunctionProps {
  entry: string;
  handler?: string;
  memoryMb: number;
  timeoutSeconds: number;
  ephemeralStorageMb?: number;
  environment: Record<string, string>;
  layers?: lambda.ILayerVersion[];
  architecture?: lambda.Architecture;
  /** Packages shipped as installed (native binaries, data files) instead of bundled. */
  copiedPackages?: readonly string[];
  reservedConcurrentExecutions?: number;
  /**
   * The log group to write to, shared by the functions of one API or one workflow (each line names
   * its function); none: a group of its own. Shared groups keep the stack under CloudFormation's 500
   * resources.
   */
  logGroup?: logs.ILogGroup;
}

/**
 * Every Lambda of the product: Node.js 22 on arm64, bundled by the local esbuild (the SDK v3 comes
 * with the runtime), JSON logs kept for a month, X-Ray tracing on.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id, {
      entry: join(PROJECT_ROOT, props.entry),
      handler: props.handler ?? 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      // Native packages are copied as installed on this (x86_64) machine.
      architecture: props.copiedPackages?.length
        ? lambda.Architecture.X86_64
        : (props.architecture ?? lambda.Architecture.ARM_64),
      memorySize: props.memoryMb,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      timeout: Duration.seconds(props.timeoutSeconds),
      ephemeralStorageSize: props.ephemeralStorageMb ? Size.mebibytes(props.ephemeralStorageMb) : undefined,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      layers: props.layers,
      tracing: lambda.Tracing.ACTIVE,
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup:
        props.logGroup ?? new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH }),
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      bundling: {
        minify: true,
        sourceMap: true,
        target: 'node22',
        externalModules: ['@aws-sdk/*', ...(props.copiedPackages ?? [])],
        ...(props.copiedPackages?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_input: string, outputDir: string) =>
                  copyCommands([...props.copiedPackages!], PROJECT_ROOT, outputDir),
              },
            }
          : {}),
      },
    });
  }

  /** Grants exactly what `access` names and nothing else. */
  grantAccess(access: ResourceAccess, resources: AppResources): void {
    if (access.table === 'read') resources.table.grantReadData(this);
    if (access.table === 'readwrite') resources.table.grantReadWriteData(this);
    if (access.mediaBucket === 'read') resources.mediaBucket.grantRead(this);
    if (access.mediaBucket === 'readwrite') resources.mediaBucket.grantReadWrite(this);
    if (access.uploadsBucket === 'read') resources.uploadsBucket.grantRead(this);
    if (access.uploadsBucket === 'readwrite') resources.uploadsBucket.grantReadWrite(this);
    for (const name of access.startExecution ?? []) {
      const machine = resources.stateMachines[name as WorkflowName];
      if (!machine) throw new Error(`State machine ${name} must be created before functions that start it`);
      machine.grantStartExecution(this);
      machine.grantRead(this);
      // Restarting or deleting what a run works on stops the run first.
      machine.grantExecution(this, 'states:StopExecution');
    }
    if (access.signOutUsers) {
      if (!resources.userPool) throw new Error('Functions that sign users out need the user pool');
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
          resources: [resources.userPool.userPoolArn],
        }),
      );
    }
    if (access.paymentSecrets) {
      const names = resources.paymentParameters;
      if (!names) throw new Error('Functions that take payments need the payment parameters');
      this.addEnvironment('STRIPE_SECRET_KEY_PARAMETER', names.secretKey);
      this.addEnvironment('STRIPE_WEBHOOK_SECRET_PARAMETER', names.webhookSecret);
      this.addEnvironment('APP_URL_PARAMETER', names.appUrl);
      // Read by name at run time (SecureStrings, decrypted with the account's aws/ssm key).
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [names.secretKey, names.webhookSecret, names.appUrl].map((name) =>
            Stack.of(this).formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: name.replace(/^\//, ''),
            }),
          ),
        }),
      );
    }
    if (access.modelProviders && resources.engine) {
      for (const [name, value] of Object.entries(engineEnvironment(resources.engine, resources.mediaBucket)))
        this.addEnvironment(name, value);
      grantEngine(this, resources.engine, resources.mediaBucket);
    }
    if (access.describeDependencies) {
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:DescribeTable'],
          resources: [resources.table.tableArn],
        }),
      );
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [resources.mediaBucket.bucketArn, resources.uploadsBucket.bucketArn],
        }),
      );
      if (resources.userPool) {
        this.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['cognito-idp:DescribeUserPool'],
            resources: [resources.userPool.userPoolArn],
          }),
        );
      }
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['states:DescribeStateMachine'],
          resources: Object.values(resources.stateMachines).map((m) => m.stateMachineArn),
        }),
      );
    }
  }
}

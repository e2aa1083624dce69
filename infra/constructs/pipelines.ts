import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { toAsl, type TaskWorker } from '../../functions/lib/workflows';
import { stateMachineArnVariable } from '../../functions/lib/config';
import { workflows, type WorkflowName } from '../../functions/workflows';
import { AppFunction, type AppResources } from './function';
import type { MediaLayer } from './media-layer';

export interface PipelinesProps {
  resources: AppResources;
  environment: Record<string, string>;
  machineName: (name: string) => string;
  media: MediaLayer;
  /**
   * Concurrent executions reserved for (and capping) each worker, so a burst of jobs cannot take the
   * account's concurrency from the API. 0 reserves nothing (accounts whose limit is still 10).
   */
  workerConcurrency: number;
}

const pascal = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/**
 * One state machine per workflow of functions/workflows.ts and one Lambda per Task state; the
 * `${<State>}` Resource placeholders of the ASL become the workers' ARNs through definition
 * substitutions. Media workers get the FFmpeg layer.
 */
export class Pipelines extends Construct {
  /** Task workers by `<workflow>.<State>`. */
  readonly workers = new Map<string, AppFunction>();
  readonly stateMachines: Partial<Record<WorkflowName, sfn.StateMachine>> = {};

  constructor(scope: Construct, id: string, props: PipelinesProps) {
    super(scope, id);
    for (const [name, workflow] of Object.entries(workflows) as [
      WorkflowName,
      (typeof workflows)[WorkflowName],
    ][]) {
      const substitutions: Record<string, string> = {};
      const functions: AppFunction[] = [];
      // The workflow's workers write to one log group (each JSON line names its function).
      const workerLogs = new logs.LogGroup(this, `${name}WorkerLogs`, {
        retention: logs.RetentionDays.ONE_MONTH,
      });
      for (const [state, worker] of Object.entries(workflow.tasks) as [string, TaskWorker][]) {
        const fn = this.worker(`${pascal(name)}${state}Function`, worker, props, workerLogs);
        substitutions[state] = fn.functionArn;
        functions.push(fn);
        this.workers.set(`${name}.${state}`, fn);
      }
      const machine = new sfn.StateMachine(this, pascal(name), {
        stateMachineName: props.machineName(workflow.file),
        definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(toAsl(workflow))),
        definitionSubstitutions: substitutions,
        tracingEnabled: true,
        logs: {
          destination: new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH }),
          level: sfn.LogLevel.ALL,
          includeExecutionData: false,
        },
      });
      for (const fn of functions) fn.grantInvoke(machine);
      this.stateMachines[name] = machine;
    }
  }

  private worker(
    id: string,
    worker: TaskWorker,
    props: PipelinesProps,
    logGroup: logs.ILogGroup,
  ): AppFunction {
    const media = worker.media === true;
    // A worker that starts workflows (a merge starting the user's next queued merge) knows their
    // ARNs from their names, not from the machines: a reference would be a cycle (the machine
    // refers to its workers).
    const { startExecution = [], ...access } = worker.access;
    const stack = Stack.of(this);
    const machineArns = Object.fromEntries(
      startExecution.map((name) => [
        name,
        stack.formatArn({
          service: 'states',
          resource: 'stateMachine',
          resourceName: props.machineName(workflows[name as WorkflowName].file),
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ]),
    );
    const fn = new AppFunction(this, id, {
      entry: worker.entry,
      handler: worker.handler,
      memoryMb: worker.memoryMb,
      timeoutSeconds: worker.timeoutSeconds,
      ephemeralStorageMb: worker.ephemeralStorageMb,
      environment: {
        ...props.environment,
        ...(media ? props.media.environment : {}),
        ...Object.fromEntries(
          Object.entries(machineArns).map(([name, arn]) => [stateMachineArnVariable(name), arn]),
        ),
      },
      ...(media ? { layers: [props.media.layer], architecture: props.media.architecture } : {}),
      copiedPackages: worker.copiedPackages,
      logGroup,
      ...(props.workerConcurrency > 0 ? { reservedConcurrentExecutions: props.workerConcurrency } : {}),
    });
    // Jobs are where the model calls run: every worker may use the configured providers.
    fn.grantAccess({ ...access, modelProviders: true }, props.resources);
    if (startExecution.length) {
      const names = startExecution.map((name) => props.machineName(workflows[name as WorkflowName].file));
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['states:StartExecution', 'states:DescribeStateMachine'],
          resources: Object.values(machineArns),
        }),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['states:DescribeExecution', 'states:StopExecution'],
          resources: names.map((name) =>
            stack.formatArn({
              service: 'states',
              resource: 'execution',
              resourceName: `${name}:*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ),
        }),
      );
    }
    return fn;
  }
}

import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  stateMachines,
  workerArnVariable,
  workers,
  type StateMachineName,
  type WorkerDefinition,
  type WorkerName,
} from '../../functions/workers/definitions';
import { AppFunction, PROJECT_ROOT, type AppResources } from './function';
import type { MediaLayer } from './media-layer';

export interface PipelinesProps {
  resources: AppResources;
  environment: Record<string, string>;
  machineName: (name: string) => string;
  media: MediaLayer;
}

/**
 * One Lambda per worker and one state machine per ASL file; `${<Worker>FunctionArn}` in the ASL
 * becomes the worker's ARN through definition substitutions. Media workers get the FFmpeg layer.
 */
export class Pipelines extends Construct {
  readonly workers = new Map<WorkerName, AppFunction>();
  readonly stateMachines: Partial<Record<StateMachineName, sfn.StateMachine>> = {};

  constructor(scope: Construct, id: string, props: PipelinesProps) {
    super(scope, id);
    for (const [name, definition] of Object.entries(workers) as [WorkerName, WorkerDefinition][]) {
      const media = definition.media === true;
      const fn = new AppFunction(this, workerArnVariable(name).replace(/Arn$/, ''), {
        entry: definition.entry,
        handler: definition.handler,
        memoryMb: definition.memoryMb,
        timeoutSeconds: definition.timeoutSeconds,
        ephemeralStorageMb: definition.ephemeralStorageMb,
        environment: media ? { ...props.environment, ...props.media.environment } : props.environment,
        ...(media ? { layers: [props.media.layer], architecture: props.media.architecture } : {}),
        copiedPackages: definition.copiedPackages,
      });
      fn.grantAccess(definition.access, props.resources);
      this.workers.set(name, fn);
    }

    for (const [name, definition] of Object.entries(stateMachines) as [
      StateMachineName,
      (typeof stateMachines)[StateMachineName],
    ][]) {
      const fileName = definition.file.replace(/^statemachines\/|\.asl\.json$/g, '');
      const substitutions: Record<string, string> = {};
      for (const worker of definition.workers)
        substitutions[workerArnVariable(worker)] = this.workers.get(worker)!.functionArn;
      const machine = new sfn.StateMachine(this, `${name[0]!.toUpperCase()}${name.slice(1)}`, {
        stateMachineName: props.machineName(fileName),
        definitionBody: sfn.DefinitionBody.fromString(
          readFileSync(join(PROJECT_ROOT, definition.file), 'utf8'),
        ),
        definitionSubstitutions: substitutions,
        tracingEnabled: true,
        logs: {
          destination: new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH }),
          level: sfn.LogLevel.ALL,
          includeExecutionData: false,
        },
      });
      for (const worker of definition.workers) this.workers.get(worker)!.grantInvoke(machine);
      this.stateMachines[name] = machine;
    }
  }
}

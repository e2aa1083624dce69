import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import type { StateMachineDefinition } from './asl/definition';
import { startRun, type HistoryEventBody, type Outcome, type TaskHandler } from './asl/interpreter';
import { checkDefinition, UnsupportedDefinitionError } from './asl/validate';
import { closeServer, listen, listenOn, readBody, sendJson, type HeldPort } from './http-util';

/**
 * The Step Functions API (AWS JSON 1.0) over the local ASL interpreter, so code written against
 * `@aws-sdk/client-sfn` runs unchanged: StartExecution, DescribeExecution, StopExecution,
 * GetExecutionHistory, ListExecutions, DescribeStateMachine and ListStateMachines. Task states run
 * the registered local handlers (the same worker functions Lambda runs in the cloud).
 */
export type { TaskHandler };

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';

interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  events: HistoryEvent[];
}

interface RegisteredMachine {
  arn: string;
  name: string;
  definition: StateMachineDefinition;
  handlers: Record<string, TaskHandler>;
  createdAt: number;
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class LocalStepFunctions {
  private readonly machines = new Map<string, RegisteredMachine>();
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly running = new Map<string, { abort: () => void; done: Promise<void> }>();
  /** Task invocations still running, stopped executions' included (a Lambda runs on after a stop). */
  private readonly tasks = new Set<Promise<unknown>>();
  private readonly file: string;
  private server: Server | undefined;
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(
    dataDir: string,
    private readonly region = 'us-east-1',
    private readonly account = '000000000000',
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'executions.json');
    this.load();
  }

  stateMachineArn(name: string): string {
    return `arn:aws:states:${this.region}:${this.account}:stateMachine:${name}`;
  }

  /**
   * Checks the definition against what the local interpreter runs (refusing it, with the state and
   * the field named, when it uses anything else) and binds each Task state to the handler of its name.
   */
  register(name: string, definition: unknown, handlers: Record<string, TaskHandler>): string {
    const arn = this.stateMachineArn(name);
    let checked: StateMachineDefinition;
    try {
      checked = checkDefinition(definition, new Set(Object.keys(handlers)));
    } catch (error) {
      if (error instanceof UnsupportedDefinitionError)
        throw new UnsupportedDefinitionError(`State machine ${name}: ${error.message}`);
      throw error;
    }
    this.machines.set(arn, { arn, name, definition: checked, handlers, createdAt: Date.now() / 1000 });
    return arn;
  }

  /** `guard` wraps the request handler (the runtime's signature check). */
  async listen(
    port: number | HeldPort,
    host = '127.0.0.1',
    guard: (serve: RequestListener) => RequestListener = (serve) => serve,
  ): Promise<number> {
    this.server = createServer(guard((req, res) => void this.serve(req, res)));
    return typeof port === 'number' ? listen(this.server, port, host) : listenOn(this.server, port, host);
  }

  /** Aborts running executions and stops the server. */
  async close(): Promise<void> {
    for (const [arn, run] of this.running) {
      this.finish(arn, 'ABORTED', { error: 'States.Aborted', cause: 'The local runtime stopped' });
      run.abort();
    }
    this.saveNow();
    if (this.server) await closeServer(this.server);
  }

  /** How many executions have been started (tests use it to check that racing requests start one). */
  executionCount(): number {
    return this.executions.size;
  }

  /** Resolves when every running execution has ended (tests use it to wait for pipelines). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.tasks.size > 0) {
      await Promise.all([...this.running.values()].map((r) => r.done));
      await Promise.allSettled([...this.tasks]);
    }
  }

  /** The machine's task handlers, each invocation tracked until it ends. */
  private tracked(handlers: Record<string, TaskHandler>): Record<string, TaskHandler> {
    return Object.fromEntries(
      Object.entries(handlers).map(([name, handler]) => [
        name,
        (input: unknown) => {
          const call = handler(input);
          this.tasks.add(call);
          const forget = () => this.tasks.delete(call);
          call.then(forget, forget);
          return call;
        },
      ]),
    );
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.replace(/^AWSStepFunctions\./, '');
    try {
      const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}');
      const result = await this.call(operation, body);
      sendJson(res, 200, result, { 'content-type': 'application/x-amz-json-1.0' });
    } catch (error) {
      const type = error instanceof SfnError ? error.type : 'InternalFailure';
      sendJson(
        res,
        error instanceof SfnError ? 400 : 500,
        { __type: type, message: (error as Error).message },
        {
          'content-type': 'application/x-amz-json-1.0',
        },
      );
    }
  }

  call(operation: string, body: Record<string, unknown>): Promise<unknown> | unknown {
    switch (operation) {
      case 'StartExecution':
        return this.startExecution(body as { stateMachineArn: string; name?: string; input?: string });
      case 'DescribeExecution':
        return this.describeExecution(String(body.executionArn));
      case 'StopExecution':
        return this.stopExecution(body as { executionArn: string; error?: string; cause?: string });
      case 'GetExecutionHistory':
        return this.getExecutionHistory(
          body as { executionArn: string; maxResults?: number; reverseOrder?: boolean; nextToken?: string },
        );
      case 'ListExecutions':
        return this.listExecutions(
          body as { stateMachineArn: string; statusFilter?: Status; maxResults?: number; nextToken?: string },
        );
      case 'DescribeStateMachine':
        return this.describeStateMachine(String(body.stateMachineArn));
      case 'ListStateMachines':
        return {
          stateMachines: [...this.machines.values()].map((m) => ({
            stateMachineArn: m.arn,
            name: m.name,
            type: 'STANDARD',
            creationDate: m.createdAt,
          })),
        };
      default:
        throw new SfnError(
          'UnknownOperationException',
          `Operation ${operation} is not supported by the local runtime`,
        );
    }
  }

  startExecution(request: { stateMachineArn: string; name?: string; input?: string }) {
    const machine = this.machines.get(request.stateMachineArn);
    if (!machine)
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${request.stateMachineArn}'`,
      );
    const name = request.name ?? randomUUID();
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const executionArn = `arn:aws:states:${this.region}:${this.account}:execution:${machine.name}:${name}`;
    const inputText = request.input ?? '{}';
    const existing = this.executions.get(executionArn);
    if (existing) {
      // Same name and input while running is idempotent, as on AWS; anything else is a conflict.
      if (existing.status === 'RUNNING' && existing.input === inputText) {
        return { executionArn, startDate: existing.startDate };
      }
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    let input: unknown;
    try {
      input = JSON.parse(inputText);
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid State Machine Execution Input: not valid JSON');
    }
    const startDate = Date.now() / 1000;
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn: machine.arn,
      name,
      status: 'RUNNING',
      startDate,
      input: inputText,
      events: [],
    };
    this.executions.set(executionArn, record);
    this.run(machine, record, input);
    this.save();
    return { executionArn, startDate };
  }

  private run(machine: RegisteredMachine, record: ExecutionRecord, input: unknown): void {
    const execution = startRun(machine.definition, input, {
      handlers: this.tracked(machine.handlers),
      emit: (event) => this.addEvent(record, event),
      context: {
        Execution: {
          Id: record.executionArn,
          Name: record.name,
          Input: input,
          StartTime: new Date(record.startDate * 1000).toISOString(),
          RoleArn: `arn:aws:iam::${this.account}:role/local`,
        },
        StateMachine: { Id: machine.arn, Name: machine.name },
      },
    });
    const done = execution.outcome.then((outcome) => {
      this.finish(record.executionArn, outcome.status, outcomeFields(outcome));
      this.running.delete(record.executionArn);
    });
    this.running.set(record.executionArn, { abort: execution.stop, done });
  }

  private addEvent(record: ExecutionRecord, event: HistoryEventBody): void {
    const id = record.events.length + 1;
    record.events.push({ ...event, id, previousEventId: id - 1, timestamp: Date.now() / 1000 });
  }

  private finish(
    executionArn: string,
    status: Status,
    result: { output?: string; error?: string; cause?: string },
  ): void {
    const record = this.executions.get(executionArn);
    if (!record || record.status !== 'RUNNING') return;
    Object.assign(record, { status, stopDate: Date.now() / 1000 }, result);
    this.save();
  }

  describeExecution(executionArn: string) {
    const record = this.executions.get(executionArn);
    if (!record) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    const { events: _events, ...rest } = record;
    return rest;
  }

  stopExecution(request: { executionArn: string; error?: string; cause?: string }) {
    const record = this.executions.get(request.executionArn);
    if (!record)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${request.executionArn}'`);
    this.finish(request.executionArn, 'ABORTED', { error: request.error, cause: request.cause });
    this.running.get(request.executionArn)?.abort();
    return { stopDate: record.stopDate ?? Date.now() / 1000 };
  }

  getExecutionHistory(request: {
    executionArn: string;
    maxResults?: number;
    reverseOrder?: boolean;
    nextToken?: string;
  }) {
    const record = this.executions.get(request.executionArn);
    if (!record)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${request.executionArn}'`);
    const events = request.reverseOrder ? [...record.events].reverse() : record.events;
    return page(events, 'events', request.maxResults, request.nextToken);
  }

  listExecutions(request: {
    stateMachineArn: string;
    statusFilter?: Status;
    maxResults?: number;
    nextToken?: string;
  }) {
    if (!this.machines.has(request.stateMachineArn)) {
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${request.stateMachineArn}'`,
      );
    }
    const list = [...this.executions.values()]
      .filter(
        (e) =>
          e.stateMachineArn === request.stateMachineArn &&
          (!request.statusFilter || e.status === request.statusFilter),
      )
      .sort((a, b) => b.startDate - a.startDate)
      .map(({ executionArn, stateMachineArn, name, status, startDate, stopDate }) => ({
        executionArn,
        stateMachineArn,
        name,
        status,
        startDate,
        stopDate,
      }));
    return page(list, 'executions', request.maxResults, request.nextToken);
  }

  describeStateMachine(stateMachineArn: string) {
    const machine = this.machines.get(stateMachineArn);
    if (!machine)
      throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    return {
      stateMachineArn: machine.arn,
      name: machine.name,
      status: 'ACTIVE',
      definition: JSON.stringify(machine.definition),
      roleArn: `arn:aws:iam::${this.account}:role/local`,
      type: 'STANDARD',
      creationDate: machine.createdAt,
    };
  }

  private load(): void {
    let saved: ExecutionRecord[];
    try {
      saved = JSON.parse(readFileSync(this.file, 'utf8')) as ExecutionRecord[];
    } catch {
      return;
    }
    for (const record of saved) {
      if (record.status === 'RUNNING') {
        // The process that ran it is gone; say so rather than leave it running forever.
        Object.assign(record, {
          status: 'ABORTED',
          stopDate: Date.now() / 1000,
          error: 'States.Aborted',
          cause: 'The local runtime stopped while this execution was running',
        });
      }
      this.executions.set(record.executionArn, record);
    }
  }

  private save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveNow(), 200);
  }

  private saveNow(): void {
    clearTimeout(this.saveTimer);
    // Keep the newest executions; the history of old ones is not worth unbounded growth.
    const records = [...this.executions.values()].sort((a, b) => b.startDate - a.startDate).slice(0, 2000);
    writeFileSync(this.file, JSON.stringify(records));
  }
}

/** What DescribeExecution shows of an outcome (a stopped run's error and cause were set by the stop). */
function outcomeFields(outcome: Outcome): { output?: string; error?: string; cause?: string } {
  if (outcome.status === 'SUCCEEDED') return { output: JSON.stringify(outcome.output ?? null) };
  if (outcome.status === 'ABORTED') return {};
  return { error: outcome.error, cause: outcome.cause };
}

function page<T>(items: T[], key: string, maxResults = 100, nextToken?: string) {
  const size = maxResults > 0 ? Math.min(maxResults, 1000) : 100;
  const start = nextToken ? Number(Buffer.from(nextToken, 'base64').toString('utf8')) || 0 : 0;
  const slice = items.slice(start, start + size);
  const next = start + size < items.length ? Buffer.from(String(start + size)).toString('base64') : undefined;
  return { [key]: slice, ...(next ? { nextToken: next } : {}) };
}

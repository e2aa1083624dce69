import { z } from 'zod';

/**
 * The part of the Amazon States Language the local interpreter runs. The objects are strict: a field
 * outside this subset (a Distributed Map's ItemReader, JSONata, a Choice operator not listed here)
 * fails the schema, and registering the machine stops there with the state and the field named,
 * rather than running a workflow whose meaning the interpreter would silently change.
 */
const path = z.string();
const optionalPath = path.nullable().optional();
const template = z.record(z.string(), z.unknown());

const errorEquals = z.array(z.string()).min(1);
const retrier = z.strictObject({
  ErrorEquals: errorEquals,
  IntervalSeconds: z.number().int().positive().optional(),
  MaxAttempts: z.number().int().min(0).optional(),
  BackoffRate: z.number().min(1).optional(),
  MaxDelaySeconds: z.number().int().positive().optional(),
  JitterStrategy: z.enum(['FULL', 'NONE']).optional(),
  Comment: z.string().optional(),
});
const catcher = z.strictObject({
  ErrorEquals: errorEquals,
  Next: z.string(),
  ResultPath: optionalPath,
  Comment: z.string().optional(),
});

const common = { Comment: z.string().optional(), InputPath: optionalPath, OutputPath: optionalPath };
const transition = { Next: z.string().optional(), End: z.literal(true).optional() };
const recovery = { Retry: z.array(retrier).optional(), Catch: z.array(catcher).optional() };
const result = { ResultPath: optionalPath, ResultSelector: template.optional() };

const choiceRule = z.strictObject({
  Variable: path.optional(),
  StringEquals: z.string().optional(),
  BooleanEquals: z.boolean().optional(),
  NumericEquals: z.number().optional(),
  NumericLessThan: z.number().optional(),
  NumericLessThanEquals: z.number().optional(),
  NumericGreaterThan: z.number().optional(),
  NumericGreaterThanEquals: z.number().optional(),
  IsPresent: z.boolean().optional(),
  IsNull: z.boolean().optional(),
  get And(): z.ZodOptional<z.ZodArray<typeof choiceRule>> {
    return z.array(choiceRule).min(1).optional();
  },
  get Or(): z.ZodOptional<z.ZodArray<typeof choiceRule>> {
    return z.array(choiceRule).min(1).optional();
  },
  get Not(): z.ZodOptional<typeof choiceRule> {
    return choiceRule.optional();
  },
  Next: z.string().optional(),
  Comment: z.string().optional(),
});

const task = z.strictObject({
  Type: z.literal('Task'),
  Resource: z.string(),
  Parameters: template.optional(),
  TimeoutSeconds: z.number().int().positive().optional(),
  ...common,
  ...result,
  ...recovery,
  ...transition,
});
const pass = z.strictObject({
  Type: z.literal('Pass'),
  Parameters: template.optional(),
  Result: z.unknown().optional(),
  ResultPath: optionalPath,
  ...common,
  ...transition,
});
const choice = z.strictObject({
  Type: z.literal('Choice'),
  Choices: z.array(choiceRule).min(1),
  Default: z.string().optional(),
  ...common,
});
const wait = z.strictObject({
  Type: z.literal('Wait'),
  Seconds: z.number().int().min(0),
  ...common,
  ...transition,
});
const succeed = z.strictObject({ Type: z.literal('Succeed'), ...common });
const fail = z.strictObject({
  Type: z.literal('Fail'),
  Error: z.string().optional(),
  Cause: z.string().optional(),
  Comment: z.string().optional(),
});

const branch = z.strictObject({
  StartAt: z.string(),
  Comment: z.string().optional(),
  get States(): z.ZodRecord<z.ZodString, typeof state> {
    return z.record(z.string(), state);
  },
});
const map = z.strictObject({
  Type: z.literal('Map'),
  ItemsPath: path.optional(),
  ItemSelector: template.optional(),
  ItemProcessor: branch.extend({
    ProcessorConfig: z.strictObject({ Mode: z.literal('INLINE') }).optional(),
  }),
  MaxConcurrency: z.number().int().min(0).optional(),
  ...common,
  ...result,
  ...recovery,
  ...transition,
});
const parallel = z.strictObject({
  Type: z.literal('Parallel'),
  Branches: z.array(branch).min(1),
  Parameters: template.optional(),
  ...common,
  ...result,
  ...recovery,
  ...transition,
});

const state = z.discriminatedUnion('Type', [task, pass, choice, wait, succeed, fail, map, parallel]);

export const stateMachineDefinition = z.strictObject({
  Comment: z.string().optional(),
  StartAt: z.string(),
  TimeoutSeconds: z.number().int().positive().optional(),
  Version: z.literal('1.0').optional(),
  States: z.record(z.string(), state),
});

export type StateMachineDefinition = z.infer<typeof stateMachineDefinition>;
export type State = z.infer<typeof state>;
export type Branch = z.infer<typeof branch>;
export type ChoiceRule = z.infer<typeof choiceRule>;
export type Retrier = z.infer<typeof retrier>;
export type TaskState = z.infer<typeof task>;
export type MapState = z.infer<typeof map>;
export type ParallelState = z.infer<typeof parallel>;

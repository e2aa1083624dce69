import type { z } from 'zod';
import {
  stateMachineDefinition,
  type Branch,
  type ChoiceRule,
  type State,
  type StateMachineDefinition,
} from './definition';
import { parsePath } from './paths';

/** A definition the local interpreter cannot run as AWS would; the message names each state and field. */
export class UnsupportedDefinitionError extends Error {
  override name = 'UnsupportedDefinitionError';
}

/**
 * Checks a definition before any execution: the schema of the supported subset, then what a schema
 * cannot say — transitions to states that exist, paths in the supported syntax, `States.ALL` alone
 * and last, unique state names, and a handler for every Task state (tasks are bound by state name).
 */
export function checkDefinition(
  definition: unknown,
  taskHandlers: ReadonlySet<string>,
): StateMachineDefinition {
  const parsed = stateMachineDefinition.safeParse(definition);
  if (!parsed.success)
    throw new UnsupportedDefinitionError(
      parsed.error.issues.map((issue) => describeIssue(issue, definition)).join('; '),
    );
  const problems: string[] = [];
  checkScope(parsed.data, [], { problems, taskHandlers, seen: new Set() });
  if (problems.length > 0) throw new UnsupportedDefinitionError(problems.join('; '));
  return parsed.data;
}

const where = (states: string[]) => (states.length ? `state "${states.join(' > ')}"` : 'the machine');

/** Puts a schema issue in the definition's terms: which state, which field, what is wrong. */
function describeIssue(issue: z.core.$ZodIssue, definition: unknown): string {
  const states: string[] = [];
  let fieldStart = 0;
  for (let i = 0; i < issue.path.length - 1; i++) {
    if (issue.path[i] !== 'States') continue;
    states.push(String(issue.path[i + 1]));
    fieldStart = i + 2;
    i++;
  }
  const field = issue.path
    .slice(fieldStart)
    .map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? String(step) : `.${String(step)}`))
    .join('');
  const inField = field ? `${field}.` : '';
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((key) => `${where(states)}: field "${inField}${key}" is not supported by the local runtime`)
      .join('; ');
  }
  if (issue.code === 'invalid_union' && field === 'Type') {
    const type = issue.path.reduce<unknown>(
      (value, step) => (value as Record<PropertyKey, unknown> | undefined)?.[step],
      definition,
    );
    if (type === undefined) return `${where(states)}: the state has no Type`;
    return `${where(states)}: Type ${JSON.stringify(type)} is not supported by the local runtime`;
  }
  return `${where(states)}: field "${field}": ${issue.message}`;
}

interface Checks {
  problems: string[];
  taskHandlers: ReadonlySet<string>;
  /** State names seen so far: handlers are bound by name, so a name means one state machine-wide. */
  seen: Set<string>;
}

function checkScope(scope: Branch, outer: string[], checks: Checks): void {
  const exists = (target: string | undefined) => target !== undefined && target in scope.States;
  if (!exists(scope.StartAt))
    checks.problems.push(`${where(outer)}: StartAt "${scope.StartAt}" is not one of its states`);
  for (const [name, state] of Object.entries(scope.States)) {
    const at = [...outer, name];
    const problem = (text: string) => checks.problems.push(`${where(at)}: ${text}`);
    if (checks.seen.has(name)) problem('the name is used by another state');
    checks.seen.add(name);
    for (const [field, target] of transitions(state)) {
      if (!exists(target)) problem(`${field} "${target}" is not a state of the same scope`);
    }
    const { Next, End } = state as { Next?: string; End?: true };
    if (hasTransition(state) && Boolean(End) === Boolean(Next))
      problem('exactly one of Next and End is needed');
    for (const text of pathProblems(state)) problem(text);
    for (const [field, list] of errorLists(state)) {
      const all = list.findIndex((errors) => errors.includes('States.ALL'));
      if (all >= 0 && (list[all]!.length > 1 || all !== list.length - 1))
        problem(`${field}: States.ALL must be alone, in the last entry`);
    }
    if (state.Type === 'Task' && !checks.taskHandlers.has(name)) problem('no task handler is bound to it');
    if (state.Type === 'Choice') for (const text of choiceProblems(state.Choices)) problem(text);
    if (state.Type === 'Map') checkScope(state.ItemProcessor, at, checks);
    if (state.Type === 'Parallel') for (const branch of state.Branches) checkScope(branch, at, checks);
  }
}

const hasTransition = (state: State) => ['Task', 'Pass', 'Wait', 'Map', 'Parallel'].includes(state.Type);

function transitions(state: State): [string, string][] {
  const found: [string, string][] = [];
  if ('Next' in state && state.Next !== undefined) found.push(['Next', state.Next]);
  if ('Catch' in state) state.Catch?.forEach((c, i) => found.push([`Catch[${i}].Next`, c.Next]));
  if (state.Type === 'Choice') {
    state.Choices.forEach((rule, i) => {
      if (rule.Next !== undefined) found.push([`Choices[${i}].Next`, rule.Next]);
    });
    if (state.Default !== undefined) found.push(['Default', state.Default]);
  }
  return found;
}

function errorLists(state: State): [string, string[][]][] {
  const lists: [string, string[][]][] = [];
  if ('Retry' in state && state.Retry) lists.push(['Retry', state.Retry.map((r) => r.ErrorEquals)]);
  if ('Catch' in state && state.Catch) lists.push(['Catch', state.Catch.map((c) => c.ErrorEquals)]);
  return lists;
}

const OPERATORS = [
  'StringEquals',
  'BooleanEquals',
  'NumericEquals',
  'NumericLessThan',
  'NumericLessThanEquals',
  'NumericGreaterThan',
  'NumericGreaterThanEquals',
  'IsPresent',
  'IsNull',
  'And',
  'Or',
  'Not',
] as const;

/** Each rule has one operator; comparisons have a Variable; only top-level rules have a Next. */
function choiceProblems(rules: ChoiceRule[], field = 'Choices', top = true): string[] {
  return rules.flatMap((rule, i) => {
    const at = `${field}[${i}]`;
    const operators = OPERATORS.filter((op) => rule[op] !== undefined);
    const problems: string[] = [];
    if (operators.length !== 1) problems.push(`${at}: a rule needs exactly one operator`);
    const combinator = operators.some((op) => op === 'And' || op === 'Or' || op === 'Not');
    if (!combinator && rule.Variable === undefined) problems.push(`${at}: the rule has no Variable`);
    if (top && rule.Next === undefined) problems.push(`${at}: the rule has no Next`);
    if (!top && rule.Next !== undefined) problems.push(`${at}: a nested rule cannot have a Next`);
    if (rule.And) problems.push(...choiceProblems(rule.And, `${at}.And`, false));
    if (rule.Or) problems.push(...choiceProblems(rule.Or, `${at}.Or`, false));
    if (rule.Not) problems.push(...choiceProblems([rule.Not], `${at}.Not`, false));
    return problems;
  });
}

/** Every path of a state, in the syntax `paths.ts` reads and naming only what exists at run time. */
function pathProblems(state: State): string[] {
  const problems: string[] = [];
  const check = (field: string, text: unknown, rule: PathRule) => {
    const problem = pathProblem(text, rule);
    if (problem) problems.push(`field "${field}": ${problem}`);
  };
  const fields = state as Record<string, unknown>;
  for (const field of ['InputPath', 'OutputPath', 'ItemsPath'] as const)
    if (typeof fields[field] === 'string') check(field, fields[field], 'read');
  if (typeof fields.ResultPath === 'string') check('ResultPath', fields.ResultPath, 'result');
  if ('Catch' in state)
    state.Catch?.forEach((c, i) => c.ResultPath && check(`Catch[${i}].ResultPath`, c.ResultPath, 'result'));
  for (const field of ['Parameters', 'ResultSelector'] as const)
    templatePaths(fields[field], field, (at, text) => check(at, text, 'read'));
  templatePaths(fields.ItemSelector, 'ItemSelector', (at, text) => check(at, text, 'item'));
  if (state.Type === 'Choice') choicePaths(state.Choices, 'Choices', check);
  return problems;
}

function choicePaths(
  rules: ChoiceRule[],
  field: string,
  check: (field: string, text: unknown, rule: PathRule) => void,
): void {
  rules.forEach((rule, i) => {
    if (rule.Variable !== undefined) check(`${field}[${i}].Variable`, rule.Variable, 'read');
    if (rule.And) choicePaths(rule.And, `${field}[${i}].And`, check);
    if (rule.Or) choicePaths(rule.Or, `${field}[${i}].Or`, check);
    if (rule.Not) choicePaths([rule.Not], `${field}[${i}].Not`, check);
  });
}

function templatePaths(template: unknown, field: string, visit: (at: string, text: unknown) => void) {
  if (Array.isArray(template)) template.forEach((item, i) => templatePaths(item, `${field}[${i}]`, visit));
  if (typeof template !== 'object' || template === null || Array.isArray(template)) return;
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) visit(`${field}.${key}`, value);
    else templatePaths(value, `${field}.${key}`, visit);
  }
}

/** `read`: any path; `item`: a path that may also name `$$.Map.Item`; `result`: a ResultPath. */
type PathRule = 'read' | 'item' | 'result';

const CONTEXT: Record<string, readonly string[]> = {
  Execution: ['Id', 'Name', 'Input', 'StartTime', 'RoleArn'],
  StateMachine: ['Id', 'Name'],
  State: ['Name', 'EnteredTime', 'RetryCount'],
  Map: ['Item'],
};

function pathProblem(text: unknown, rule: PathRule): string | undefined {
  if (typeof text !== 'string') return 'a path must be a string';
  if (/^States\.[A-Za-z]+\(/.test(text)) return 'intrinsic functions are not supported by the local runtime';
  let parsed;
  try {
    parsed = parsePath(text);
  } catch (error) {
    return (error as Error).message;
  }
  if (rule === 'result') {
    if (parsed.context) return 'a ResultPath cannot write to the context object';
    if (parsed.steps.some((step) => typeof step === 'number')) return 'a ResultPath can only name fields';
    return undefined;
  }
  if (!parsed.context || parsed.steps.length === 0) return undefined;
  const [root, field, item] = parsed.steps;
  if (typeof root !== 'string' || !(root in CONTEXT)) return `the context object has no "${String(root)}"`;
  if (field !== undefined && !CONTEXT[root]!.includes(String(field)))
    return `the context object has no "${root}.${String(field)}"`;
  if (root === 'Map' && rule !== 'item') return "$$.Map is only available in a Map state's ItemSelector";
  if (root === 'Map' && item !== undefined && item !== 'Index' && item !== 'Value')
    return `the context object has no "Map.Item.${String(item)}"`;
  return undefined;
}

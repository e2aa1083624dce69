import type { ChoiceRule } from './definition';
import { StatesError } from './errors';
import { lookUp, parsePath } from './paths';

/**
 * The Next of the first rule that holds for the input, else the Default; with neither, the state
 * fails with `States.NoChoiceMatched`. A comparison on a Variable the input does not have is a
 * runtime error, as on AWS (IsPresent is the operator that asks whether it is there).
 */
export function chooseNext(
  rules: ChoiceRule[],
  fallback: string | undefined,
  input: unknown,
  context: unknown,
): string {
  const chosen = rules.find((rule) => holds(rule, input, context));
  if (chosen) return chosen.Next!;
  if (fallback !== undefined) return fallback;
  throw new StatesError(
    'States.NoChoiceMatched',
    `No Choice rule matched the input ${JSON.stringify(input)}`,
  );
}

function holds(rule: ChoiceRule, input: unknown, context: unknown): boolean {
  if (rule.And) return rule.And.every((inner) => holds(inner, input, context));
  if (rule.Or) return rule.Or.some((inner) => holds(inner, input, context));
  if (rule.Not) return !holds(rule.Not, input, context);
  const value = lookUp(parsePath(rule.Variable!), input, context);
  if (rule.IsPresent !== undefined) return (value !== undefined) === rule.IsPresent;
  if (value === undefined) {
    throw new StatesError(
      'States.Runtime',
      `Invalid path '${rule.Variable}': the Choice state's condition path references an undefined value`,
    );
  }
  if (rule.IsNull !== undefined) return (value === null) === rule.IsNull;
  if (rule.StringEquals !== undefined) return value === rule.StringEquals;
  if (rule.BooleanEquals !== undefined) return value === rule.BooleanEquals;
  if (typeof value !== 'number') return false;
  if (rule.NumericEquals !== undefined) return value === rule.NumericEquals;
  if (rule.NumericLessThan !== undefined) return value < rule.NumericLessThan;
  if (rule.NumericLessThanEquals !== undefined) return value <= rule.NumericLessThanEquals;
  if (rule.NumericGreaterThan !== undefined) return value > rule.NumericGreaterThan;
  return value >= rule.NumericGreaterThanEquals!;
}

import { StatesError } from './errors';

/**
 * The JSONPath subset of the States Language that the workflows use: `$` (the state's input) or `$$`
 * (the context object), then `.name` and `[index]` steps. Anything richer (wildcards, filters,
 * slices, `..`) is refused when a machine is registered, so a path can only ever name one value.
 */
export interface ParsedPath {
  text: string;
  context: boolean;
  steps: (string | number)[];
}

const STEP = /^(?:\.([^.[\]\s'"*@?()$,:]+)|\[(\d+)\])/;

export function parsePath(text: string): ParsedPath {
  const root = text.startsWith('$$') ? '$$' : text.startsWith('$') ? '$' : null;
  if (!root) throw new Error(`"${text}" is not a path (a path starts with $ or $$)`);
  const steps: (string | number)[] = [];
  let rest = text.slice(root.length);
  while (rest.length > 0) {
    const match = STEP.exec(rest);
    if (!match) throw new Error(`"${text}" uses JSONPath syntax the local runtime does not support`);
    steps.push(match[1] ?? Number(match[2]));
    rest = rest.slice(match[0].length);
  }
  return { text, context: root === '$$', steps };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a path names, or `undefined` when there is none (the caller decides what that means). */
export function lookUp(path: ParsedPath, input: unknown, context: unknown): unknown {
  let value = path.context ? context : input;
  for (const step of path.steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(value) || step >= value.length) return undefined;
      value = value[step];
    } else {
      if (!isObject(value) || !Object.hasOwn(value, step)) return undefined;
      value = value[step];
    }
  }
  return value;
}

const preview = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** A path that must name a value; a missing one is a runtime error, as on AWS. */
export function read(path: string, input: unknown, context: unknown, field: string): unknown {
  const parsed = parsePath(path);
  const value = lookUp(parsed, input, context);
  if (value === undefined) {
    throw new StatesError(
      'States.Runtime',
      `The JSONPath '${path}' specified for the field '${field}' could not be found in the input ` +
        `'${preview(parsed.context ? context : input)}'`,
    );
  }
  return value;
}

/**
 * A payload template (Parameters, ItemSelector, ResultSelector): keys ending in `.$` take the value
 * their path names and lose the suffix; everything else is copied, nested objects and arrays walked.
 */
export function fillTemplate(template: unknown, input: unknown, context: unknown): unknown {
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, input, context));
  if (!isObject(template)) return template;
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) filled[key.slice(0, -2)] = read(String(value), input, context, key);
    else filled[key] = fillTemplate(value, input, context);
  }
  return filled;
}

/** InputPath and OutputPath: `null` gives `{}`, a missing path is a runtime error. */
export function select(path: string | null | undefined, value: unknown, context: unknown, field: string) {
  if (path === null) return {};
  if (path === undefined || path === '$') return value;
  return read(path, value, context, field);
}

/**
 * ResultPath: `null` keeps the input as it was, `$` replaces it, `$.a.b` sets the field in a copy of
 * the input (creating the objects on the way); a field on the way that is not an object cannot hold it.
 */
export function placeResult(input: unknown, result: unknown, path: string | null | undefined): unknown {
  if (path === null) return input;
  if (path === undefined || path === '$') return result;
  const steps = parsePath(path).steps as string[];
  if (!isObject(input)) throw resultPathFailure(path, input);
  const copy = structuredClone(input);
  let target = copy;
  for (const step of steps.slice(0, -1)) {
    const next = target[step];
    if (next === undefined) target[step] = {};
    else if (!isObject(next)) throw resultPathFailure(path, input);
    target = target[step] as Record<string, unknown>;
  }
  target[steps.at(-1)!] = result;
  return copy;
}

const resultPathFailure = (path: string, input: unknown) =>
  new StatesError(
    'States.ResultPathMatchFailure',
    `Unable to apply ResultPath '${path}' to the input '${preview(input)}'`,
  );

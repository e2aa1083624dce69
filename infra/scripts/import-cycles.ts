/**
 * `npm run lint`: no import cycle among the project's modules (type-only imports included — a cycle
 * of types still ties the modules' meaning together). Reads every module's imports with the
 * TypeScript compiler's pre-processor (no type checking, about a second), resolves the relative ones
 * and the `@/` and `@contracts/` aliases, and prints each cycle found.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = ['functions', 'infra', 'cli', 'layers', 'web/src'];
const ALIASES: Record<string, string> = { '@/': 'web/src/', '@contracts/': 'functions/contracts/' };
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/**
 * Cycles known and not yet broken, by a module in them: the dialogue reader's passes (attribution,
 * conversation, scene, tags, descriptions, apart) and the name finder call each other. Remove an
 * entry when its cycle is broken; a new cycle fails the lint.
 */
const KNOWN_CYCLES = ['functions/engine/text/local/reading/attribution.ts'];

function modulesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : modulesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? join(root, ALIASES[alias]!, specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const bare = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => bare + ext)])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const graph = new Map<string, string[]>();
for (const dir of ROOTS)
  for (const file of modulesUnder(join(root, dir))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f): f is string => f !== null),
    );
  }

/** Each strongly connected group of more than one module (or a module importing itself) is a cycle. */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const found = cycles().filter((group) => !group.some((file) => KNOWN_CYCLES.includes(relative(root, file))));
for (const group of found)
  console.error(`Import cycle among: ${group.map((f) => relative(root, f)).join(', ')}`);
if (found.length) process.exitCode = 1;
else console.log(`No import cycle among ${graph.size} modules.`);

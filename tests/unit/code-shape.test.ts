import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the server code, measured from its syntax: domains read each other's records only
 * through read ports, no function is longer than a reader can hold in mind, and a chapter's
 * ownership is checked in one place. (ESLint enforces the first two as you type; this measures and
 * prints them.)
 */
const ROOT = join(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'functions');
const SHARED = new Set(['lib', 'jobs', 'events', 'engine', 'contracts']);
const TABLES = new Set(['functions/routes.ts', 'functions/workflows.ts']);
const MAX_LINES = 150;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(FUNCTIONS).map((path) => {
  const name = relative(ROOT, path).split('\\').join('/');
  const source = ts.createSourceFile(name, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const top = name.split('/')[1]!;
  return { name, source, domain: SHARED.has(top) || top.endsWith('.ts') ? null : top };
});
const domains = new Set(files.flatMap((f) => (f.domain ? [f.domain] : [])));

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}
const lineOf = (source: ts.SourceFile, pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;

/** Every `x.repository` reached on something other than the domain's own context or the job system. */
function foreignRepositoryReads(): string[] {
  const found: string[] = [];
  for (const { name, source, domain } of files) {
    walk(source, (node) => {
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'repository') {
        const target = node.expression;
        const own = ts.isIdentifier(target) && target.text === 'deps';
        const jobs =
          (ts.isIdentifier(target) && target.text === 'jobs') ||
          (ts.isPropertyAccessExpression(target) && target.name.text === 'jobs');
        if (!own && !jobs) found.push(`${name}:${lineOf(source, node.getStart())} ${node.getText()}`);
      }
      if (domain && ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const match = /^(?:\.\.\/)+([\w-]+)\/repository$/.exec(node.moduleSpecifier.text);
        if (match && match[1] !== domain && domains.has(match[1]!))
          found.push(`${name}:${lineOf(source, node.getStart())} imports ${node.moduleSpecifier.text}`);
      }
    });
  }
  return found;
}

/** Every function with its length in lines, as ESLint's max-lines-per-function counts them. */
function functionLengths(): { where: string; lines: number }[] {
  const lengths: { where: string; lines: number }[] = [];
  for (const { name, source } of files) {
    if (TABLES.has(name)) continue;
    walk(source, (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isGetAccessorDeclaration(node)
      ) {
        const start = lineOf(source, node.getStart());
        const label = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        lengths.push({
          where: `${name}:${start} ${label}`,
          lines: lineOf(source, node.getEnd()) - start + 1,
        });
      }
    });
  }
  return lengths.sort((a, b) => b.lines - a.lines);
}

/** Places that answer "Chapter not found" when a chapter's book is not the caller's. */
function chapterOwnershipChecks(): string[] {
  const checks: string[] = [];
  for (const { name, source } of files) {
    walk(source, (node) => {
      if (
        ts.isIfStatement(node) &&
        /owner_id !== userId/.test(node.expression.getText()) &&
        /NotFoundError\(CHAPTER_NOT_FOUND/.test(node.thenStatement.getText())
      )
        checks.push(`${name}:${lineOf(source, node.getStart())}`);
    });
  }
  return checks;
}

/**
 * Object types written by hand in `functions/contracts/`: exported interfaces, and exported type
 * aliases with an object literal anywhere in them (`Foo & { … }` included). The contracts' shapes
 * are zod schemas with their types inferred (`z.infer`), so the SPA can parse what it is answered.
 */
function handWrittenContractTypes(): string[] {
  const found: string[] = [];
  for (const { name, source } of files) {
    if (!name.startsWith('functions/contracts/')) continue;
    for (const statement of source.statements) {
      const exported = ts.canHaveModifiers(statement)
        ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (!exported) continue;
      let literal = ts.isInterfaceDeclaration(statement);
      if (ts.isTypeAliasDeclaration(statement))
        walk(statement.type, (node) => {
          if (ts.isTypeLiteralNode(node)) literal = true;
        });
      if (literal && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)))
        found.push(`${name}:${lineOf(source, statement.getStart())} ${statement.name.text}`);
    }
  }
  return found;
}
/** The level the contracts are kept at: a shape of an answer or a request is a schema first. */
const MAX_HAND_WRITTEN_CONTRACT_TYPES = 0;

describe('the shape of the server code', () => {
  it(`writes at most ${MAX_HAND_WRITTEN_CONTRACT_TYPES} contract object types by hand (the rest inferred from zod schemas)`, () => {
    const types = handWrittenContractTypes();
    console.log(
      `hand-written contract object types: ${types.length} (at most ${MAX_HAND_WRITTEN_CONTRACT_TYPES})`,
    );
    expect(types.length, types.join(', ')).toBeLessThanOrEqual(MAX_HAND_WRITTEN_CONTRACT_TYPES);
  });

  it('reads no other domain’s records except through its read port', () => {
    const reads = foreignRepositoryReads();
    console.log(`cross-domain repository reads: ${reads.length} (target 0)`);
    expect(reads).toEqual([]);
  });

  it(`has no function over ${MAX_LINES} lines outside the route and workflow tables`, () => {
    const lengths = functionLengths();
    const longest = lengths.slice(0, 3).map((l) => `${l.where} (${l.lines})`);
    console.log(`longest functions (target ≤ ${MAX_LINES} lines): ${longest.join(', ')}`);
    expect(lengths.filter((l) => l.lines > MAX_LINES)).toEqual([]);
  });

  it('checks a chapter’s ownership in one place, the books read port', () => {
    const checks = chapterOwnershipChecks();
    console.log(`chapter-ownership checks: ${checks.length} (target 1): ${checks.join(', ')}`);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(/^functions\/books\/reads\.ts:/);
  });
});

/**
 * ARCHITECTURE.md's "The path of a question" is checked against the imports: every file the engine's
 * side of a question reaches, walking the value imports (not `import type`) from what
 * `LociEngine.ask` runs and what it hands it, is named in that section, as are the worker's files
 * that choose how it is searched. A file added on the way, or a step moved, fails here until the
 * route says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const ENGINE = 'src/core/engine/engine.ts';

/**
 * Where a question's imports are walked from: `LociEngine.ask` runs ask.ts, and hands it (AskDeps)
 * the live corpus to search, the breadth of a whole (LociEngine.breadth) and the calibrated weight.
 */
const ROOTS = ['src/core/engine/ask.ts', 'src/core/search/live-corpus.ts', 'src/core/engine/breadth.ts', 'src/core/search/calibrate-fusion.ts'];

/** The worker's part, which the walk does not reach: the call's way in, and the keyword-only search while the embedder loads. */
const WORKER_STEPS = ['src/client/worker-client.ts', 'workers/engine/engine-service.ts', 'workers/engine/chats.ts', 'workers/engine/pending-embedder.ts'];

/** The section's text, from its heading to the next. */
function section(heading: string): string {
  const start = DOC.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no section "${heading}"`);
  const next = DOC.indexOf('\n## ', start + 1);
  return DOC.slice(start, next < 0 ? undefined : next);
}

/** The files `file` imports for their values, as root-relative paths: `import type` and imports of types only are not a step. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typesOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typesOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (!(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly))) specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.text)));
    }
  }
  return found;
}

/** Every file reached from `roots` through value imports, roots included. */
function reached(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    valueImports(file).forEach(walk);
  };
  roots.forEach(walk);
  return [...seen].sort();
}

const ROUTE = section('The path of a question');
const named = new Set([...ROUTE.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]));

describe("ARCHITECTURE.md's path of a question", () => {
  it('walks from what the engine imports for its ask', () => {
    const engine = valueImports(ENGINE);
    for (const root of ROOTS) expect(engine, `${ENGINE} no longer imports ${root}: the walk starts from the wrong files`).toContain(root);
  });

  it('reaches the files of the second hop and of the search by words', () => {
    const files = reached(ROOTS);
    // the walk is real: these are on it, whatever else is added
    expect(files).toEqual(expect.arrayContaining(['src/core/query/second-hop.ts', 'src/core/query/follow-links.ts', 'src/core/search/document-links.ts', 'src/core/search/lexical-index.ts']));
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(reached(ROOTS))('names %s', (file) => {
    expect(named.has(file), `a question passes through ${file} (imported on the way from ${ROOTS.join(', ')}), which "The path of a question" does not name`).toBe(true);
  });

  it.each(WORKER_STEPS)('names the worker step %s', (file) => {
    expect(named.has(file), `"The path of a question" does not name ${file}`).toBe(true);
  });
});

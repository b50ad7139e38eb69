/**
 * The decision records stay decisions a newcomer can find: the index in docs/decisions/README.md
 * lists every record and only records that exist, no record runs past 150 lines (a piece of work's
 * sessions go to a log in docs/logs/), and every link from the code to a record, anchor included,
 * lands on a heading of that record rather than on a session that was split away.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = path.join(ROOT, 'docs', 'decisions');
const MAX_LINES = 150;
const CODE_FOLDERS = ['src', 'workers', 'build', 'bench', 'scripts', 'test'];
const CODE_FILES = ['vite.config.ts', 'vitest.config.ts', 'vitest.browser.config.ts'];

const records = readdirSync(DECISIONS).filter((name) => name.endsWith('.md') && name !== 'README.md').sort();
const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  return new Set(text.split('\n').flatMap((line) => (/^#{1,6} /.test(line) ? [headingAnchor(line.replace(/^#+ /, ''))] : [])));
}

function codeFiles(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const at = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(at);
    return /\.(ts|js|cjs|mjs|svelte)$/.test(entry.name) ? [at] : [];
  });
}

interface CodeLink {
  where: string;
  record: string;
  anchor?: string;
  line: string;
}

const LINK = /docs\/decisions\/([\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu;

const codeLinks: CodeLink[] = [...CODE_FOLDERS.flatMap(codeFiles), ...CODE_FILES.filter((f) => existsSync(path.join(ROOT, f)))].flatMap((file) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(LINK)].map((m) => ({ where: `${file}:${i + 1}`, record: m[1], anchor: m[2], line }))),
);

describe('docs/decisions', () => {
  it('finds the records and the code that links them', () => {
    expect(records.length).toBeGreaterThan(40);
    expect(codeLinks.length).toBeGreaterThan(10);
  });

  it('lists every record in its index, and only records that exist', () => {
    const listed = [...index.matchAll(/\]\(([\w.-]+\.md)\)/g)].map((m) => m[1]);
    expect(records.filter((name) => !listed.includes(name)), 'records missing from docs/decisions/README.md').toEqual([]);
    expect(listed.filter((name) => !records.includes(name)), 'index lines naming no record').toEqual([]);
  });

  it.each(records)(`keeps %s within ${MAX_LINES} lines`, (name) => {
    const lines = readFileSync(path.join(DECISIONS, name), 'utf8').trimEnd().split('\n').length;
    expect(lines, `${name}: a record says what was chosen and why; move its sessions to a log in docs/logs/`).toBeLessThanOrEqual(MAX_LINES);
  });

  it('resolves every link from the code to a record, and its #section to a heading', () => {
    const dead = codeLinks.flatMap(({ where, record, anchor }) => {
      const file = path.join(DECISIONS, record);
      if (!existsSync(file)) return [`${where}: no record ${record}`];
      if (anchor && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) return [`${where}: no heading #${anchor} in ${record}`];
      return [];
    });
    expect(dead).toEqual([]);
  });

  it('sends the code to decisions, not to the sessions of a log', () => {
    const session = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth) (session|step)\b/i;
    expect(codeLinks.filter(({ line }) => session.test(line)).map(({ where }) => where)).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor("The chat model's tokenizer at the first quiet moment")).toBe('the-chat-models-tokenizer-at-the-first-quiet-moment');
    expect(headingAnchor('Result: reopen → first sources (s; target ≤ 1.3)')).toBe('result-reopen--first-sources-s-target--13');
  });
});

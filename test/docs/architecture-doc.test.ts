/**
 * ARCHITECTURE.md stays true to the tree: every path it names exists (a bare file name must exist
 * somewhere in src/ or workers/, or at the root; its links are checked with the other docs'), and every
 * folder of src/ and workers/ is named in it, so a folder added or a file moved shows up here.
 * Every identifier it quotes (`LociEngine.indexDocument`, `putOriginal`) is declared in the code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');

/** Every folder under `dir`, as a root-relative path with a trailing slash. */
function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = `${dir}/${entry.name}`;
      return [`${folder}/`, ...folders(folder)];
    });
}

/** Every source file's text under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const at = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(at);
    return /\.(ts|svelte)$/.test(entry.name) ? [readFileSync(path.join(ROOT, at), 'utf8')] : [];
  });
}

function filesNamed(name: string, dir: string): boolean {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? filesNamed(name, `${dir}/${entry.name}`) : entry.name === name,
  );
}

const FILE = /\.(ts|js|cjs|mjs|svelte|json|md|html)$/;
const quoted = [...DOC.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
const paths = [...new Set(quoted.filter((token) => !token.includes('<') && (FILE.test(token) || /^[a-z-]+\/([\w.-]+\/)*$/.test(token))))];

/** `Owner.member` or a camelCase name: code the document points at by name. */
const identifiers = [...new Set(quoted.filter((token) => /^[A-Za-z_]\w*(\.\w+)?$/.test(token) && /[a-z][A-Z]|\./.test(token) && !FILE.test(token)))];

describe('ARCHITECTURE.md', () => {
  it('names paths', () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  it.each(paths)('%s exists', (named) => {
    const found = named.includes('/') ? existsSync(path.join(ROOT, named)) : existsSync(path.join(ROOT, named)) || filesNamed(named, 'src') || filesNamed(named, 'workers');
    expect(found, `ARCHITECTURE.md names \`${named}\`, which is not in the tree`).toBe(true);
  });

  it('quotes identifiers that the code declares', () => {
    const code = [...sources('src'), ...sources('workers')].join('\n');
    expect(identifiers.length).toBeGreaterThan(20);
    for (const name of identifiers) {
      const member = name.split('.').pop() as string;
      // a declaration: `member(`, `member =`, `member:`, `class member`, `function member`, `interface member`
      const declared = new RegExp(`(\\b(class|interface|type|function|const|let)\\s+${member}\\b)|(^|\\s)(async\\s+|static\\s+|readonly\\s+|private\\s+)*${member}\\s*[(<:=]`, 'm');
      expect(declared.test(code), `ARCHITECTURE.md names \`${name}\`, declared nowhere in src/ or workers/`).toBe(true);
    }
  });

  it.each([...folders('src'), ...folders('workers')])('names the folder %s', (folder) => {
    expect(quoted, `${folder} is not described in ARCHITECTURE.md`).toContain(folder);
  });
});

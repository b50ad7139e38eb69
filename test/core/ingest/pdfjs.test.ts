import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = import.meta.dirname;

describe('loading pdf.js', () => {
  // pdf.js's legacy build brings core-js, which swaps in script versions of JSON.parse and
  // JSON.stringify where the engine lacks JSON.rawJSON (Node 20), slowing every index write, and
  // of Array.prototype.push in V8, slowing every push.
  // In a process of its own: the test runner's process may have loaded pdf.js already, and
  // core-js's replacements disguise themselves as native code.
  it('leaves the engine its own JSON.parse, JSON.stringify and Array.prototype.push, after a PDF is read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loci-pdfjs-'));
    try {
      const script = path.join(dir, 'check.mts');
      await writeFile(
        script,
        [
          'const parse = JSON.parse;',
          'const stringify = JSON.stringify;',
          'const push = Array.prototype.push;',
          `const { ingest } = await import(${JSON.stringify(path.resolve(here, '../../../src/core/ingest/index.ts'))});`,
          `const { textPdf } = await import(${JSON.stringify(path.resolve(here, 'pdf-bytes.ts'))});`,
          "const doc = await ingest('hello.pdf', textPdf('Hello from a PDF'));",
          'console.log(JSON.stringify({ text: doc.text.trim(), parse: JSON.parse === parse, stringify: JSON.stringify === stringify, push: Array.prototype.push === push }));',
        ].join('\n'),
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(here, '../../..') });
      expect(JSON.parse(stdout)).toEqual({ text: 'Hello from a PDF', parse: true, stringify: true, push: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

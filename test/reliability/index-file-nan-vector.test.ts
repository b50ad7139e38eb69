/**
 * Catalogue (issue 10): a NaN written into a document's vector block in the index file. Found on
 * open and named; the other document answers with a warning; the file is never rewritten.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { damagedIndex, type DamagedIndex } from '../support/damaged-index.ts';
import { writeNaN } from '../support/index-blocks.ts';
import { loci } from '../support/run-loci.ts';

let damaged: DamagedIndex;
beforeAll(async () => {
  damaged = await damagedIndex('vectors', (bytes, start) => writeNaN(bytes, start + 8));
});
afterAll(() => rm(damaged.dir, { recursive: true, force: true }));

it('names the document and its vectors, answers from the others, and leaves the file as it was', async () => {
  const { index, bytes, dir } = damaged;
  const ask = await loci('ask', index, '数据处理者应当履行哪些义务', '--json', '-n', '3', '--hops', '1');
  expect(ask.code).toBe(0);
  expect(ask.stderr).toContain('warning: data.md: its vectors are damaged (checksum mismatch); it is left out of answers until repaired');
  const out = JSON.parse(ask.stdout);
  expect(out.damaged).toEqual([{ doc: 'data.md', parts: ['vectors'] }]);
  expect(out.sources.every((s: { doc: string }) => s.doc === 'net.md')).toBe(true);

  const extend = await loci('index', path.join(dir, 'files', 'data.md'), '--out', index);
  expect(extend.code).toBe(1);
  expect(extend.stderr).toMatch(/data\.md: its vectors are damaged/);
  expect(Buffer.from(await readFile(index)).equals(Buffer.from(bytes))).toBe(true);
});

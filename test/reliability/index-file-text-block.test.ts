/**
 * Catalogue (issue 10): one byte of a document's text changed inside the index file. Found on
 * open and named; the other document answers with a warning; `loci index` refuses to carry it on;
 * the file is never rewritten.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { damagedIndex, type DamagedIndex } from '../support/damaged-index.ts';
import { flipByte } from '../support/index-blocks.ts';
import { loci } from '../support/run-loci.ts';

let damaged: DamagedIndex;
beforeAll(async () => {
  damaged = await damagedIndex('text', (bytes, start) => flipByte(bytes, start + 20));
});
afterAll(() => rm(damaged.dir, { recursive: true, force: true }));

it('names the document, answers from the others, refuses to extend, and leaves the file as it was', async () => {
  const { index, bytes, dir } = damaged;
  const ask = await loci('ask', index, '履行安全保护义务', '--json', '-n', '3', '--hops', '1');
  expect(ask.code).toBe(0);
  expect(ask.stderr).toContain('warning: data.md: its text is damaged (checksum mismatch); it is left out of answers until repaired');
  expect(ask.stderr).toContain(`warning: ${index} is damaged; answers come from its 1 intact document`);
  const out = JSON.parse(ask.stdout);
  expect(out.damaged).toEqual([{ doc: 'data.md', parts: ['text'] }]);
  expect(out.sources.length).toBeGreaterThan(0);
  expect(out.sources.every((s: { doc: string }) => s.doc === 'net.md')).toBe(true);

  const extend = await loci('index', path.join(dir, 'files', 'net.md'), '--out', index);
  expect(extend.code).toBe(1);
  expect(extend.stderr).toContain(`loci index: ${index} is damaged, so nothing was added (the damage would be carried into the extended file): data.md: its text is damaged`);
  expect(Buffer.from(await readFile(index)).equals(Buffer.from(bytes))).toBe(true);
});

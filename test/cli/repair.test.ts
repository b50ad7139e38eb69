/**
 * `loci repair`: damaged documents indexed again from the files given or from the copies the index
 * keeps, dropped and named otherwise; damaged copies put back from the files given, or dropped.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOf, blockOfDocument, blockOfOriginal, flipByte, writeNaN } from '../support/index-blocks.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';
import { loci } from '../support/run-loci.ts';
import { FileIndexStore } from '../../src/cli/file-store.ts';
import { sha256Hex } from '../../src/core/util/hash.ts';

const DATA = '# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n';
const NET = '# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求，履行安全保护义务。\n';

let dir: string;
let built: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-repair-'));
  await mkdir(path.join(dir, 'files'));
  await writeFile(path.join(dir, 'files', 'data.md'), DATA);
  await writeFile(path.join(dir, 'files', 'net.md'), NET);
  built = path.join(dir, 'built.loci');
  const r = await loci('index', path.join(dir, 'files'), '--out', built, '--embedder', 'tiny-lexical-bert-zh');
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A copy of the built index with one byte of data.md's text changed, or of the copy of its file, or both. */
async function damagedCopy(name: string, parts: ('text' | 'original')[] = ['text']): Promise<string> {
  const file = path.join(dir, name);
  await copyFile(built, file);
  const bytes = new Uint8Array(await readFile(file));
  if (parts.includes('text')) flipByte(bytes, blockOfDocument(bytes, 'data.md', 'text')[0] + 20);
  if (parts.includes('original')) flipByte(bytes, blockOfOriginal(bytes, 'data.md')[0] + 5);
  await writeFile(file, bytes);
  return file;
}

describe('loci repair', () => {
  it('indexes a damaged document again from the folder given, recognising its file by content', async () => {
    const index = await damagedCopy('found.loci');
    // the file has moved and been renamed since it was indexed
    await mkdir(path.join(dir, 'moved'));
    await copyFile(path.join(dir, 'files', 'data.md'), path.join(dir, 'moved', 'renamed.md'));
    const r = await loci('repair', index, path.join(dir, 'moved'), '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/damaged: data\.md: its text is damaged/);
    expect(JSON.parse(r.stdout)).toEqual({
      index,
      damaged: [{ doc: 'data.md', parts: ['text'] }],
      rebuilt: [{ doc: 'data.md', file: path.join(dir, 'moved', 'renamed.md') }],
      dropped: [],
      originals: { restored: [], dropped: [] },
    });
    const ask = await loci('ask', index, '数据处理者应当履行哪些义务', '--json', '-n', '1', '--hops', '1');
    expect(ask.stderr).not.toMatch(/warning/);
    expect(JSON.parse(ask.stdout).sources[0].doc).toBe('data.md');
    const check = await loci('repair', index);
    expect(check.stdout).toMatch(/no damage found \(2 documents/);
  });

  it('indexes a damaged document again from the copy of its file the index keeps, with no path given', async () => {
    const index = await damagedCopy('from-copy.loci');
    const r = await loci('repair', index);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('rebuilt: data.md (indexed again from the copy of its file the index keeps)');
    const ask = await loci('ask', index, '数据处理者应当履行哪些义务', '--json', '-n', '1', '--hops', '1');
    expect(ask.stderr).not.toMatch(/warning/);
    expect(JSON.parse(ask.stdout).sources[0].doc).toBe('data.md');
    expect((await loci('repair', index)).stdout).toMatch(/no damage found \(2 documents/);
  });

  it('drops a damaged document whose copy is damaged too and whose file is not given, and says how to add it back', async () => {
    const index = await damagedCopy('dropped.loci', ['text', 'original']);
    const r = await loci('repair', index);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/damaged: data\.md: the copy of its original file is damaged/);
    expect(r.stdout).toContain(`dropped: data.md (the index keeps no intact copy of its file, nor was it among the paths given; add it back with: loci index <path to data.md> --out ${index})`);
    const extended = await loci('index', path.join(dir, 'files', 'data.md'), '--out', index, '--json');
    expect(extended.code, extended.stderr).toBe(0);
    expect(JSON.parse(extended.stdout)).toMatchObject({ documents: 2, ready: 2 });
  });

  it('takes a dropped document out of its collections; a rebuilt one keeps its place', async () => {
    const collected = path.join(dir, 'collected.loci');
    const r = await loci('index', path.join(dir, 'files', 'data.md'), path.join(dir, 'files', 'net.md'), '--collection', 'both', '--out', collected, '--embedder', 'tiny-lexical-bert-zh');
    expect(r.code, r.stderr).toBe(0);
    const collectionSizes = async (file: string) => (await FileIndexStore.open(file, { readOnly: true })).collections.map((c) => c.docIds.length);
    for (const [copy, paths, kept] of [['collected-dropped.loci', [], 1], ['collected-rebuilt.loci', [path.join(dir, 'files')], 2]] as const) {
      const file = path.join(dir, copy);
      await copyFile(collected, file);
      const bytes = new Uint8Array(await readFile(file));
      flipByte(bytes, blockOfDocument(bytes, 'data.md', 'text')[0] + 20);
      // the copy the index keeps too, so that only a file given can bring data.md back
      flipByte(bytes, blockOfOriginal(bytes, 'data.md')[0] + 5);
      await writeFile(file, bytes);
      expect(await collectionSizes(file)).toEqual([2]);
      await loci('repair', file, ...paths);
      expect(await collectionSizes(file)).toEqual([kept]);
    }
    const inspect = await loci('inspect', path.join(dir, 'collected-dropped.loci'), '网络运营者', '--in', 'both', '--json', '--hops', '1');
    expect(JSON.parse(inspect.stdout).within.collections).toEqual([{ name: 'both', documents: ['net.md'] }]);
  });

  it('rebuilds damaged cluster entries from their document, which answers meanwhile', async () => {
    const law = path.join(DOCUMENTS_DIR, 'md_zh', '数据安全法_2021.md');
    const index = path.join(dir, 'clusters.loci');
    const r = await loci('index', law, '--out', index, '--json', '--clusters', '--embedder', 'tiny-lexical-bert-zh');
    expect(JSON.parse(r.stdout).clusters).toBeGreaterThan(0);
    const bytes = new Uint8Array(await readFile(index));
    writeNaN(bytes, blockOf(bytes, 'groups', 0, 'vectors')[0]);
    await writeFile(index, bytes);

    const ask = await loci('ask', index, '数据处理者应当履行哪些义务', '--json', '-n', '2', '--hops', '1');
    expect(ask.stderr).toContain('warning: the cluster entries of 数据安全法_2021.md are damaged (checksum mismatch)');
    expect(JSON.parse(ask.stdout).sources[0].doc).toBe('数据安全法_2021.md');
    const repaired = await loci('repair', index);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stdout).toContain('rebuilt the cluster entries of 1 group');
    const again = await loci('index', law, '--out', index, '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ documents: 1, ready: 1 });
    expect(JSON.parse(again.stdout).clusters).toBeGreaterThan(0);
  });

  it('puts back a damaged copy of a file from the files given; without them drops the copy, its document still answering', async () => {
    const restored = await damagedCopy('copy-restored.loci', ['original']);
    const ask = await loci('ask', restored, '数据处理者应当履行哪些义务', '--json', '-n', '1', '--hops', '1');
    expect(ask.stderr).toContain('warning: data.md: the copy of its original file is damaged (checksum mismatch)');
    expect(JSON.parse(ask.stdout).sources[0].doc).toBe('data.md');
    const r = await loci('repair', restored, path.join(dir, 'files'), '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rebuilt: [], dropped: [], originals: { restored: [{ doc: 'data.md', file: path.join(dir, 'files', 'data.md') }], dropped: [] } });
    expect(new TextDecoder().decode((await FileIndexStore.open(restored, { readOnly: true })).original(await sha256Hex(new TextEncoder().encode(DATA)))!.bytes)).toBe(DATA);
    expect((await loci('repair', restored)).stdout).toMatch(/no damage found/);

    const dropped = await damagedCopy('copy-dropped.loci', ['original']);
    const without = await loci('repair', dropped);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain(`dropped: the copy of data.md (its file was not among the paths given; the document still answers; keep a copy again with: loci index <path to data.md> --out ${dropped})`);
    const after = await FileIndexStore.open(dropped, { readOnly: true });
    expect(after.damage).toEqual([]);
    expect(after.snapshot()?.documents.map((d) => d.doc.name)).toEqual(['data.md', 'net.md']);
    expect(after.snapshot()?.originals?.map((o) => o.name)).toEqual(['net.md']);
  });
});

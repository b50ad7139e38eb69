/** `loci index --collection` and `--in <collection>`, as a person runs them: kept in the index file, searched alone. */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileIndexStore } from '../../src/cli/file-store.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';
import { loci } from '../support/run-loci.ts';

const LAWS = path.join(DOCUMENTS_DIR, 'md_zh');
const DATA = path.join(LAWS, '数据安全法_2021.md');
const NET = path.join(LAWS, '网络安全法_2016.md');
const PERSONAL = path.join(LAWS, '个人信息保护法_2021.md');
// answered from 个人信息保护法 when the whole index is searched
const QUESTION = '个人信息处理者应当履行哪些义务？';

const docsOf = (stdout: string): string[] => (JSON.parse(stdout) as { sources: { doc: string }[] }).sources.map((s) => s.doc);

let dir: string;
let index: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-collections-'));
  index = path.join(dir, 'laws.loci');
  const two = await loci('index', DATA, NET, '--collection', '安全', '--collection', '法律', '--out', index, '--json', '--embedder', 'tiny-lexical-bert-zh');
  expect(two.code, two.stderr).toBe(0);
  expect(JSON.parse(two.stdout).collections).toEqual([{ name: '安全', documents: 2 }, { name: '法律', documents: 2 }]);
  const third = await loci('index', PERSONAL, '--out', index, '--json');
  expect(third.code, third.stderr).toBe(0);
  expect(JSON.parse(third.stdout)).toMatchObject({ documents: 3, collections: [] });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loci collections', () => {
  it('documents --collection in index --help, and --in a collection in ask and inspect --help', async () => {
    expect((await loci('index', '--help')).stdout).toMatch(/--collection <name>\s+puts every file given in this run/);
    expect((await loci('ask', '--help')).stdout).toMatch(/--in <document or collection>/);
    expect((await loci('inspect', '--help')).stdout).toMatch(/--in <document or collection>/);
  });

  it('keeps the collections in the index file, each with the documents given to it', async () => {
    const store = await FileIndexStore.open(index, { readOnly: true });
    const names = new Map(store.snapshot()!.documents.map((d) => [d.doc.id, d.doc.name]));
    expect(store.collections.map((c) => [c.name, c.docIds.map((id) => names.get(id))])).toEqual([
      ['安全', ['数据安全法_2021.md', '网络安全法_2016.md']],
      ['法律', ['数据安全法_2021.md', '网络安全法_2016.md']],
    ]);
  });

  it('asks within a collection: sources from its two documents only, where the whole index answers from the third', async () => {
    const whole = await loci('ask', index, QUESTION, '--json');
    expect(whole.code, whole.stderr).toBe(0);
    expect(docsOf(whole.stdout)).toContain('个人信息保护法_2021.md');
    const within = await loci('ask', index, QUESTION, '--json', '--in', '法律');
    expect(within.code, within.stderr).toBe(0);
    const docs = docsOf(within.stdout);
    expect(docs.length).toBeGreaterThan(0);
    expect(new Set(docs)).toEqual(new Set(['数据安全法_2021.md', '网络安全法_2016.md']));
  });

  it('inspects within a collection and a document, printing the collections searched and their documents', async () => {
    const text = await loci('inspect', index, QUESTION, '--in', '法律', '--in', '个人信息保护法_2021.md', '--hops', '1');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^within: 个人信息保护法_2021\.md, collection 法律 \(数据安全法_2021\.md, 网络安全法_2016\.md\)$/m);
    const json = await loci('inspect', index, QUESTION, '--in', '安全', '--json', '--hops', '1');
    expect(json.code, json.stderr).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.within).toEqual({ documents: [], collections: [{ name: '安全', documents: ['数据安全法_2021.md', '网络安全法_2016.md'] }] });
    expect(out.sources.every((s: { doc: string }) => s.doc !== '个人信息保护法_2021.md')).toBe(true);
  });

  it('refuses an unknown --in name, listing the documents and the collections', async () => {
    const r = await loci('ask', index, QUESTION, '--in', '没有这个');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('loci ask: the index holds no document named "没有这个", nor a collection so named; it holds: 数据安全法_2021.md, 网络安全法_2016.md, 个人信息保护法_2021.md; collections: 安全, 法律');
  });

  it('puts a file already indexed into a collection, and a run that changes nothing leaves the file byte for byte', async () => {
    const added = await loci('index', PERSONAL, '--collection', '法律', '--out', index, '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ documents: 3, collections: [{ name: '法律', documents: 3 }] });
    expect(docsOf((await loci('ask', index, QUESTION, '--json', '--in', '法律')).stdout)).toContain('个人信息保护法_2021.md');
    const before = await readFile(index);
    const again = await loci('index', PERSONAL, NET, '--collection', '法律', '--out', index, '--json');
    expect(JSON.parse(again.stdout).collections).toEqual([{ name: '法律', documents: 3 }]);
    expect((await readFile(index)).equals(before)).toBe(true);

    // a copy of an indexed file under another name is that document, and joins a collection as it
    const copy = path.join(dir, '副本.md');
    await copyFile(DATA, copy);
    const copied = await loci('index', copy, '--collection', '副本', '--out', index, '--json');
    expect(JSON.parse(copied.stdout).collections).toEqual([{ name: '副本', documents: 1 }]);
    expect(new Set(docsOf((await loci('ask', index, QUESTION, '--json', '--in', '副本')).stdout))).toEqual(new Set(['数据安全法_2021.md']));
  });

  it('refuses an empty --collection name', async () => {
    const r = await loci('index', DATA, '--collection', '', '--out', index);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--collection needs a name');
  });
});

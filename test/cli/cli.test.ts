/** The `loci` command as a person runs it: index a folder, resume, ask, inspect, and the errors. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { DOCUMENTS_DIR, MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const run = promisify(execFile);
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const QUESTION = '数据处理者应当履行哪些数据安全保护义务？';

async function loci(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [LOCI, ...args, '--models', MODELS_DIR], { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

let dir: string;
let index: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-cli-'));
  index = path.join(dir, 'laws.loci');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loci CLI', () => {
  const law = path.join(DOCUMENTS_DIR, 'md_zh', '数据安全法_2021.md');
  const other = path.join(DOCUMENTS_DIR, 'md_zh', '网络安全法_2016.md');

  it('indexes files with progress on stderr, and a second run adds without redoing', async () => {
    const first = await loci('index', law, '--out', index, '--embedder', 'tiny-lexical-bert-zh', '--json');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/embed \d+\/\d+/);
    const summary1 = JSON.parse(first.stdout);
    expect(summary1).toMatchObject({ documents: 1, ready: 1, failedFiles: [] });
    // the hybrid weight is calibrated once, by the index run, and kept in the file for each ask
    const stored = await decodeIndex(new Uint8Array(await readFile(index)));
    expect(stored.manifest.fusion).toMatchObject({ weight: { source: expect.stringMatching(/^(calibrated|default)$/) }, chunks: summary1.chunks });

    const second = await loci('index', law, other, '--out', index, '--embedder', 'tiny-lexical-bert-zh', '--json');
    const summary2 = JSON.parse(second.stdout);
    expect(summary2).toMatchObject({ documents: 2, ready: 2 });
    // the first law was not pre-parsed again: only the new law's sources ran
    expect(summary2.preparse.done).toBeLessThan(summary2.chunks + summary2.clusters);
    expect(second.stderr).not.toMatch(/embed \d+\/\d+ \(\d+%\) 数据安全法/);
  });

  it('asks: sources from 数据安全法 with chapter headings, as JSON', async () => {
    const { code, stdout } = await loci('ask', index, QUESTION, '--json', '-n', '3', '--hops', '1');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.sources.length).toBeGreaterThan(0);
    const fromLaw = out.sources.filter((s: { doc: string }) => s.doc === '数据安全法_2021.md');
    expect(fromLaw.some((s: { headingPath: string[] }) => s.headingPath.some((h) => h.startsWith('第四章')))).toBe(true);
    expect(out.trace[0]).toMatchObject({ rank: 1 });
    // Hybrid by default: the weight its two lists were fused with; one hop asked, so no second one.
    expect(out.fusion).toMatchObject({ source: expect.stringMatching(/^(calibrated|default)$/) });
    expect(out.fusion.dense).toBeGreaterThanOrEqual(0);
    expect(out.fusion.dense).toBeLessThanOrEqual(1);
    expect(out.secondHop).toBeNull();
  });

  it('asks within a document with --in; a question about its whole is answered from its chapters; an unknown name is refused', async () => {
    const within = JSON.parse((await loci('ask', index, QUESTION, '--json', '--in', '网络安全法_2016.md')).stdout);
    expect(within.sources.length).toBeGreaterThan(0);
    expect(within.sources.every((s: { doc: string }) => s.doc === '网络安全法_2016.md')).toBe(true);

    const before = await readFile(index);
    const whole = JSON.parse((await loci('ask', index, '这部法律主要规定了什么？', '--json', '--in', '数据安全法_2021.md')).stdout);
    // the clusters it made were for this run: ask takes no lock and never writes the index
    expect((await readFile(index)).equals(before)).toBe(true);
    expect(whole.breadth).toEqual({ documents: ['数据安全法_2021.md'] });
    expect(whole.sources.every((s: { doc: string }) => s.doc === '数据安全法_2021.md')).toBe(true);
    // the law's seven chapters, from the first twenty passages offered (what an answer's budget holds)
    const chapters = new Set(whole.sources.slice(0, 20).map((s: { headingPath: string[] }) => s.headingPath.find((h) => /^第.章/.test(h))));
    expect(chapters.size).toBeGreaterThanOrEqual(6);

    const unknown = await loci('ask', index, QUESTION, '--in', '没有这个文件.md');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/no document named "没有这个文件\.md".*数据安全法_2021\.md/);
  });

  it('answers with a streamed model and lists its numbered sources', async () => {
    const { code, stdout } = await loci('ask', index, QUESTION, '--llm', 'tiny-random-qwen3', '--max-new-tokens', '12', '-n', '2', '--strategy', 'naive');
    expect(code).toBe(0);
    // two numbered sources, the chapter on the obligations the question asks about among them
    expect(stdout).toMatch(/Sources:\n\[1\] 数据安全法_2021\.md › .*\n[^]*\[2\] 数据安全法_2021\.md › /);
    expect(stdout.slice(stdout.indexOf('Sources:'))).toMatch(/\[\d\] 数据安全法_2021\.md › .*第四章 数据安全保护义务/);
  });

  it('inspects: the hybrid weight, the trace with kinds and backtracking, and the chunks best first', async () => {
    const { code, stdout } = await loci('inspect', index, QUESTION, '--strategy', 'cap-rag', '--hops', '1');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^strategy cap-rag, retriever hybrid, backtrack ranked, hops 1, N=5, M=100$/m);
    const weight = stdout.match(/^hybrid weight: dense (\d+)% · lexical (\d+)%(, calibrated on \d+ pseudo-queries of this index \(MRR dense 0\.\d{3}, lexical 0\.\d{3}, fused 0\.\d{3}\)| \(default: too few chunks to calibrate\))$/m);
    expect(weight, stdout).not.toBeNull();
    expect(Number(weight![1]) + Number(weight![2])).toBe(100);
    expect(stdout).not.toMatch(/^second hop/m);
    // Fused scores are rescaled to [0, 1]: the best candidate is at most 1.
    expect(stdout).toMatch(/^rank\s+score\s+kind/m);
    expect(stdout).toMatch(/^1\s+[01]\.\d{4}\s+(chunk|summary|context|query|cluster)/m);
    expect(stdout).toMatch(/→ {2}#\d+ 数据安全法_2021\.md/);
    // Retrieval returns chunks best first: the first listed is the one the best candidate brought in.
    const firstNew = stdout.match(/→ {2}(?:#\d+ \S+, )*(#\d+ \S+) \(new\)/)?.[1];
    expect(firstNew).toBeDefined();
    expect(stdout).toMatch(/^5 original chunks, best first:$/m);
    expect(stdout.match(/^\[1\] (#\d+ \S+) › /m)?.[1]).toBe(firstNew);
  });

  it('inspects a second hop: its terms, the chunks it added and its candidates, as JSON', async () => {
    // a question across the two laws
    const across = '网络运营者和数据处理者应当履行哪些安全保护义务？';
    const { code, stdout } = await loci('inspect', index, across, '--hops', '2', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.fusion).toMatchObject({ source: expect.any(String), dense: expect.any(Number) });
    expect(out.secondHop.terms.length).toBeGreaterThan(0);
    expect(out.secondHop.query).toContain(across);
    for (const term of out.secondHop.terms) expect(out.secondHop.query).toContain(term);
    expect(out.trace.some((row: { hop?: number }) => row.hop === 2)).toBe(true);
    expect(out.trace[0].hop ?? 1).toBe(1);
    // Every chunk the second hop added is among the sources, marked as found by it.
    expect(out.sources.filter((s: { via?: string }) => s.via === 'hop')).toHaveLength(out.secondHop.added.length);
  });

  it('searches by keywords alone: no weight, every candidate ranked by BM25 only', async () => {
    const lexical = await loci('inspect', index, QUESTION, '--retriever', 'lexical', '--json');
    expect(lexical.code).toBe(0);
    const out = JSON.parse(lexical.stdout);
    expect(out.fusion).toBeNull();
    expect(out.trace.length).toBeGreaterThan(0);
    expect(out.trace.every((row: { denseRank?: number; lexicalRank?: number }) => row.lexicalRank !== undefined && row.denseRank === undefined)).toBe(true);

    const bad = await loci('inspect', index, QUESTION, '--hops', '3');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--hops must be one of 1, 2 \(got "3"\)/);
  });

  it('reports bad input clearly and keeps the index intact', async () => {
    const bad = path.join(dir, 'broken.pdf');
    await writeFile(bad, Buffer.from('%PDF-1.7\n garbage that is not a pdf'));
    const r = await loci('index', bad, '--out', index, '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.pdf: .*(corrupt|damaged|valid PDF)/i);
    expect(JSON.parse(r.stdout)).toMatchObject({ documents: 2, ready: 2 });

    const mismatch = await loci('ask', index, 'q', '--embedder', 'glove-static-en-100d');
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/built with the embedder "tiny-lexical-bert-zh"/);

    // a missing folder is made (the README's `--out public/library.loci`); one that cannot be, under a file, is named
    const unwritable = await loci('index', law, '--out', path.join(bad, 'x.loci'), '--embedder', 'tiny-lexical-bert-zh', '-q');
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/loci index: cannot use .*broken\.pdf.*(ENOTDIR|EEXIST)/);

    const missing = await loci('ask', path.join(dir, 'nope.loci'), 'q');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such index/);

    // a production embedder these machines cannot download: named, with where it was looked for
    const noModel = await loci('index', law, '--out', path.join(dir, 'e5.loci'), '--embedder', 'Xenova/multilingual-e5-small', '-q');
    expect(noModel.code).toBe(1);
    expect(noModel.stderr).toMatch(/^loci index: the embedder "Xenova\/multilingual-e5-small" is not in .*--models or LOCI_MODELS_DIR\.\n$/);
  });

  it('refuses an unknown command, also one named like a property every object has', async () => {
    for (const name of ['indx', 'constructor', 'toString']) {
      const r = await loci(name);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^unknown command "${name}"`));
    }
  });
});

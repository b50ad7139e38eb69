/**
 * `loci compare` as a person runs it, on two small `loci eval --json` files: the paired table on
 * stdout, two methods of one run, and refusals that name the file, with their exit codes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { REPO_ROOT } from '../support/paths.ts';
import { handMadeReport, reportJson } from '../eval/comparison-fixture.ts';

const LOCI = path.join(REPO_ROOT, 'bin/loci.js');

/** The command as a process, as a person runs it (once: each start takes seconds on this machine). */
async function lociProcess(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [LOCI, ...args], { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** The same command line through the CLI's entry in this process: its output and exit code. */
async function loci(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  try {
    const code = await main(args);
    return { code, stdout: `${out.join('\n')}\n`, stderr: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-compare-'));
  const before = [0.5, 0, 1, 0.5, 0.5, 0, 1, 0.5];
  // the change: one more passage found on six of eight questions, none lost; the default's label changed
  await writeFile(file('new.json'), reportJson(handMadeReport({ methods: { bm25: before, 'naive+hybrid': before.map((v) => Math.min(1, v + 0.5)) }, defaultMethod: 'naive+hybrid' })));
  await writeFile(file('old.json'), reportJson(handMadeReport({ methods: { bm25: before, 'cap-rag+hybrid': before }, defaultMethod: 'cap-rag+hybrid' })));
  await writeFile(file('rgb.json'), reportJson(handMadeReport({ methods: { bm25: before }, defaultMethod: 'bm25', dataset: 'rgb' })));
  await writeFile(file('bench.json'), '{"benchmark": "core", "query": []}\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loci compare', () => {
  it('prints the paired table of two runs: the shared methods and the default against the default', async () => {
    const { code, stdout } = await lociProcess('compare', file('new.json'), file('old.json'));
    expect(code).toBe(0);
    expect(stdout).toContain(`Paired comparison, hotpotqa dev: ${file('new.json')} minus ${file('old.json')} (embedder e)`);
    expect(stdout).toContain('| bm25 | Recall@5 | 8 | 0 | 0 | 8 | 0.00 | [0.00, 0.00] | – |');
    expect(stdout).toMatch(/^\| default: naive\+hybrid vs cap-rag\+hybrid \| Recall@5 \| 8 \| 6 \| 0 \| 2 \| \+37\.50 \| \[\+[\d.]+, \+[\d.]+\] \| better \|$/m);
    expect(stdout).toMatch(/^\| default: naive\+hybrid vs cap-rag\+hybrid \| nDCG@10 \|/m);
  });

  it('compares two methods of one run, and only the metrics asked for', async () => {
    const { code, stdout } = await loci('compare', file('new.json'), '--method', 'bm25', '--versus', 'default', '--metrics', 'recall@5');
    expect(code).toBe(0);
    expect(stdout).toContain('each row\'s first method minus its second');
    const rows = stdout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Method'));
    expect(rows).toEqual([expect.stringMatching(/^\| bm25 vs naive\+hybrid \| Recall@5 \| 8 \| 0 \| 6 \| 2 \| -37\.50 \| .* \| worse \|$/)]);
  });

  it('refuses a foreign file, another dataset and a missing method by name, with exit code 1', async () => {
    const foreign = await loci('compare', file('new.json'), file('bench.json'));
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain(`loci compare: ${file('bench.json')}: not a \`loci eval --json\` result`);
    const other = await loci('compare', file('new.json'), file('rgb.json'));
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`loci compare: ${file('rgb.json')}: a run on rgb dev, not hotpotqa dev`);
    const method = await loci('compare', file('new.json'), file('old.json'), '--method', 'raptor');
    expect(method.code).toBe(1);
    expect(method.stderr).toContain(`${file('new.json')}: no method "raptor" (it has bm25, naive+hybrid)`);
  });

  it('says how to use one file, and lists itself in the help', async () => {
    const one = await loci('compare', file('new.json'));
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/loci compare: one file compares two of its methods: give --versus/);
    const help = await loci('compare', '--help');
    expect(help.stdout).toMatch(/^loci compare <a\.json> \[<b\.json>\]/);
    for (const option of ['--method', '--versus', '--metrics']) expect(help.stdout).toContain(option);
    expect((await loci('--help')).stdout).toMatch(/^loci compare /m);
  });
});

/**
 * The README's command-line recipe, run as written in a folder of its own holding only a copy of
 * `examples/`: each `npx loci` line of "The engine from the command line" that needs nothing but
 * the sample documents (the library exported by an app and the older zip are a reader's own files)
 * works, and the chat model's line works with the models folder it names.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';

const LOCI = path.join(REPO_ROOT, 'bin/loci.js');

let dir = '';

/** The `npx loci …` lines of the README's section `heading`, as argument lists (quoted arguments kept whole). */
async function recipe(heading: string): Promise<string[][]> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(`## ${heading}`));
  const block = section.slice(section.indexOf('```sh') + 5, section.indexOf('```', section.indexOf('```sh') + 5));
  return block
    .split('\n')
    .filter((line) => line.startsWith('npx loci '))
    .map((line) => [...line.slice('npx loci '.length).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]));
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCI_CACHE_DIR: path.join(dir, 'cache') };
  delete env.LOCI_MODELS_DIR;
  return new Promise((resolve) => {
    execFile(process.execPath, [LOCI, ...args], { cwd: dir, env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'loci-readme-'));
  await cp(path.join(REPO_ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the README's command-line recipe", () => {
  it('runs on the sample documents in a fresh folder, with no download', async () => {
    const lines = await recipe('The engine from the command line');
    const own = lines.filter((args) => !args.some((a) => /^loci-library-|\.zip$/.test(a)));
    expect(own.map((args) => args[0])).toEqual(['index', 'ask', 'ask', 'inspect', 'repair', 'ask']);
    expect(own[0]).toContain('use-lite-en');
    for (const args of own) {
      // the models folder the README names is the one beside the repository; here it is MODELS_DIR
      const r = await run(args.map((a) => (a === '../shared/models' ? MODELS_DIR : a)).concat(args.includes('--llm') ? ['--max-new-tokens', '8'] : []));
      expect(r.code, `loci ${args.join(' ')}\n${r.stderr}`).toBe(0);
      if (args[0] === 'ask') expect(r.stdout).toMatch(/\[1\] \S+\.(md|txt)/);
    }
    const descale = await run(['ask', 'manual.loci', 'How often should I descale the kettle?', '--json']);
    expect((JSON.parse(descale.stdout) as { sources: { doc: string }[] }).sources[0].doc).toBe('cleaning-and-descaling.md');
  }, 240_000);
});

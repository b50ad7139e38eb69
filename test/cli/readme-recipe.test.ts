/**
 * The README's command-line recipe, run as written in a folder of its own holding only a copy of
 * `examples/`: each `npx loci` line of "The engine from the command line" that needs nothing but
 * the sample documents (the library exported by an app and the older zip are a reader's own files)
 * works, and the chat model's line works with the models folder it names. The publishing recipe's
 * `loci index` line makes its file there too, where no public/ folder is waiting for it.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';
import { lociCommands, readmeSection, runLociIn } from '../support/readme-recipe.ts';

let dir = '';

/** The `npx loci …` lines of the README's section `heading`, as argument lists. */
async function recipe(heading: string): Promise<string[][]> {
  return lociCommands(await readmeSection(heading));
}

function run(args: string[]) {
  return runLociIn(dir, args);
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

  it("makes the publishing recipe's library file in a folder that has no public/ yet", async () => {
    const section = await readmeSection('Publishing a library with the site');
    const [index] = lociCommands(section);
    expect(index.slice(0, 2)).toEqual(['index', 'examples/docs']);
    const out = index[index.indexOf('--out') + 1];
    expect(out).toBe('public/library.loci');
    // the README's choice with nothing to download, said after the recipe
    expect(section).toContain('`--embedder use-lite-en` downloads nothing');
    const r = await run([...index, '--embedder', 'use-lite-en', '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect((await readFile(path.join(dir, out))).subarray(0, 4).toString()).toBe('LOCI');
  }, 120_000);
});

/**
 * The result pages under docs/results/ are what `npm run docs:results` writes from the run
 * summaries beside them: regenerated into a temporary folder, every page equals the committed one,
 * so a table can never drift from the run it claims to show.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULTS_DIR, ResultFileError, writeResultPages } from '../../scripts/docs-results.ts';
import { writeSummaries } from '../../scripts/docs-summary.ts';

const JSON_DIR = path.join(RESULTS_DIR, 'json');
const temps: string[] = [];
async function temp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loci-results-'));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const pagesIn = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();

describe('docs/results', () => {
  it('holds exactly the pages the command writes from docs/results/json, byte for byte', async () => {
    const out = await temp();
    const written = await writeResultPages(JSON_DIR, out);
    expect(await pagesIn(RESULTS_DIR)).toEqual([...written].sort());
    for (const name of written) {
      const fresh = await readFile(path.join(out, name), 'utf8');
      const committed = await readFile(path.join(RESULTS_DIR, name), 'utf8');
      expect(committed, `docs/results/${name} is stale: run \`npm run docs:results\``).toBe(fresh);
    }
  });

  it('puts runs of one dataset with two embedders on one page, each named in its captions', async () => {
    const [first] = (await readdir(JSON_DIR)).filter((name) => name.startsWith('hotpotqa-'));
    const run = JSON.parse(await readFile(path.join(JSON_DIR, first), 'utf8'));
    const json = await temp();
    await writeFile(path.join(json, 'a.json'), JSON.stringify(run));
    // the same numbers under another embedder's name: this checks grouping and captions, not results
    await writeFile(path.join(json, 'b.json'), JSON.stringify({ ...run, config: { ...run.config, embedder: 'another-embedder' } }));
    const out = await temp();
    expect(await writeResultPages(json, out)).toEqual(['hotpotqa-dev.md', 'README.md']);
    const page = await readFile(path.join(out, 'hotpotqa-dev.md'), 'utf8');
    expect(page.match(/^## embedder /gm)).toHaveLength(2);
    for (const caption of page.split('\n').filter((line) => /^(Retrieval|Recall at a token budget|Δ vs best baseline), /.test(line))) {
      expect(caption).toMatch(/embedder (another-embedder|glove-static-en-100d)/);
    }
    expect(page.indexOf('## embedder another-embedder')).toBeLessThan(page.indexOf('## embedder glove-static-en-100d'));
  });

  it('refuses a JSON file it does not know, naming it, and leaves pages it did not write', async () => {
    const json = await temp();
    const out = await temp();
    await writeFile(path.join(out, 'notes.md'), 'kept\n');
    await writeFile(path.join(json, 'other.json'), '{"hello": 1}');
    await expect(writeResultPages(json, out)).rejects.toThrow(ResultFileError);
    await expect(writeResultPages(json, out)).rejects.toThrow(/^other\.json: not a result/);
    await rm(path.join(json, 'other.json'));
    await cp(path.join(JSON_DIR, (await readdir(JSON_DIR)).find((n) => n.startsWith('hotpotqa-')) as string), path.join(json, 'h.json'));
    await writeResultPages(json, out);
    expect(await readFile(path.join(out, 'notes.md'), 'utf8')).toBe('kept\n');
  });

  it('keeps summaries only: a full run is refused by name, and its summary draws the same page', async () => {
    // every run of the page, each as `loci eval --json` wrote it: per-question results beside the same numbers
    const names = (await readdir(JSON_DIR)).filter((n) => n.startsWith('rgb-'));
    const json = await temp();
    for (const name of names) {
      const summary = JSON.parse(await readFile(path.join(JSON_DIR, name), 'utf8'));
      expect(summary.tool).toBe('loci eval summary');
      expect(summary).not.toHaveProperty('questions');
      const { multiGold: _multiGold, ...numbers } = summary;
      const full = { ...numbers, tool: 'loci eval', questions: [{ id: 'q1', gold: summary.multiGold ? 2 : 1, methods: {} }], tables: {} };
      await writeFile(path.join(json, name), JSON.stringify(full));
    }
    const refused = await writeResultPages(json, await temp()).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(ResultFileError);
    expect((refused as Error).message).toMatch(/^rgb-.*\.json: a full `loci eval --json` run.*`npm run docs:summary/);

    const summaries = await temp();
    await writeSummaries(names.map((name) => path.join(json, name)), summaries);
    const out = await temp();
    await writeResultPages(summaries, out);
    expect(await readFile(path.join(out, 'rgb-dev.md'), 'utf8')).toBe(await readFile(path.join(RESULTS_DIR, 'rgb-dev.md'), 'utf8'));
  });
});

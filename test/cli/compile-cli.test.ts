/**
 * bin/compile-cli.js: the CLI compiled once, compiled again when a source it was built from
 * changes, and each module's own URL kept (a module that finds a file beside itself still finds it).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module of the CLI's entry, typed by its use here
import { compiledCli } from '../../bin/compile-cli.js';

const project = mkdtempSync(path.join(tmpdir(), 'loci-compile-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
}

type Cli = { main(args: string[]): Promise<number>; where: string; said: string };

/** Imports the compiled module afresh (a query string makes Node load the file again). */
async function load(url: string): Promise<Cli> {
  return (await import(`${url}?${statSync(new URL(url)).mtimeMs}`)) as Cli;
}

describe('the compiled CLI', () => {
  it('is compiled from the sources, again only when one changes, with each module’s own URL', async () => {
    write('src/cli/words.ts', "export const said: string = 'first';\n");
    write('src/cli/place.ts', 'export const where: string = import.meta.url;\n');
    write('src/cli/main.ts', "export { said } from './words.ts';\nexport { where } from './place.ts';\nexport async function main(args: string[]): Promise<number> { return args.length; }\n");

    const url = (await compiledCli(project)) as string;
    expect(url).toBe(pathToFileURL(path.join(project, 'node_modules/.cache/loci-cli/main.mjs')).href);
    const first = await load(url);
    expect(first.said).toBe('first');
    expect(await first.main(['a', 'b'])).toBe(2);
    expect(first.where).toBe(pathToFileURL(path.join(project, 'src/cli/place.ts')).href);

    const compiledAt = statSync(new URL(url)).mtimeMs;
    await compiledCli(project);
    expect(statSync(new URL(url)).mtimeMs).toBe(compiledAt);

    write('src/cli/words.ts', "export const said: string = 'second';\n");
    // a later modification time, whatever the file system's clock resolution
    utimesSync(path.join(project, 'src/cli/words.ts'), new Date(), new Date(Date.now() + 5_000));
    await compiledCli(project);
    expect((await load(url)).said).toBe('second');
  });
});

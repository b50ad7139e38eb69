/**
 * Settings › Import library with a file the CLI made with another embedder than the app's (GloVe,
 * where the app runs the tiny lexical BERT of `?models=local`): into an empty library the file
 * brings its embedder, and a question finds its passages as `loci ask` does; into a library with
 * documents, the page asks, naming both models: "Keep my library" changes nothing, "Replace my
 * library" leaves the file's documents in it, searched with the file's embedder.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MODELS_DIR, REPO_ROOT } from '../support/paths.ts';
import { ask, docRow, importLibraryFile, openRecordedApp, waitForStatus } from './support/app-page.ts';
import { useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const LOCI = path.join(REPO_ROOT, 'bin/loci.js');
const DOCS = path.join(REPO_ROOT, 'examples/docs');
const FILE_EMBEDDER = 'glove-static-en-100d';
const APP_EMBEDDER = 'tiny-lexical-bert-zh';
const NAMES = ['cleaning-and-descaling.md', 'getting-started.md', 'troubleshooting.md', 'warranty.txt'];
const QUESTION = 'How often should I descale the kettle?';
const OWN = memoryFile('otter-notes.md', 'text/markdown', Buffer.from('# Otter notes\n\nRiver otters hold their favourite stones in a pouch of loose skin under the forearm.\n'));

let scratch = '';
let file = '';

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'loci-import-'));
  file = path.join(scratch, 'manual.loci');
  await promisify(execFile)(process.execPath, [LOCI, 'index', DOCS, '--out', file, '--embedder', FILE_EMBEDDER, '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT });
}, 180_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The document `loci ask` finds first for `question` in the file. */
async function cliFirstDoc(question: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [LOCI, 'ask', file, question, '--json', '--models', MODELS_DIR, '-q'], { cwd: REPO_ROOT });
  return (JSON.parse(stdout) as { sources: { doc: string }[] }).sources[0].doc;
}

/** The library's rows: name → status. */
function rows(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('[data-testid="doc-row"]')].map((row) => [row.querySelector('.name')?.textContent?.trim() ?? '', row.getAttribute('data-status') ?? ''])),
  );
}

/** The name of the document the last answer's first source comes from. */
async function firstSourceName(page: Page): Promise<string> {
  const docId = await page.locator('article.turn').last().locator('[data-testid="source"][data-n="1"]').first().getAttribute('data-doc');
  return (await page.locator(`[data-testid="doc-row"][data-doc-id="${docId}"] .name`).textContent())?.trim() ?? '';
}

/** Every document of the file ready, and nothing else listed. */
async function holdsTheFile(page: Page): Promise<void> {
  for (const name of NAMES) await waitForStatus(page, name, 'ready');
  expect(Object.keys(await rows(page)).sort()).toEqual(NAMES);
}

function embedderSetting(page: Page): Promise<string> {
  return page.locator('[data-testid="settings-embedder"]').inputValue();
}

describe('importing a library file made with another embedder', () => {
  it('into an empty library: imported, the embedder switched, and a question finds its passages', async () => {
    const { page, recorded } = await openRecordedApp(browser(), baseURL);
    await importLibraryFile(page, file);
    await page.locator('[data-testid="notice"]', { hasText: `The search model is now ${FILE_EMBEDDER}, the one the file was indexed with.` }).waitFor();
    await holdsTheFile(page);
    expect(await embedderSetting(page)).toBe(FILE_EMBEDDER);
    await page.click('[data-testid="open-settings"]');
    await ask(page, QUESTION);
    expect(await firstSourceName(page)).toBe(await cliFirstDoc(QUESTION));
    await recorded.context.close();
  });

  it('into a library with documents: asks with both names; Keep changes nothing, Replace brings the file in', async () => {
    const { page, recorded } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', [OWN]);
    await waitForStatus(page, OWN.name, 'ready');

    await importLibraryFile(page, file);
    const choice = page.locator('[data-testid="import-choice"]');
    await choice.waitFor();
    const words = (await choice.textContent()) ?? '';
    expect(words).toContain(`This file was indexed with ${FILE_EMBEDDER}, your library with ${APP_EMBEDDER}.`);
    expect(words).toContain('deletes your 1 document and your collections');
    // the safe choice has the focus
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('import-keep');

    await page.click('[data-testid="import-keep"]');
    await page.locator('[data-testid="notice"]', { hasText: 'Nothing was imported: your library is as it was.' }).waitFor();
    await choice.waitFor({ state: 'detached' });
    expect(await rows(page)).toEqual({ [OWN.name]: 'ready' });
    expect(await embedderSetting(page)).toBe(APP_EMBEDDER);

    await page.setInputFiles('[data-testid="import-library"]', file);
    await choice.waitFor();
    await page.click('[data-testid="import-replace"]');
    await page.locator('[data-testid="notice"]', { hasText: `The search model is now ${FILE_EMBEDDER}` }).waitFor();
    await holdsTheFile(page);
    await docRow(page, OWN.name).waitFor({ state: 'detached' });
    expect(await embedderSetting(page)).toBe(FILE_EMBEDDER);
    await page.click('[data-testid="open-settings"]');
    await ask(page, QUESTION);
    expect(await firstSourceName(page)).toBe(await cliFirstDoc(QUESTION));
    await recorded.context.close();
  });
});

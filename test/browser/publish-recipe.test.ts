/**
 * The README's "Publishing a library with the site", done as it is written: its `loci index` line
 * run in a folder outside the repository holding a copy of examples/ (with the embedder the README
 * names as downloading nothing), its `npm run build` with LOCI_SITE_LIBRARY naming that folder's
 * file, and the build served with the isolation headers (support/server.ts). A visitor's Chromium
 * then: a first visit answers the README's question from the site's document; the visitor drops in
 * their own copy of a site document; offline, a reload has it all without a download; the
 * publisher indexes again into a new file, one document dropped, one added, all in a collection of
 * their own (`--collection`), and builds again; the next visit has the added document, keeps the
 * visitor's copy of the dropped one as theirs, and brings no publisher collection; a new visitor
 * whose app cannot download its own default embedder starts on the file's, which the manifest
 * names, never asks for its own, and finds the site's document. Last, the host answers a new version's file with its web page: the visitor is told, and the good copy
 * stays, offline too.
 *
 * Each publication is one production build of its own, as the README says (nothing is written into
 * the build by hand): two in all. Only the web page in place of the file is put on the host by hand
 * (support/site-as-is.ts), as a host's fallback would answer.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDER, getModel } from '../../src/models/registry.ts';
import { REPO_ROOT } from '../support/paths.ts';
import { lociCommands, readmeSection, runLociIn, shCommands } from '../support/readme-recipe.ts';
import { appStarted, ask, docRow, openApp } from './support/app-page.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';
import { HostedSite } from './support/hosted-site.ts';
import { manifestOf, placeSiteLibrary } from './support/site-as-is.ts';
import { lastSources, noticeWith, rows, sitePhase, TURN } from './support/site-visit.ts';

/** The documents of the first publication: the README's samples. */
const DOCS = ['cleaning-and-descaling.md', 'getting-started.md', 'troubleshooting.md', 'warranty.txt'];
/** The document the publisher drops, of which the visitor keeps a copy of their own. */
const DROPPED = 'warranty.txt';
/** The document the publisher adds. */
const ADDED = {
  name: 'storing-the-kettle.md',
  text: '# Storing the kettle\n\nBefore putting the kettle away for the winter, empty it, let the inside dry for a day with the lid open, and keep it upright in a dry cupboard, never in a damp garage or shed.\n',
};
/** A question only the added document answers. */
const STORE_QUESTION = 'How should I store the kettle over the winter?';
/** The publisher's collection of the second publication. */
const PUBLISHER_COLLECTION = 'Kettle manual';
/** The site's collection, as the README names it. */
const SITE_COLLECTION = "This site's library";
/**
 * The visitor's app: the site's own models folder for the chat model (the hub is out of reach
 * here), with USE-Lite, the file's embedder, as the session's embedder. `models=local` alone puts
 * the tiny test embedder back at every start, which would index the site's library again on each
 * reload; the app's own default (multilingual-e5-small) cannot be downloaded here.
 */
const VISIT = 'models=local&embedder=use-lite-en&reply=32';

const browser = useBrowser();
/** The publisher's folder, outside the repository. */
let dir = '';
/** The built site's folder. */
let site = '';
/** The built site, served. */
let hosted: HostedSite | undefined;
/** The README's recipe: its `loci index` arguments, its build command, and the options that make the file with no download. */
const recipe = { index: [] as string[], build: [] as string[], noDownload: [] as string[], out: '' };
/** Questions of the README's command-line examples: the descaling one, the warranty one. */
const questions = { descale: '', warranty: '' };

/** Runs the README's `loci index` line in the publisher's folder (with the README's no-download embedder and `extra`), then its build. */
async function publish(extra: string[] = []): Promise<void> {
  const made = await runLociIn(dir, [...recipe.index, ...recipe.noDownload, ...extra, '-q']);
  if (made.code !== 0) throw new Error(`loci ${recipe.index.join(' ')} failed:\n${made.stderr}`);
  // the build of the repository, naming the publisher's file as the README says; the site goes to a folder of this test's own
  const env: NodeJS.ProcessEnv = { ...process.env, LOCI_SITE_LIBRARY: path.join(dir, recipe.out) };
  // a publisher's shell: no test run's settings (the harness pages, test models allowed, NODE_ENV=test)
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'NODE_ENV') delete env[name];
  delete env.LOCI_TEST_HARNESS;
  delete env.LOCI_SITE_LIBRARY_ALLOW_TEST_MODELS;
  const [command, ...args] = recipe.build;
  await promisify(execFile)(command, [...args, '--', '--outDir', site, '--emptyOutDir', '--logLevel', 'warn'], { cwd: REPO_ROOT, env, maxBuffer: 16 << 20 });
}

/** The site's library files (`site-library/<hash>.loci`, as the README names them) the browser keeps in Cache Storage. */
function keptLibraryFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const file = /\/(site-library\/[^/]+\.loci)$/.exec(new URL(request.url).pathname)?.[1];
        if (file) kept.push(file);
      }
    }
    return kept;
  });
}

/** The documents the site's collection marks as the visitor's own too, as stored. */
function ownOfSite(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('loci');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('collections').objectStore('collections').getAll();
          all.onerror = () => (open.result.close(), reject(all.error));
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as { site?: { own?: string[] } }[]).flatMap((c) => c.site?.own ?? []));
          };
        };
      }),
  );
}

function collectionNames(page: Page): Promise<(string | null)[]> {
  return page.locator('[data-testid="collection-row"]').evaluateAll((all) => all.map((row) => row.getAttribute('data-name')));
}

/** The page reloaded, started, and the site's library in `phase`. */
async function reload(page: Page, phase: string): Promise<void> {
  await page.reload();
  await appStarted(page);
  await sitePhase(page, phase);
}

beforeAll(async () => {
  const section = await readmeSection('Publishing a library with the site');
  const [index] = lociCommands(section);
  const build = shCommands(section).find((args) => args[0] === 'npm');
  const noDownload = /`(--embedder [^`]+)` downloads nothing/.exec(section)?.[1];
  if (!index || !build || !noDownload) throw new Error("README.md's publishing recipe has no `loci index` line, no build, or no embedder that downloads nothing");
  Object.assign(recipe, { index, build, noDownload: noDownload.split(' '), out: index[index.indexOf('--out') + 1] });
  const examples = lociCommands(await readmeSection('The engine from the command line')).filter((args) => args[0] === 'ask');
  questions.descale = examples.find((args) => args.includes('--in') === false)?.[2] ?? '';
  questions.warranty = examples.find((args) => args.includes('--in'))?.[2] ?? '';

  dir = await mkdtemp(path.join(tmpdir(), 'loci-publisher-'));
  site = path.join(dir, 'site');
  await cp(path.join(REPO_ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
  await publish();
  hosted = await HostedSite.serve(site);
}, 600_000);

afterAll(async () => {
  await hosted?.down();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the README's publishing recipe, visited", () => {
  it("is answered from, kept offline, updated without the publisher's collection or the visitor's copy lost, and kept when the host sends a web page", async () => {
    expect(recipe.index).toEqual(['index', 'examples/docs', '--out', 'public/library.loci']);
    expect(recipe.noDownload).toEqual(['--embedder', 'use-lite-en']);
    expect(questions).toEqual({ descale: 'How often should I descale the kettle?', warranty: 'What does the warranty cover?' });
    const recorded = await recordedContext(browser(), { serviceWorker: true });
    const page = await recorded.newPage();

    // First visit: the site's documents, and the README's question answered from one of them.
    const added = noticeWith(page, `The site's library was added: ${DOCS.length} documents`);
    await openApp(page, hosted!.url, VISIT);
    await added;
    await sitePhase(page, 'current');
    const first = await rows(page);
    expect(Object.keys(first).sort()).toEqual(DOCS);
    expect(Object.values(first).every((row) => row.site)).toBe(true);
    expect(await collectionNames(page)).toEqual([SITE_COLLECTION]);
    await ask(page, questions.descale);
    expect((await lastSources(page))[0]?.doc).toBe(first['cleaning-and-descaling.md'].id);

    // The visitor drops in their own copy of a site document: one row still, and theirs too.
    await page.setInputFiles('[data-testid="file-input"]', memoryFile(DROPPED, 'text/plain', await readFile(path.join(REPO_ROOT, 'examples/docs', DROPPED))));
    await expect.poll(() => ownOfSite(page), { timeout: 120_000 }).toEqual([first[DROPPED].id]);
    expect(await page.locator('[data-testid="doc-row"]').count()).toBe(DOCS.length);

    // Offline: a reload has the library, downloads nothing and answers from it.
    await hosted!.offline(recorded.context);
    const offlineFrom = recorded.requests.length;
    await reload(page, 'current');
    expect(recorded.requests.slice(offlineFrom).filter((url) => url.includes('/site-library/'))).toEqual([]);
    expect(await rows(page)).toEqual(first);
    await ask(page, questions.warranty);
    expect((await lastSources(page))[0]?.doc).toBe(first[DROPPED].id);

    // The publisher drops a document, adds one, and indexes them anew (the README: a run on the
    // same file removes none) into a collection of their own, then builds again.
    await rm(path.join(dir, 'examples/docs', DROPPED));
    await writeFile(path.join(dir, 'examples/docs', ADDED.name), ADDED.text);
    await rm(path.join(dir, recipe.out));
    await publish(['--collection', PUBLISHER_COLLECTION]);
    // the file holds the publisher's collection: the visitor's app is what leaves it out
    const inCollection = await runLociIn(dir, ['ask', recipe.out, STORE_QUESTION, '--in', PUBLISHER_COLLECTION, '-q']);
    expect(inCollection.code, inCollection.stderr).toBe(0);
    await hosted!.reloadUpdated(recorded.context, page);
    const second = await rows(page);
    expect(Object.keys(second).sort()).toEqual([...DOCS, ADDED.name].sort());
    expect(second[ADDED.name].site).toBe(true);
    // the visitor's copy of the dropped document stays, theirs alone now, and deletable
    expect(second[DROPPED]).toEqual({ id: first[DROPPED].id, site: false });
    expect(await docRow(page, DROPPED).locator('[data-testid="delete-doc"]').count()).toBe(1);
    expect(await collectionNames(page)).toEqual([SITE_COLLECTION]);
    await ask(page, STORE_QUESTION);
    expect((await lastSources(page))[0]?.doc).toBe(second[ADDED.name].id);

    // A new visitor's app as deployed, whose own default embedder cannot be downloaded here: the
    // library is empty, so it starts on the embedder the manifest names, which the site serves,
    // never asks for its own default, and has the library.
    expect(JSON.parse(await readFile(path.join(site, 'site-library.json'), 'utf8'))).toMatchObject({ embedder: 'use-lite-en' });
    const plain = await recordedContext(browser());
    const plainPage = await plain.newPage();
    const plainAdded = noticeWith(plainPage, `The site's library was added: ${DOCS.length} documents`);
    await openApp(plainPage, hosted!.url, '');
    await plainAdded;
    const plainRows = await rows(plainPage);
    expect(Object.keys(plainRows).sort()).toEqual([...DOCS.filter((name) => name !== DROPPED), ADDED.name].sort());
    expect(Object.values(plainRows).every((row) => row.site)).toBe(true);
    expect(offMachine(plain.requests).every((url) => new URL(url).hostname === 'huggingface.co')).toBe(true);
    expect(plain.requests.filter((url) => url.includes(getModel(DEFAULT_EMBEDDER).repo))).toEqual([]);
    expect(plain.shown.filter((text) => text.includes('could not be downloaded'))).toEqual([]);
    // the site's document found for the README's question (the chat model cannot be downloaded here: the sources are the answer)
    await plainPage.fill('[data-testid="question"]', questions.descale);
    await plainPage.click('[data-testid="ask"]');
    await plainPage.locator(TURN).last().locator('[data-testid="source"]').first().waitFor({ state: 'attached', timeout: 120_000 });
    expect((await lastSources(plainPage))[0]?.doc).toBe(plainRows['cleaning-and-descaling.md'].id);
    await plain.context.close();

    // The host answers a new version's file with its web page: told, refused, and the good copy kept.
    const published = JSON.parse(await readFile(path.join(site, 'site-library.json'), 'utf8')) as { file: string };
    const missing = manifestOf(Buffer.concat([await readFile(path.join(dir, recipe.out)), Buffer.from([0])]));
    await placeSiteLibrary(site, missing, { name: missing.file, bytes: await readFile(path.join(site, 'index.html')) });
    const webPage = noticeWith(page, 'the site answered with a web page instead of its library file');
    await page.reload();
    await appStarted(page);
    await webPage;
    await sitePhase(page, 'refused');
    expect(await rows(page)).toEqual(second);
    const kept = await keptLibraryFiles(page);
    expect(kept).toContain(published.file);
    expect(kept).not.toContain(missing.file);
    // offline, the kept version is the site's library still
    await hosted!.offline(recorded.context);
    await reload(page, 'current');
    expect(await rows(page)).toEqual(second);

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  }, 480_000);
});

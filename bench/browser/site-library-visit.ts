/**
 * A site that publishes the large library (bench/browser/library.ts), visited by a browser that
 * never saw it: what the visit downloads (the library file's bytes an entry, apart from the
 * originals it carries, and the app's own files), how long the download and the import take, and
 * download end → first sources. The in-run baseline: the same file imported through Settings in
 * another fresh profile, file chosen → first sources. Every request of both is recorded; one that
 * leaves the machine is reported, as the issue asks of a visit (the site's own files only).
 */
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { publishSiteLibrary } from '../../build/site-library-publish.ts';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { SITE_LIBRARY_FOLDER, SITE_LIBRARY_MANIFEST } from '../../src/protocol/site-library-manifest.ts';
import { offMachine } from '../../test/browser/support/browser.ts';
import { appStarted } from '../../test/browser/support/app-page.ts';
import { startPreview } from '../../test/browser/support/server.ts';
import { withProfile } from './browser-profile.ts';
import { MEMORY_SWITCHES } from './tab-memory.ts';

export interface SiteLibraryResult {
  entries: number;
  documents: number;
  /** The published file, and the originals it carries (each document's bytes as indexed). */
  fileBytes: number;
  originalBytes: number;
  visit: SiteVisitTiming & {
    /** Bytes the server sent for the library file during the visit, as sent (vite's preview compresses it; a second download would show here). */
    libraryBytes: number;
    /** Bytes the server sent for everything else: the app, its precache, the tiny models. */
    appBytes: number;
    /** The library file's bytes an entry, the originals left out (what a server that does not compress sends). */
    bytesPerEntry: number;
  };
  /** The same file imported through Settings in a fresh profile. */
  imported: { startedMs: number; importMs: number; sourcesMs: number };
  /** Requests of either browser that left the machine (none expected). */
  offMachine: string[];
}

/** When the visit's steps happened, ms from navigation. */
interface SiteVisitTiming {
  startedMs: number;
  downloadStartMs: number;
  downloadEndMs: number;
  /** The site's documents listed and searchable: the `saving` phase (stored behind the search), or `current` when none came first. */
  searchableMs: number;
  /** Stored: the `current` phase. */
  currentMs: number;
  sourcesMs: number;
}

/** Bytes the server sent, by request path. */
type Served = Map<string, number>;

export async function benchSiteLibrary(browser: Browser, buildDir: string, library: { file: string; questions: string[] }, log: (line: string) => void): Promise<SiteLibraryResult> {
  const snapshot = await decodeIndex(new Uint8Array(await readFile(library.file)));
  const count = (records: { entries: unknown[] }[]) => records.reduce((n, r) => n + r.entries.length, 0);
  const entries = count(snapshot.documents) + count(snapshot.groups);
  const originalBytes = (snapshot.originals ?? []).reduce((n, o) => n + o.bytes.length, 0);

  // a copy of the bench's build with the library published in it, as `LOCI_SITE_LIBRARY=FILE npm run build` does
  const site = path.resolve(buildDir, '..', 'site');
  await rm(site, { recursive: true, force: true });
  await cp(buildDir, site, { recursive: true });
  // the bench library is indexed with the tiny test model, which the build refuses to publish by default
  const manifest = await publishSiteLibrary(library.file, site, { allowTestModels: true });
  log(`site library: ${snapshot.documents.length} documents, ${entries} entries, ${(manifest.bytes / 1e6).toFixed(1)} MB published (originals ${(originalBytes / 1e6).toFixed(1)} MB)`);

  const served: Served = new Map();
  const server = await startPreview(site, undefined, (url, bytes) => served.set(url, (served.get(url) ?? 0) + bytes));
  const requests: string[] = [];
  const question = library.questions[3];
  /** The app opened in a fresh profile on disk, its steps watched from the page's first script: `use` given the page once the app started. */
  const freshVisit = <T>(use: (page: Page, startedMs: number) => Promise<T>): Promise<T> =>
    withProfile({ onDisk: true, browser, extraArgs: MEMORY_SWITCHES, setup: async (context) => void context.on('request', (r) => requests.push(r.url())) }, async ({ context }) => {
      const page = await context.newPage();
      await watchVisit(page);
      const t0 = Date.now();
      await page.goto(`${server.url}/?models=local&reply=32`);
      await appStarted(page, 300_000);
      return use(page, Date.now() - t0);
    });
  try {
    const visit = await freshVisit(async (page, startedMs): Promise<SiteVisitTiming> => {
      // asked as soon as a person can: once the site's documents are listed and searchable
      await page.waitForSelector('[data-site-phase="saving"], [data-site-phase="current"]', { state: 'attached', timeout: 900_000 });
      await askOnce(page, question);
      await page.waitForSelector('[data-site-phase="current"]', { state: 'attached', timeout: 900_000 });
      const seen = await visitSeen(page);
      const searchableMs = Math.min(seen.saving ?? Infinity, seen.current);
      log(`visit: app ready ${(startedMs / 1000).toFixed(2)} s, download ${(seen.downloading / 1000).toFixed(2)} → ${(seen.importing / 1000).toFixed(2)} s, searchable ${(searchableMs / 1000).toFixed(2)} s, stored ${(seen.current / 1000).toFixed(2)} s, first sources ${(seen.sources / 1000).toFixed(2)} s`);
      return { startedMs, downloadStartMs: seen.downloading, downloadEndMs: seen.importing, searchableMs, currentMs: seen.current, sourcesMs: seen.sources };
    });
    const libraryBytes = [...served].filter(([url]) => url.startsWith(`/${SITE_LIBRARY_FOLDER}`)).reduce((n, [, b]) => n + b, 0);
    const appBytes = [...served].reduce((n, [, b]) => n + b, 0) - libraryBytes;

    // the baseline: a fresh profile on a site without a library, the same file chosen in Settings
    await rm(path.join(site, SITE_LIBRARY_MANIFEST), { force: true });
    const imported = await freshVisit(async (page, startedMs): Promise<SiteLibraryResult['imported']> => {
      await page.click('[data-testid="open-settings"]');
      const chosen = await page.evaluate(() => performance.now());
      await page.setInputFiles('[data-testid="import-library"]', library.file);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notice"]')].some((n) => n.textContent?.includes('Library imported')), undefined, { timeout: 900_000, polling: 50 });
      const importEnd = await page.evaluate(() => performance.now());
      await page.keyboard.press('Escape');
      await askOnce(page, question);
      const seen = await visitSeen(page);
      const timing = { startedMs, importMs: importEnd - chosen, sourcesMs: seen.sources - chosen };
      log(`import: chosen → imported ${(timing.importMs / 1000).toFixed(2)} s, → first sources ${(timing.sourcesMs / 1000).toFixed(2)} s`);
      return timing;
    });
    return {
      entries,
      documents: snapshot.documents.length,
      fileBytes: manifest.bytes,
      originalBytes,
      visit: { ...visit, libraryBytes, appBytes, bytesPerEntry: (manifest.bytes - originalBytes) / entries },
      imported,
      offMachine: offMachine(requests),
    };
  } finally {
    await server.close();
    await rm(site, { recursive: true, force: true });
  }
}

/** Records, from the page's first script on, when the library pane's phase first took each value and when the first source showed. */
async function watchVisit(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { visitSeen: Record<string, number> }).visitSeen = seen;
    new MutationObserver(() => {
      const phase = document.querySelector('[data-site-phase]')?.getAttribute('data-site-phase');
      if (phase) seen[phase] ??= performance.now();
      if (document.querySelector('[data-testid="source"]')) seen.sources ??= performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-site-phase'] });
  });
}

function visitSeen(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => (window as unknown as { visitSeen: Record<string, number> }).visitSeen);
}

async function askOnce(page: Page, question: string): Promise<void> {
  await page.fill('[data-testid="question"]', question);
  await page.click('[data-testid="ask"]');
  await page.waitForSelector('[data-testid="source"]', { timeout: 120_000 });
}

/**
 * Offline after the first visit: the service worker has precached the app shell, the workers and
 * ONNX Runtime's wasm; transformers.js has cached the models. With the server gone and the browser
 * offline, a reload opens the app, the library is there, and a question is answered. A library the
 * site publishes (build/site-library-publish.ts) is not precached, but kept once read, and read offline.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteLibraryManifest } from '../../src/protocol/site-library-manifest.ts';
import { SITE_LIBRARY_CACHE } from '../../workers/sw/site-library-offline.ts';
import { appStarted, ask, openApp, statuses, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { OUT_DIR, startPreview, type PreviewServer } from './support/server.ts';
import { manifestOf, placeSiteLibrary } from './support/site-as-is.ts';

const NAME = '数据安全法_2021.md';
const browser = useBrowser();
// A server of its own, so that cutting the network can mean stopping the server for real.
let server: PreviewServer | undefined;
/** A site library put into this test's copy of the build as it is: not a library file, which the build would refuse (tested in Node). */
let library: SiteLibraryManifest;
let scratch = '';

beforeAll(async () => {
  // A copy of the tests' build: the shared one is read by other files' tests at the same time,
  // and the app now brings in any library a site publishes (site-library.test.ts).
  scratch = await mkdtemp(path.join(tmpdir(), 'loci-offline-'));
  const site = path.join(scratch, 'site');
  await cp(OUT_DIR, site, { recursive: true });
  // Not a library file: the app refuses it with a notice, and still opens the visitor's own library.
  const bytes = randomBytes(256 * 1024);
  // never a '<' first: the page would take it for a web page, not a foreign file
  bytes[0] = 0;
  library = manifestOf(bytes);
  await placeSiteLibrary(site, library, { name: library.file, bytes });
  server = await startPreview(site);
});

afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The site library as the page reads it: the manifest, and the SHA-256 of the file it names. */
function readSiteLibrary(page: Page): Promise<{ manifest: unknown; sha256: string }> {
  return page.evaluate(async () => {
    const manifest = (await (await fetch('./site-library.json')).json()) as { file: string };
    const bytes = await (await fetch(`./${manifest.file}`)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    return { manifest, sha256: [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('') };
  });
}

describe('offline after the first visit', () => {
  it('reloads and answers with the server stopped and the browser offline', async () => {
    const recorded = await recordedContext(browser(), { serviceWorker: true });
    const page = await recorded.newPage();
    await openApp(page, server!.url);
    // The service worker installed (precache complete) and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // installed without the site library: it is fetched when read (the app reads it at start), then kept (manifest and file)
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of (await caches.keys()).filter((key) => key.includes('precache'))) urls.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
      return urls;
    });
    expect(precached.length).toBeGreaterThan(0);
    expect(precached.filter((url) => url.includes('site-library'))).toEqual([]);
    expect(await readSiteLibrary(page)).toEqual({ manifest: library, sha256: library.sha256 });
    // kept once the manifest is the one given offline, beside its file and nothing else
    await page.waitForFunction(
      async (name) => {
        const cache = await caches.open(name);
        return (await cache.match('./site-library.json')) !== undefined && (await cache.keys()).length === 2;
      },
      SITE_LIBRARY_CACHE,
      { polling: 100 },
    );

    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, NAME, 'ready');
    await ask(page, '数据处理者应当履行哪些数据安全保护义务？');
    const online = recorded.requests.length;

    await server!.close();
    server = undefined;
    await recorded.context.setOffline(true);
    await page.reload();
    await appStarted(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await waitForStatus(page, NAME, 'ready');
    expect(await statuses(page)).toEqual({ [NAME]: 'ready' });
    await ask(page, '国家对数据实行什么保护制度？');
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'offline-answer');
    expect(await readSiteLibrary(page), 'the site library, offline').toEqual({ manifest: library, sha256: library.sha256 });

    // Whatever was still requested offline was answered by the service worker or a cache.
    expect(recorded.requests.length).toBeGreaterThan(online);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

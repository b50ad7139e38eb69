/**
 * Debian's Chromium through playwright-core, as ENVIRONMENT.md describes: SwiftShader WebGPU on
 * request, and every host but localhost unresolvable so an off-machine request fails fast. Each
 * context records every request its pages, workers and service worker make.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { bareErrorName, watchNotices } from './notice-words.ts';
import { launchOptions, TEST_SWITCHES } from './chromium.ts';
import { HANG_MS } from './limits.ts';
import { timedPhase } from './timing.ts';

export { CHROMIUM, launchOptions } from './chromium.ts';

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs));
}

/**
 * The Chromium of the whole run, for a test file: the global setup launched it (a server,
 * global-setup.ts) and each file connects to it before its tests, and disconnects after them,
 * which closes every context the file made. Contexts share nothing (cookies, storage, caches,
 * service workers), so a file still starts from a browser with no state of its own; a file run
 * alone without the global setup's server launches its own. Returns the browser's getter, for
 * inside the tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const endpoint = inject('browserEndpoint');
    browser = await timedPhase(endpoint ? 'chromium connect' : 'chromium start', () => (endpoint ? chromium.connect(endpoint) : launchBrowser(TEST_SWITCHES)));
  });
  // whatever a test was about, no alert or notice it showed may be a bare error name
  afterEach(() => {
    const shown = recordedThisTest.splice(0).flatMap((recorded) => recorded.shown);
    expect(shown.filter(bareErrorName), 'alerts and notices that show an error name instead of a sentence').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the tests, not while the file loads');
    return browser;
  };
}

/** The contexts recorded since the last test ended, whose notices useBrowser checks. */
const recordedThisTest: Recorded[] = [];

export interface Recorded {
  context: BrowserContext;
  /** Every URL requested so far, by pages, their workers and the service worker. */
  requests: string[];
  /** The part of `requests` the service worker made (its precache downloads, its fetches). */
  serviceWorkerRequests: string[];
  /** Console errors and uncaught page errors, for diagnosing a failure. */
  errors: string[];
  /** `status url` of every response with an error status. */
  failed: string[];
  /** Each distinct text shown as an alert or a notice (notice-words.ts). */
  shown: string[];
  newPage(): Promise<Page>;
}

export interface ContextOptions {
  /**
   * Whether the app's service worker may install. Only the files that test it, or what rests on
   * it (offline, the precache, the site's library kept offline, the policy it gives workers, the
   * app end to end, OCR's offline files) let it: installing it downloads its whole precache into
   * every fresh context, a large share of a small file's CPU
   * ([record](../../../docs/decisions/2026-12-02-test-suite-time.md#what-was-changed-and-why)).
   */
  serviceWorker?: boolean;
}

/** Contexts made directly (another locale, a phone's viewport) block the service worker as recordedContext does. */
export const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/**
 * A context whose every step waits for what it waits for until only a hang could be the reason
 * (limits.ts), not Playwright's 30 s: beside two other test files on one or two slow cores, a
 * clustering or a page draw that takes seconds alone can take minutes.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(HANG_MS);
  return context;
}

export async function recordedContext(browser: Browser, options: ContextOptions = {}): Promise<Recorded> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 860 }, ...(options.serviceWorker ? {} : NO_SERVICE_WORKER) });
  const requests: string[] = [];
  const errors: string[] = [];
  const failed: string[] = [];
  const serviceWorkerRequests: string[] = [];
  const shown: string[] = [];
  await watchNotices(context, shown);
  context.on('request', (request) => {
    requests.push(request.url());
    if (request.serviceWorker()) serviceWorkerRequests.push(request.url());
  });
  context.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      // The browser's own favicon probe is not a request the app makes.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
        errors.push(`${message.text()} ${message.location().url}`.trim());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
  };
  context.on('page', watch);
  const recorded: Recorded = { context, requests, serviceWorkerRequests, errors, failed, shown, newPage: () => context.newPage() };
  recordedThisTest.push(recorded);
  return recorded;
}

/** URLs that left the machine (anything but localhost, blob:, data: and the browser's own). */
export function offMachine(urls: string[]): string[] {
  return urls.filter((url) => {
    if (/^(blob|data|about|chrome|chrome-extension|devtools):/.test(url)) return false;
    const host = new URL(url).hostname;
    return host !== 'localhost' && host !== '127.0.0.1';
  });
}

export const SCREENSHOTS = path.resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Panels slide and fade in: a shot taken mid-animation shows them half transparent.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { polling: 100 });
  // The viewport, not the full page: panels are fixed overlays with their own scrolling.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

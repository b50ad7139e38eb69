/**
 * "Nothing leaves this device", held by the browser: a request to an origin that is neither the
 * site nor the model source in use is refused, from the page and from its workers, by fetch and
 * by WebSocket, on a first visit (the page's <meta> policy, the host's header on the workers) and
 * once the service worker serves them (its policy on each worker script, and its own refusal);
 * a mirror chosen in the settings is let through, also by a service worker the browser stopped and
 * woke again, and the app still indexes and answers from it. WebRTC, which no policy governs, is
 * gone from the page before its first script, for good.
 */
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appStarted, ask, waitForStatus } from './support/app-page.ts';
import { newContext, recordedContext, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { startMirror, startStranger, type OtherOrigin } from './support/other-origins.ts';
import { stopServiceWorker } from './support/service-worker.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const NAME = '数据安全法_2021.md';

let mirror: OtherOrigin;
let stranger: OtherOrigin;
beforeAll(async () => {
  [mirror, stranger] = await Promise.all([startMirror(), startStranger()]);
});
afterAll(async () => {
  await Promise.all([mirror?.close(), stranger?.close()]);
});

interface Probe {
  /** `reached <status>` or `refused: <error>` */
  fetch: string;
  /** `open`, or how it failed */
  socket: string;
  /** `<directive> <blocked URL>` of each policy violation the probe caused */
  violations: string[];
}

/** Runs in the page or in a worker: a fetch and a WebSocket to `origin`, and what the policy said. */
async function probe(origin: string): Promise<Probe> {
  const violations: string[] = [];
  const scope = globalThis as unknown as EventTarget;
  const onViolation = (event: Event) => {
    const violation = event as SecurityPolicyViolationEvent;
    violations.push(`${violation.effectiveDirective} ${violation.blockedURI}`);
  };
  scope.addEventListener('securitypolicyviolation', onViolation);
  const fetched = await fetch(`${origin}/probe`).then(
    (response) => `reached ${response.status}`,
    (error: unknown) => `refused: ${String(error)}`,
  );
  const socket = await new Promise<string>((resolve) => {
    try {
      const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/probe`);
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('refused');
    } catch (error) {
      resolve(`refused: ${String(error)}`);
    }
  });
  // violation events are queued as tasks: let them arrive
  await new Promise((resolve) => setTimeout(resolve, 200));
  scope.removeEventListener('securitypolicyviolation', onViolation);
  return { fetch: fetched, socket, violations };
}

const WEBRTC = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate'];

/** Runs in the page, as a later script would: tries every way to put each WebRTC name back, then says what each is. */
function webRtcAfterLaterScript(names: string[]): Record<string, string> {
  const scope = window as unknown as Record<string, unknown>;
  class Stand {}
  const found: Record<string, string> = {};
  for (const name of names) {
    const attempts = [
      () => void (scope[name] = Stand),
      () => void delete scope[name],
      () => void Object.defineProperty(window, name, { value: Stand, writable: true, configurable: true }),
      () => void Reflect.set(window, name, Stand),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
      } catch {
        // refused outright, as a frozen name should be; what counts is what it holds after
      }
    }
    found[name] = typeof scope[name];
  }
  return found;
}

/**
 * Runs in the page, as a later script would: frames of the page's origin made every way a script
 * can without an address (about:blank, srcdoc, nested, from markup) and one loading a file of the
 * site's (FRAME_PROBE, which the site answers with a 404 page of its origin); what RTCPeerConnection is in each frame's window, read as soon as it can be and after its
 * load (`blocked` when the window cannot be read: another origin's, as a refused frame becomes).
 */
/** The site's file the frame probe asks for: the policy's refusal of it names it. */
const FRAME_PROBE = 'loci-frame-probe.json';

async function webRtcInFrames(FRAME_PROBE: string): Promise<Record<string, string>> {
  const kind = (win: Window | null | undefined): string => {
    try {
      return typeof (win as unknown as { RTCPeerConnection?: unknown } | null)?.RTCPeerConnection;
    } catch {
      return 'blocked';
    }
  };
  const frame = (set: (iframe: HTMLIFrameElement) => void, into: Document = document): HTMLIFrameElement => {
    const iframe = into.createElement('iframe');
    set(iframe);
    into.body.append(iframe);
    return iframe;
  };
  const loaded = (iframe: HTMLIFrameElement) => new Promise<void>((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }));
  const found: Record<string, string> = {};
  const blank = frame(() => undefined);
  found['about:blank, by window[n]'] = kind(window[window.length - 1]);
  found['about:blank, by contentWindow'] = kind(blank.contentWindow);
  frame((iframe) => (iframe.src = 'about:blank'));
  found['src=about:blank, by window[n]'] = kind(window[window.length - 1]);
  document.body.insertAdjacentHTML('beforeend', '<iframe name="loci-probe-frame"></iframe>');
  found['from markup, by name'] = kind((window as unknown as Record<string, Window>)['loci-probe-frame']);
  const inner = blank.contentDocument!;
  frame(() => undefined, inner);
  found['nested about:blank, by window[n][m]'] = kind(window[0]?.[0]);
  const srcdoc = frame((iframe) => (iframe.srcdoc = '<p>frame</p>'));
  found['srcdoc, by contentWindow'] = kind(srcdoc.contentWindow);
  await loaded(srcdoc);
  found['srcdoc after its load, by window[n]'] = kind(window[window.length - 1]);
  const json = frame((iframe) => (iframe.src = `./${FRAME_PROBE}`));
  await loaded(json);
  found['the site\'s own file'] = kind(json.contentWindow);
  for (const iframe of document.querySelectorAll('iframe')) iframe.remove();
  return found;
}

/** No WebRTC on the page, whatever a later script does, and its removal was the page's first script. */
async function expectNoWebRtc(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(webRtcAfterLaterScript, WEBRTC), `${where}: WebRTC`).toEqual(Object.fromEntries(WEBRTC.map((name) => [name, 'undefined'])));
  const frames = await page.evaluate(webRtcInFrames, FRAME_PROBE);
  expect(frames, `${where}: WebRTC in frames`).toEqual({
    'about:blank, by window[n]': 'undefined',
    'about:blank, by contentWindow': 'undefined',
    'src=about:blank, by window[n]': 'undefined',
    'from markup, by name': 'undefined',
    'nested about:blank, by window[n][m]': 'undefined',
    'srcdoc, by contentWindow': 'undefined',
    'srcdoc after its load, by window[n]': 'undefined',
    "the site's own file": 'blocked',
  });
  expect(await page.evaluate(() => document.querySelector('script')?.getAttribute('src')), `${where}: first script`).toMatch(/\/remove-webrtc\.js$/);
}

/**
 * The engine worker was started by the page's second script, an async module from the site ahead
 * of the app's (build/early-engine.ts), whose module the app imports too: one engine worker, not two.
 */
async function expectEarlyEngine(page: Page, where: string): Promise<void> {
  const second = await page.evaluate(() => {
    const script = document.querySelectorAll('script')[1];
    return { src: script?.getAttribute('src'), type: script?.type, async: script?.async };
  });
  expect(second.src, `${where}: second script`).toMatch(/\/assets\/engine-start-[\w-]+\.js$/);
  expect({ type: second.type, async: second.async }, `${where}: second script's kind`).toEqual({ type: 'module', async: true });
  const engines = page.workers().filter((w) => w.url().includes('engine.worker')).map((w) => new URL(w.url()).pathname);
  expect(engines, `${where}: engine workers`).toHaveLength(1);
  expect(engines[0], `${where}: the engine worker`).toMatch(/\/assets\/engine\.worker-[\w-]+\.js$/);
}

async function appWorker(page: Page, name: string): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => w.url().includes(`${name}.worker`))).toBe(true);
  const worker = page.workers().find((w) => w.url().includes(`${name}.worker`));
  if (!worker) throw new Error(`no ${name} worker`);
  return worker;
}

/** Refused, with the policy's word on both: the stranger never hears of it. */
function expectRefusedByPolicy(result: Probe, where: string): void {
  expect(result.fetch, `${where}: fetch`).toMatch(/^refused/);
  expect(result.socket, `${where}: WebSocket`).toMatch(/^refused/);
  // a page held to its <meta> and to the host's header reports each refusal under both
  const host = stranger.origin.replace(/^http:\/\//, '');
  expect(new Set(result.violations), `${where}: violations`).toEqual(new Set([`connect-src http://${host}/probe`, `connect-src ws://${host}/probe`]));
}

describe('other origins', () => {
  it('are refused from the page and its workers, first visit and after, while a mirror set in the settings serves the models', async () => {
    const recorded = await recordedContext(browser(), { serviceWorker: true });
    const page = await recorded.newPage();
    // A first visit with the stored default, the hub (unreachable here): the page is not yet the service worker's.
    await page.goto(`${baseURL}/?device=wasm`);
    await appStarted(page);
    console.log(`[content-security] first visit served by the service worker: ${await page.evaluate(() => navigator.serviceWorker.controller !== null)}`);
    expectRefusedByPolicy(await page.evaluate(probe, stranger.origin), 'first visit, page');
    expectRefusedByPolicy(await (await appWorker(page, 'engine')).evaluate(probe, stranger.origin), 'first visit, engine worker');
    // This Chromium has WebRTC (a blank page shows it); the app's page has none.
    const blank = await recorded.newPage();
    expect(await blank.evaluate(() => typeof RTCPeerConnection)).toBe('function');
    await blank.close();
    await expectNoWebRtc(page, 'first visit');
    await expectEarlyEngine(page, 'first visit');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // The settings name what may be contacted: the site and the hub.
    await page.click('[data-testid="open-settings"]');
    const contacts = page.locator('[data-testid="settings-contacts"] li');
    await expect.poll(() => contacts.allTextContents()).toEqual(expect.arrayContaining([baseURL, 'https://huggingface.co']));
    // The tiny models, offered for the site's folder, then kept when the source becomes the mirror.
    await page.check('input[name="model-source"][value="local"]');
    await page.selectOption('[data-testid="settings-embedder"]', 'tiny-lexical-bert-zh');
    await page.selectOption('[data-testid="settings-generator"]', 'tiny-random-qwen3');
    await page.selectOption('[data-testid="settings-reranker"]', 'tiny-random-bert-reranker-zh');
    await page.check('input[name="model-source"][value="mirror"]');
    // The workers were started under a policy without the mirror: the page starts again.
    await page.evaluate(() => Object.assign(window, { beforeRestart: true }));
    const reloaded = page.waitForEvent('load');
    await page.fill('[data-testid="settings-mirror"]', mirror.origin);
    await page.locator('[data-testid="settings-mirror"]').blur();
    await reloaded;
    await appStarted(page);
    expect(await page.evaluate(() => 'beforeRestart' in window)).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expectNoWebRtc(page, 'served by the service worker');
    await expectEarlyEngine(page, 'served by the service worker');

    // transformers.js looks for a file under the site's folder first, whatever the source: forget
    // the copies the site's folder gave, so the models come from the mirror. Not while the app
    // runs: a model load that opened the cache after the deletion wrote its copy again (the slower
    // the machine, the likelier; issue 72). So the page leaves the app for one of the site's model
    // files, a page of the site without the app (the service worker hands /models/ to the server),
    // and comes back to an app that finds no copy.
    await page.goto(`${baseURL}/models/tiny-lexical-bert-zh/config.json`);
    await page.evaluate(() => caches.delete('transformers-cache'));
    const since = mirror.requests.length;
    await page.goto(`${baseURL}/?device=wasm`);
    await appStarted(page);
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    // indexed, so its embedder had loaded: from the mirror
    await waitForStatus(page, NAME, 'ready');
    expect(mirror.requests.slice(since).filter((url) => url.startsWith('/tiny-lexical-bert-zh/resolve/main/')).length).toBeGreaterThan(0);
    const answer = await ask(page, '数据处理者应当履行哪些数据安全保护义务？');
    expect(answer.trim().length).toBeGreaterThan(0);
    expect(mirror.requests.slice(since).some((url) => url.startsWith('/tiny-random-qwen3/resolve/main/'))).toBe(true);

    // Served by the service worker now, the page and each worker still refuse the stranger...
    expectRefusedByPolicy(await page.evaluate(probe, stranger.origin), 'page');
    for (const name of ['engine', 'embed', 'llm']) {
      const worker = await appWorker(page, name);
      expectRefusedByPolicy(await worker.evaluate(probe, stranger.origin), `${name} worker`);
      // the script the service worker gave it kept the isolation headers (threads need them)
      expect(await worker.evaluate(() => self.crossOriginIsolated), `${name} worker isolated`).toBe(true);
    }
    // ...and reach the mirror.
    const embed = await appWorker(page, 'embed');
    expect(await embed.evaluate((url) => fetch(url).then((r) => r.status), `${mirror.origin}/tiny-lexical-bert-zh/resolve/main/config.json`)).toBe(200);
    // The browser stops an idle service worker; the next request wakes a fresh one with nothing in
    // memory, and the first model file asked of the mirror then is let through as well.
    await stopServiceWorker(page);
    const afterWake = await embed.evaluate(
      (url) => fetch(url).then((r) => `reached ${r.status}`, (error: unknown) => `refused: ${String(error)}`),
      `${mirror.origin}/tiny-lexical-bert-zh/resolve/main/tokenizer.json`,
    );
    expect(afterWake, 'the first request to the mirror after the service worker woke').toBe('reached 200');
    await page.click('[data-testid="open-settings"]');
    await expect.poll(() => contacts.allTextContents()).toEqual([baseURL, mirror.origin, 'https://raw.githubusercontent.com']);
    expect(stranger.requests).toEqual([]);
    // the app itself, indexing, answering and drawing its settings, broke no rule of its policies
    const host = stranger.origin.replace(/^http:\/\//, '');
    expect(recorded.errors.filter((error) => /Content Security Policy/i.test(error) && !error.includes(host) && !error.includes(FRAME_PROBE))).toEqual([]);
    await recorded.context.close();
  });

  it('are refused by the service worker itself when a page is not held to the policy', async () => {
    // bypassCSP switches the page's policy off: what is left is the service worker's refusal.
    const context = await newContext(browser(), { bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${baseURL}/?models=local`);
    await appStarted(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const result = await page.evaluate(probe, stranger.origin);
    expect(result.fetch).toMatch(/^refused/);
    expect(result.violations).toEqual([]);
    // woken again by the browser, it refuses the first request as well, once it has read its list
    await stopServiceWorker(page);
    expect((await page.evaluate(probe, stranger.origin)).fetch).toMatch(/^refused/);
    // the same-origin fetch still works through it
    expect(await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.status))).toBe(200);
    expect(stranger.requests.filter((url) => !url.startsWith('ws '))).toEqual([]);
    await context.close();
  });
});

/** Driving the real app through its stable data-testid hooks, the way a person would. */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DocStatus } from '../../../src/protocol/api.ts';
import { recordedContext, type ContextOptions, type Recorded } from './browser.ts';
import { HANG_MS } from './limits.ts';
import { timedPhase } from './timing.ts';

/**
 * The app's query in most tests: the site's tiny models, and replies of the tiny random chat model
 * (which never stops by itself, so runs every reply to its limit) cut at 32 tokens, since those
 * tests need an answer to come, not its length. Tests of the streamed answer's layout and scroll
 * ask for longer ones: screens the full 512 tokens (`models=local` alone), chat-scroll 160.
 */
export const LOCAL = 'models=local&reply=32';

export async function openApp(page: Page, baseURL: string, query = LOCAL): Promise<void> {
  await timedPhase('app start (models)', async () => {
    await page.goto(`${baseURL}/?${query}`);
    await appStarted(page);
  });
}

/**
 * The app's query for a test that waits for the library's idle work (its topics, the open image's
 * save) without testing when it starts: `quiet=100` has it start 0.1 s after the last job instead
 * of after the few seconds a person's drops need (src/client/url-options.ts). A reload keeps it.
 */
export const QUIET = `${LOCAL}&quiet=100`;

/** A fresh recorded context (requests, console errors) with the app open in it: how most tests begin. */
export async function openRecordedApp(browser: Browser, baseURL: string, query?: string, options?: ContextOptions): Promise<{ recorded: Recorded; page: Page }> {
  const recorded = await recordedContext(browser, options);
  const page = await recorded.newPage();
  await openApp(page, baseURL, query);
  return { recorded, page };
}

/**
 * The client marks the page once start() resolved: the index open, searchable (the embedder may
 * still be loading: engine-start.ts). Like every wait here, it has the page's context's limit, which
 * only a hang reaches (browser.ts newContext), unless given one (the benches' pages, made apart).
 */
export async function appStarted(page: Page, timeout?: number): Promise<void> {
  await page.waitForSelector('html[data-embedder-device]', { state: 'attached', timeout });
}

export function embedderDevice(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.dataset.embedderDevice ?? null);
}

export function docRow(page: Page, name: string) {
  return page.locator('[data-testid="doc-row"]', { hasText: name });
}

export async function waitForStatus(page: Page, name: string, statuses: DocStatus | DocStatus[], timeout?: number): Promise<void> {
  const wanted: string[] = Array.isArray(statuses) ? statuses : [statuses];
  await timedPhase('wait: status', () => page.waitForFunction(
    ([n, s]) =>
      [...document.querySelectorAll('[data-testid="doc-row"]')].some(
        (row) => row.textContent?.includes(n) && s.includes(row.getAttribute('data-status') ?? ''),
      ),
    [name, wanted] as const,
    { timeout, polling: 250 },
  ));
}

/**
 * Starts recording every text the turns' status line shows (what a question says while it waits,
 * gone once its sources come); `turnStatusSeen` reads them.
 */
export async function watchTurnStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { lociStatusSeen: seen });
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[data-testid="turn-status"]')) seen.push(status.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export function turnStatusSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { lociStatusSeen: string[] }).lociStatusSeen);
}

/** Waits until a document's row says its topics (clusters) are found. */
export async function waitForTopics(page: Page, name: string, timeout?: number): Promise<void> {
  await timedPhase('wait: topics', () => page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-testid="doc-row"]')].some((row) => row.textContent?.includes(n) && Number(row.getAttribute('data-topics')) > 0),
    name,
    { timeout, polling: 250 },
  ));
}

/**
 * Waits until the library has been idle long enough to find the topics of every ready document
 * (a short one has none: its row says 0). The library writes them while idle, so a test that
 * compares what is stored, or reloads right after the image is saved, waits for them first.
 */
export async function topicsSettled(page: Page): Promise<void> {
  await timedPhase('wait: topics', () => page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="doc-row"][data-status="ready"]')].every((row) => row.hasAttribute('data-topics')),
    undefined,
    { polling: 250 },
  ));
}

export async function statuses(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const row of document.querySelectorAll('[data-testid="doc-row"]')) {
      const name = row.querySelector('.name')?.textContent?.trim() ?? row.getAttribute('data-doc-id') ?? '?';
      out[name] = row.getAttribute('data-status') ?? '';
    }
    return out;
  });
}

/** Asks through the question box and waits until the answer has finished streaming. */
export async function ask(page: Page, question: string): Promise<string> {
  // The previous answer carries data-done="true" until the new turn renders: count answers first.
  const before = await page.locator('[data-done]').count();
  await page.fill('[data-testid="question"]', question);
  await page.click('[data-testid="ask"]');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-done]').length > n && document.querySelector('[data-testid="answer"]')?.getAttribute('data-done') === 'true',
    before,
    { polling: 200 },
  );
  return (await page.textContent('[data-testid="answer"]')) ?? '';
}

/** The inspector's hybrid weight line, once the inspector shows a turn: its text and the two shares. */
export async function fusionWeight(page: Page): Promise<{ text: string; dense: number; lexical: number; source: string | null }> {
  const fusion = page.locator('[data-testid="fusion"]');
  await fusion.waitFor();
  const text = (await fusion.locator('[data-testid="fusion-weight"]').textContent())?.trim() ?? '';
  const [dense, lexical] = [...text.matchAll(/(\d+)%/g)].map((m) => Number(m[1]));
  return { text, dense, lexical, source: await fusion.getAttribute('data-source') };
}

/** The titles the chat list offers, most recent first: opens the list, reads it, closes it. */
export async function chatTitles(page: Page): Promise<string[]> {
  if (!(await page.locator('[data-testid="chat-panel"]').isVisible())) await page.click('[data-testid="chat-picker"]');
  const titles = await page.locator('[data-testid="chat-item"] .title').allTextContents();
  await page.keyboard.press('Escape');
  return titles;
}

/** The index revision the open image was made at (undefined while there is none) and the stored index's revision. */
function imageRevisions(page: Page): Promise<{ image: number | undefined; index: number }> {
  return page.evaluate(async () => {
    const file = await (await navigator.storage.getDirectory()).getFileHandle('loci-index.image').then((h) => h.getFile(), () => undefined);
    // A save that lands between getFile() and the read makes the snapshot unreadable
    // (NotReadableError, seen once in CI): that is "not saved yet", asked again next round.
    const header = file && (await file.slice(0, 12).arrayBuffer().then((bytes) => new DataView(bytes), () => undefined));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loci');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const meta = await new Promise<{ value: number } | undefined>((resolve, reject) => {
      const request = db.transaction('meta').objectStore('meta').get('indexRevision');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return { image: header !== undefined && header.byteLength === 12 ? header.getFloat64(4, true) : undefined, index: meta?.value ?? 0 };
  });
}

/** Polls `holds` every 250 ms until it holds or only a hang could be the reason (limits.ts, or a bench's `timeout`); `what` names it in the error. */
async function untilImage(page: Page, holds: (revisions: { image: number | undefined; index: number }) => boolean, what: string, timeout = HANG_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  await timedPhase('wait: image save', async () => {
    while (!holds(await imageRevisions(page))) {
      if (Date.now() > deadline) throw new Error(`the open image was not ${what} within ${timeout / 1000} s`);
      await page.waitForTimeout(250);
    }
  });
}

/**
 * Waits until the app has saved the open image of the index as it stands (its header holds the
 * current revision), as it does once the index has been quiet for a few seconds.
 */
export function imageSaved(page: Page): Promise<void> {
  return untilImage(page, ({ image, index }) => image === index, 'saved');
}

/** Waits until the app has written an open image at all, current or behind the index by writes since. */
export function imageWritten(page: Page, timeout?: number): Promise<void> {
  return untilImage(page, ({ image }) => image !== undefined && image > 0, 'written', timeout);
}

/** Where the engine opened the index from on start: 'image' or 'records'. */
export function openedFrom(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.indexOpenedFrom);
}

/** Whether the last open took the search corpus saved in the image ('adopted') or laid it out from the records. */
export function corpusOpening(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.indexCorpus);
}

/** How many documents and groups the last open read from the records beside an image made before they were written. */
export async function recordsSince(page: Page): Promise<number> {
  return Number(await page.evaluate(() => document.documentElement.dataset.indexRecordsSince ?? 'NaN'));
}

/**
 * The source view's highlight boxes over its page (`picture`: the drawn canvas or the image), once
 * there are some: each inside the picture, and the share of the picture they cover together.
 */
export async function highlightBoxes(page: Page, picture: string): Promise<{ count: number; inside: boolean; share: number }> {
  const boxes = page.locator('[data-testid="pdf-highlight"]');
  await boxes.first().waitFor({ state: 'attached' });
  const frame = await page.locator(`[data-testid="source-viewer"] ${picture}`).boundingBox();
  if (!frame) throw new Error(`the source view shows no ${picture}`);
  let inside = true;
  let covered = 0;
  for (const box of await boxes.all()) {
    const b = await box.boundingBox();
    if (!b) continue;
    covered += b.width * b.height;
    // a pixel of rounding either way
    inside &&= b.x >= frame.x - 1 && b.y >= frame.y - 1 && b.x + b.width <= frame.x + frame.width + 1 && b.y + b.height <= frame.y + frame.height + 1;
  }
  return { count: await boxes.count(), inside, share: covered / (frame.width * frame.height) };
}

/**
 * What the row's progress says it has done of a stage named in words ("Reading scanned pages: 3 of
 * 20" → [3, 20]), or undefined while it shows anything else (or no longer shows the row).
 */
export async function stageCount(page: Page, name: string, stage: string): Promise<[number, number] | undefined> {
  const text = await docRow(page, name)
    .evaluate((el) => el.querySelector('.progress-text')?.textContent ?? '', undefined, { timeout: 5_000 })
    .catch(() => '');
  const count = text.match(new RegExp(`${stage}: ([\\d,]+) of ([\\d,]+)`));
  return count ? [Number(count[1].replace(/,/g, '')), Number(count[2].replace(/,/g, ''))] : undefined;
}

/** Exports the library through Settings, as a person does; the downloaded file's path. */
export async function exportLibraryFile(page: Page): Promise<string> {
  await page.click('[data-testid="open-settings"]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-library"]')]);
  // connected to the run's browser (useBrowser), a download has no local path until it is saved
  const file = path.join(DOWNLOADS, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

const DOWNLOADS = path.resolve('test-results/downloads');

/** Imports a library file through Settings. */
export async function importLibraryFile(page: Page, file: string): Promise<void> {
  await page.click('[data-testid="open-settings"]');
  await page.setInputFiles('[data-testid="import-library"]', file);
}

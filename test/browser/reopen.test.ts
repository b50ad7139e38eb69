/**
 * Reopening a library while its embedding model is slow to come: the index opens from the open
 * image before the model has loaded, a question asked meanwhile is answered from the passages its
 * words find (and says so), and once the model is there questions are searched by meaning again.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, ask, corpusOpening, imageSaved, openedFrom, openRecordedApp, QUIET, waitForStatus, waitForTopics } from './support/app-page.ts';
import { offMachine, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { HANG_MS } from './support/limits.ts';

const baseURL = inject('baseURL');
const NAME = '数据安全法_2021.md';
const EMBEDDER = 'tiny-lexical-bert-zh';
const browser = useBrowser();

describe('reopening before the embedding model has loaded', () => {
  it('answers by words at once, says so, and by meaning once the model is there', async () => {
    // the topics and the open image come soon after the drop (QUIET): this is about the reopening
    const { recorded, page } = await openRecordedApp(browser(), baseURL, QUIET);
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, NAME, 'ready');
    await waitForTopics(page, NAME);
    await imageSaved(page);

    // the embedder's files leave the browser's cache, and the next download of them is held back
    await page.evaluate(async (model) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) if (request.url.includes(`/${model}/`)) await cache.delete(request);
      }
    }, EMBEDDER);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await recorded.context.route(`**/models/${EMBEDDER}/**`, async (route) => {
      asked++;
      await held;
      await route.continue();
    });

    await page.reload();
    await appStarted(page);
    expect(await openedFrom(page)).toBe('image');
    // the search corpus saved beside the records, not laid out from them again
    expect(await corpusOpening(page)).toBe('adopted');
    // the model loads once the index is open, its code first (transformers-code.ts): its files are asked for and held
    await expect.poll(() => asked).toBeGreaterThan(0);
    await ask(page, '重要数据目录');
    expect(await page.locator('article.turn').last().locator('[data-testid="model-loading"]').count()).toBe(1);
    const sources = await page.locator('[data-testid="source"]').evaluateAll((chips) => chips.map((c) => c.getAttribute('title') ?? ''));
    expect(sources.some((text) => text.includes('重要数据'))).toBe(true);

    release();
    // questions asked once the model has loaded are searched by meaning again, with no note; asked
    // again as soon as each answer is done, until one comes without it
    const deadline = Date.now() + HANG_MS;
    let note = 1;
    while (note > 0 && Date.now() < deadline) {
      await ask(page, '数据安全审查');
      note = await page.locator('article.turn').last().locator('[data-testid="model-loading"]').count();
    }
    expect(note).toBe(0);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

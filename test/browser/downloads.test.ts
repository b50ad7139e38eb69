/**
 * The download panel lists a model only while it comes over the network: the embedder on the
 * first visit, but not on the next one, when its files are read from the browser's cache — and
 * the next visit requests no model file at all, the chat model's included. (An earlier version
 * saw the chat model fetched again on every visit and took it for a caching fault: its wait for
 * the cache passed at once, so it reloaded while the chat model was still loading.) A cached
 * model's size is the same in the settings' model choice as in the list of cached models.
 */
import { describe, expect, inject, it } from 'vitest';
import { openApp } from './support/app-page.ts';
import { recordedContext, useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the download panel', () => {
  it('does not list a model read from the cache', async () => {
    const recorded = await recordedContext(browser());
    // What the panel said, if it appeared at any moment on this page load (a window's own flag).
    await recorded.context.addInitScript(() => {
      new MutationObserver(() => {
        const panel = document.querySelector('[data-testid="download-dialog"]');
        if (panel) document.documentElement.dataset.sawDownloadPanel = panel.textContent ?? '';
      }).observe(document, { childList: true, subtree: true });
    });
    const saw = () => page.evaluate(() => document.documentElement.dataset.sawDownloadPanel ?? null);
    const page = await recorded.newPage();
    await openApp(page, baseURL);
    expect(await saw()).toContain('tiny-lexical-bert-zh');
    // The chat model loads in the background after start: wait until both models are cached.
    // Polled from here: waitForFunction does not wait for an async predicate's promise, and took
    // the promise itself for a yes (it reloaded before the chat model was even requested).
    const files = ['tiny-random-qwen3/onnx/model_quantized.onnx', 'tiny-random-qwen3/tokenizer.json', 'tiny-random-qwen3/generation_config.json', 'tiny-lexical-bert-zh/onnx/model_quantized.onnx'];
    const cached = () =>
      page.evaluate(async (names) => {
        const cache = await caches.open('transformers-cache');
        const found = await Promise.all(names.map((name) => cache.match(`/models/${name}`)));
        return found.every((response) => response !== undefined);
      }, files);
    await expect.poll(cached, { interval: 500 }).toBe(true);

    const before = recorded.requests.filter((url) => url.includes('/models/')).length;
    await openApp(page, baseURL);
    // Give a late model load (the chat model warms in the background) time to report.
    await page.waitForTimeout(3000);
    const fetched = recorded.requests.filter((url) => url.includes('/models/')).length - before;
    console.log(`[downloads] model requests on the second visit: ${fetched} ${recorded.requests.filter((url) => url.includes('/models/')).slice(before).join(' ')}`);
    // Both models are read from the cache: nothing requested, nothing listed.
    expect(fetched).toBe(0);
    expect(await saw()).toBeNull();

    // One size per model: the settings' model choice shows the bytes the cached list counts.
    await page.click('[data-testid="open-settings"]');
    const listed = page.locator('[data-testid="cached-models"] li', { hasText: 'tiny-lexical-bert-zh' }).locator('.size');
    await listed.waitFor();
    const size = (await listed.textContent())?.trim() ?? '';
    expect(size).toMatch(/\d/);
    expect((await page.textContent('[data-testid="settings-embedder-size"]'))?.trim().startsWith(`${size} ·`)).toBe(true);
    await recorded.context.close();
  });
});

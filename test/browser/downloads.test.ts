/**
 * The download panel lists a model only while it comes over the network: the embedder on the
 * first visit, but not on the next one, when its files are read from the browser's cache.
 * Measured here: the chat model (tiny-random-qwen3) requests its onnx and generation_config.json
 * again on every visit although transformers-cache holds them, so it is (rightly) listed again.
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
    // The chat model loads in the background after start: wait until both models are cached whole.
    await page.waitForFunction(
      async () => {
        const cache = await caches.open('transformers-cache');
        const urls = (await cache.keys()).map((r) => r.url);
        return ['tiny-random-qwen3/onnx/model_quantized.onnx', 'tiny-random-qwen3/tokenizer.json', 'tiny-lexical-bert-zh/onnx/model_quantized.onnx'].every((f) => urls.some((u) => u.endsWith(f)));
      },
      undefined,
      { timeout: 120_000, polling: 500 },
    );

    const before = recorded.requests.filter((url) => url.includes('/models/')).length;
    await openApp(page, baseURL);
    // Give a late model load (the chat model warms in the background) time to report.
    await page.waitForTimeout(3000);
    const fetched = recorded.requests.filter((url) => url.includes('/models/')).length - before;
    console.log(`[downloads] model requests on the second visit: ${fetched} ${recorded.requests.filter((url) => url.includes('/models/')).slice(before).join(' ')}`);
    // The embedder is read from the cache: not listed. (The chat model is not asserted: its
    // weights are fetched again on every visit, see the note at the top.)
    expect(await saw() ?? '').not.toContain('tiny-lexical-bert-zh');
    await recorded.context.close();
  });
});

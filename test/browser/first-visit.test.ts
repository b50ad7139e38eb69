/**
 * A first visit where the embedding model cannot be downloaded (every host but localhost is
 * unresolvable here), in the app as a person sees it: one notice names the model and the ways
 * forward, never "library"; a dropped document waits for a model, with a Retry that tries again
 * and leaves one notice, not two.
 */
import { describe, expect, inject, it } from 'vitest';
import { docRow, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';

const baseURL = inject('baseURL');
const NAME = '数据安全法_2021.md';
const browser = useBrowser();

describe('a first visit that cannot fetch the models', () => {
  it('says which model and what to do, and a dropped document waits for it with a Retry', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    // No ?models=local: the stored default, the Hugging Face hub, which cannot be reached here.
    await openApp(page, baseURL, 'device=wasm');
    const notices = page.locator('[data-testid="notice"]');
    await expect.poll(() => notices.count(), { timeout: 30_000 }).toBe(1);
    const text = (await notices.first().textContent()) ?? '';
    expect(text).toMatch(/The search model \S+ could not be downloaded from the Hugging Face hub/);
    expect(text).toMatch(/this site's \/models\/ folder/);
    expect(text).not.toMatch(/library/i);

    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, NAME, 'waiting', 30_000);
    expect(await docRow(page, NAME).locator('.status').textContent()).toBe('Waiting for a model');
    await screenshot(page, 'first-visit-waiting');

    // Retry loads the model again; it fails again, and the notice is replaced, not doubled
    const loads = () => recorded.requests.filter((url) => url.includes('huggingface.co')).length;
    const before = loads();
    await docRow(page, NAME).locator('[data-testid="retry-doc"]').click();
    await expect.poll(loads, { timeout: 30_000 }).toBeGreaterThan(before);
    await expect.poll(() => notices.count()).toBe(1);
    expect(await docRow(page, NAME).getAttribute('data-status')).toBe('waiting');
    await recorded.context.close();
  });

  it('says it in the page\'s language', async () => {
    const context = await browser().newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await openApp(page, baseURL, 'device=wasm');
    const notices = page.locator('[data-testid="notice"]');
    await expect.poll(() => notices.count(), { timeout: 30_000 }).toBe(1);
    const text = (await notices.first().textContent()) ?? '';
    expect(text).toMatch(/无法从 Hugging Face Hub 下载搜索模型 \S+（/);
    expect(text).toContain('本站的 /models/ 文件夹');
    expect(text).not.toMatch(/could not|the settings/);
    await screenshot(page, 'first-visit-zh');
    await context.close();
  });
});

/**
 * A first visit where the embedding model cannot be downloaded (the hub is unreachable from
 * here): the app still starts with its settings and says why nothing can be indexed, and choosing
 * a source that works opens the library without a reload.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { LibraryEvent } from '../../src/protocol/api.ts';
import type { Harness } from './harness.ts';
import { launchBrowser, offMachine, recordedContext } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { openHarness, waitSettled } from './support/harness-page.ts';

const baseURL = inject('baseURL');
type HarnessWindow = { lociHarness: Harness };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a start whose embedder cannot be downloaded', () => {
  it('returns the settings, reports the failure, and opens the library once a working source is chosen', async () => {
    const recorded = await recordedContext(browser);
    const page = await recorded.newPage();
    // No ?models=local: the stored default, the Hugging Face hub, which cannot be reached here.
    const { settings, device } = await openHarness(page, baseURL, 'device=wasm');
    expect(settings.modelSource).toEqual({ kind: 'hub' });
    expect(device.embedderDevice).toBe('wasm');
    const events: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    expect(events.some((e) => e.type === 'error' && /library could not be opened/.test(e.message))).toBe(true);
    expect(offMachine(recorded.requests).length).toBeGreaterThan(0);

    const saved = await page.evaluate(() =>
      (window as unknown as HarnessWindow).lociHarness.client.updateSettings({
        modelSource: { kind: 'local' },
        embedderId: 'tiny-lexical-bert-zh',
        generatorId: 'tiny-random-qwen3',
        rerankerId: 'tiny-random-bert-reranker-zh',
      }),
    );
    expect(saved).toMatchObject({ modelSource: { kind: 'local' }, embedderId: 'tiny-lexical-bert-zh' });
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    const [doc] = await waitSettled(page, 1);
    expect(doc).toMatchObject({ name: '数据安全法_2021.md', status: 'ready' });
    await recorded.context.close();
  });
});

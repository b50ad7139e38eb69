/**
 * A first visit where the embedding model cannot be downloaded (the hub is unreachable from
 * here): the app still starts with its settings and says which model failed and the ways forward,
 * a document dropped meanwhile waits for a model, and choosing a source that works opens the
 * library without a reload, indexes the waiting document and withdraws the notice.
 */
import { describe, expect, inject, it } from 'vitest';
import type { LibraryEvent } from '../../src/protocol/api.ts';
import type { Harness } from './harness.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { openHarness, waitSettled } from './support/harness-page.ts';

const baseURL = inject('baseURL');
type HarnessWindow = { lociHarness: Harness };
const browser = useBrowser();

describe('a start whose embedder cannot be downloaded', () => {
  it('returns the settings, reports the failure, and opens the library once a working source is chosen', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    // No ?models=local: the stored default, the Hugging Face hub, which cannot be reached here.
    const { settings, device } = await openHarness(page, baseURL, 'device=wasm');
    expect(settings.modelSource).toEqual({ kind: 'hub' });
    expect(device.embedderDevice).toBe('wasm');
    const events: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    const notices = events.flatMap((e) => (e.type === 'notice' ? [e] : []));
    // said about the model that failed (the page words it, with the ways forward); never as a problem of the library
    expect(notices).toEqual([{ type: 'notice', subject: 'models', notice: expect.objectContaining({ kind: 'embedder-unavailable', source: { kind: 'hub' } }) }]);
    expect(offMachine(recorded.requests).length).toBeGreaterThan(0);

    // a document dropped meanwhile waits for a model, and says so
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await page.waitForFunction(() => (window as unknown as HarnessWindow).lociHarness.documents.some((d) => d.status === 'waiting'));

    const saved = await page.evaluate(() =>
      (window as unknown as HarnessWindow).lociHarness.client.updateSettings({
        modelSource: { kind: 'local' },
        embedderId: 'tiny-lexical-bert-zh',
        generatorId: 'tiny-random-qwen3',
        rerankerId: 'tiny-random-bert-reranker-zh',
      }),
    );
    expect(saved).toMatchObject({ modelSource: { kind: 'local' }, embedderId: 'tiny-lexical-bert-zh' });
    // the waiting document is indexed once the model loads, and the model's notice is withdrawn
    const [doc] = await waitSettled(page, 1);
    expect(doc).toMatchObject({ name: '数据安全法_2021.md', status: 'ready' });
    const after: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    expect(after.some((e) => e.type === 'resolved' && e.subject === 'models')).toBe(true);
    await recorded.context.close();
  });
});

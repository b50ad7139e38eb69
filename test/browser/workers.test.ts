/**
 * The workers and the LociClient without the UI (through the harness page): indexing and answering
 * on WASM with download progress (each model file fetched once), the model cache, the storage report, export to one file and
 * import into a fresh browser profile, and pause / resume / cancel across a reload.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LibraryDoc, LibraryEvent } from '../../src/protocol/api.ts';
import type { Harness } from './harness.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';
import { CIVIL_CODE_CONTRACTS, DATA_SECURITY_LAW } from './support/files.ts';
import { harnessAsk, harnessDocuments, openHarness, waitSettled } from './support/harness-page.ts';
import { readIndex } from './support/idb.ts';

const baseURL = inject('baseURL');
const QUESTION = '数据处理者应当履行哪些数据安全保护义务？';
type HarnessWindow = { lociHarness: Harness };
const browser = useBrowser();
let exported: string | undefined;

function waitForDoc(page: Page, name: string, status: LibraryDoc['status']) {
  return page.waitForFunction(
    ([n, s]) => (window as unknown as HarnessWindow).lociHarness.documents.some((d) => d.name === n && d.status === s),
    [name, status] as const,
    { polling: 100 },
  );
}

describe('workers through the LociClient', () => {
  it('indexes on WASM, answers, reports downloads, cached models and storage, and exports', async () => {
    const recorded = await recordedContext(browser());
    // each model file is fetched once (a one-byte request for its size aside): read as a local
    // folder, transformers.js fetched it whole twice
    const modelFetches: string[] = [];
    recorded.context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/models/') && !request.headers()['range']) modelFetches.push(request.url());
    });
    const page = await recorded.newPage();
    const { device, settings } = await openHarness(page, baseURL);
    expect(device.embedderDevice).toBe('wasm');
    expect(device.reasons.length).toBeGreaterThan(0);
    expect(settings).toMatchObject({ embedderId: 'tiny-lexical-bert-zh', generatorId: 'tiny-random-qwen3', modelSource: { kind: 'local' } });

    const started = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    const [doc] = await waitSettled(page, 1);
    console.log(`[workers] 数据安全法 indexed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${doc.chunks} chunks`);
    expect(doc).toMatchObject({ status: 'ready', stage: 'ready', name: '数据安全法_2021.md', language: 'zh' });
    expect(doc.chunks).toBeGreaterThan(10);

    const answer = await harnessAsk(page, QUESTION, 'smoke');
    expect(answer.error).toBeUndefined();
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.traceRows).toBeGreaterThan(0);
    expect(answer.tokens).toBeGreaterThan(0);
    expect(answer.events.at(-1)).toBe('done');
    expect(answer.done?.aborted).toBe(false);

    const events: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    const downloads = events.flatMap((e) => (e.type === 'download' ? [e.progress] : []));
    expect(new Set(downloads.map((d) => d.model))).toEqual(new Set(['tiny-lexical-bert-zh', 'tiny-random-qwen3']));
    expect(downloads.some((d) => d.done && d.file.endsWith('.onnx') && d.total > 0)).toBe(true);
    expect(modelFetches.filter((url) => url.endsWith('.onnx')).length).toBe(2);
    expect(modelFetches.filter((url, i) => modelFetches.indexOf(url) !== i)).toEqual([]);

    const cached = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.cachedModels());
    expect(cached.map((m) => m.id).sort()).toEqual(['tiny-lexical-bert-zh', 'tiny-random-qwen3']);
    expect(cached.every((m) => m.bytes > 100_000)).toBe(true);
    const storage = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.storage());
    expect(storage.usage).toBeGreaterThan(0);
    expect(storage.quota).toBeGreaterThan(storage.usage);
    // the room left is measured by the browser's quota check, as far as its limit of 64 MiB
    expect(storage).toMatchObject({ free: 64 * 1024 * 1024, freeAtLeast: true });
    // what the one document takes: its file as stored, and an index of its text and vectors
    expect(storage.documents).toEqual([{ id: doc.id, name: '数据安全法_2021.md', fileBytes: 16_489, indexBytes: expect.any(Number) }]);
    expect(storage.documents[0].indexBytes).toBeGreaterThan(16_489);

    exported = await page.evaluate(async () => {
      const blob = await (window as unknown as HarnessWindow).lociHarness.client.exportLibrary();
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    });
    expect(exported.length).toBeGreaterThan(1000);

    await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.deleteCachedModel('tiny-random-qwen3'));
    const left = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.cachedModels());
    expect(left.map((m) => m.id)).toEqual(['tiny-lexical-bert-zh']);

    expect(offMachine(recorded.requests)).toEqual([]);
    expect(recorded.failed).toEqual([]);
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });

  it('imports the export into a fresh profile, reranks, and re-indexes for another embedder', async () => {
    expect(exported).toBeDefined();
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openHarness(page, baseURL);
    await page.evaluate(async (base64) => {
      const binary = atob(base64);
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      await (window as unknown as HarnessWindow).lociHarness.client.importLibrary(new File([bytes], 'library.zip'));
    }, exported!);
    const docs = await harnessDocuments(page);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ name: '数据安全法_2021.md', status: 'ready' });
    const history = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.history('smoke'));
    expect(history.map((t) => t.question)).toEqual([QUESTION]);
    expect(history[0].sources.length).toBeGreaterThan(0);
    expect(history[0].trace.length).toBeGreaterThan(0);
    // A follow-up in the imported conversation, reranked by the cross-encoder in the embed worker.
    const answer = await harnessAsk(page, '重要数据目录由谁制定？', 'smoke', { rerank: true, strategy: 'naive' });
    expect(answer.error).toBeUndefined();
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.cachedModels().then((m) => m.map((x) => x.id)))).toContain(
      'tiny-random-bert-reranker-zh',
    );

    // Another embedder means another vector space: the library is indexed again from the originals.
    const before = (await readIndex(page)).chunks;
    await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.updateSettings({ embedderId: 'glove-static-en-100d' }));
    const [doc] = await waitSettled(page, 1);
    expect(doc).toMatchObject({ name: '数据安全法_2021.md', status: 'ready' });
    const index = await readIndex(page);
    const own = index.entries[`doc:${doc.id}`];
    expect(own.floats).toBe(own.ids.length * 100);
    expect(index.chunks[doc.id].length).toBeGreaterThan(0);
    expect(Object.keys(index.chunks)).toEqual(Object.keys(before));
    const events: LibraryEvent[] = await page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.events);
    expect(events.some((e) => e.type === 'notice' && e.notice.kind === 'reindexing' && e.notice.to === 'glove-static-en-100d')).toBe(true);
    await recorded.context.close();
  });

  it('pauses, keeps the pause across a reload, resumes, and cancels a queued file', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openHarness(page, baseURL);
    // The big book first: the second file waits in the queue behind it.
    await page.setInputFiles('[data-testid="file-input"]', [CIVIL_CODE_CONTRACTS, DATA_SECURITY_LAW]);
    await waitForDoc(page, '民法典_合同编.md', 'indexing');
    await waitForDoc(page, '数据安全法_2021.md', 'queued');
    const id = async (name: string) => (await harnessDocuments(page)).find((d) => d.name === name)!.id;
    const civil = await id('民法典_合同编.md');
    const law = await id('数据安全法_2021.md');

    await page.evaluate((docId) => (window as unknown as HarnessWindow).lociHarness.client.cancel(docId), law);
    await page.evaluate((docId) => (window as unknown as HarnessWindow).lociHarness.client.pause(docId), civil);
    let docs = await harnessDocuments(page);
    expect(docs.map((d) => [d.name, d.status])).toEqual([['民法典_合同编.md', 'paused']]);
    const pausedAt = (await readIndex(page)).documents.find((d) => d.id === civil)?.stage;
    expect(pausedAt).not.toBe('ready');

    // A pause is the person's decision: it outlives a reload, and nothing runs meanwhile.
    await openHarness(page, baseURL);
    await page.waitForTimeout(1500);
    docs = await harnessDocuments(page);
    expect(docs.map((d) => [d.name, d.status])).toEqual([['民法典_合同编.md', 'paused']]);
    const index = await readIndex(page);
    expect(index.documents.find((d) => d.id === civil)?.stage).toBe(pausedAt);
    expect(index.originals).toEqual([civil]);

    await page.evaluate((docId) => (window as unknown as HarnessWindow).lociHarness.client.resume(docId), civil);
    const [done] = await waitSettled(page, 1);
    expect(done).toMatchObject({ id: civil, status: 'ready', stage: 'ready' });
    await recorded.context.close();
  });
});

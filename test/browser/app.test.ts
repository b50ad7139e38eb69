/**
 * The main acceptance, driven through the UI of the production build: two documents
 * dropped in reach `ready`, a question's answer streams with sources, a source opens its
 * highlighted passage, the inspector shows the trace, the hybrid weight and the cluster map, and
 * after a reload the library, the index and the conversation (weight included) are still there,
 * each document's topics found while the library was idle; a
 * question asked by keywords only with a second hop then searches without the dense list and
 * takes the hop, one across two laws lists the hop's words, one about the whole of a law whose
 * topics are not made yet waits for them and says so, one naming a document by its file name is
 * searched in that document too, and one about the whole of a document is answered from each of
 * its topics.
 * No request leaves localhost.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, ask, docRow, embedderDevice, fusionWeight, LOCAL, openRecordedApp, statuses, turnStatusSeen, waitForStatus, waitForTopics, watchTurnStatus } from './support/app-page.ts';
import { offMachine, screenshot, useBrowser } from './support/browser.ts';
import { CYBERSECURITY_LAW, DATA_SECURITY_LAW, OUTLINE_PDF } from './support/files.ts';

const baseURL = inject('baseURL');
const QUESTION = '数据处理者应当履行哪些数据安全保护义务？';
const browser = useBrowser();

describe('the app, end to end', () => {
  it('indexes Markdown and PDF, answers with sources, and keeps everything across a reload', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL, undefined, { serviceWorker: true });
    expect(await embedderDevice(page)).toBe('wasm');
    // every worker started from here on: the clustering worker may have ended by the time it is looked for
    const workersStarted: string[] = [];
    page.on('worker', (worker) => workersStarted.push(worker.url()));

    const started = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', [DATA_SECURITY_LAW, OUTLINE_PDF]);
    await waitForStatus(page, '数据安全法_2021.md', 'ready');
    console.log(`[app] 数据安全法 ready ${((Date.now() - started) / 1000).toFixed(1)} s after the drop`);
    await waitForStatus(page, 'pypdf_pdflatex-outline.pdf', 'ready');
    expect(await statuses(page)).toEqual({ '数据安全法_2021.md': 'ready', 'pypdf_pdflatex-outline.pdf': 'ready' });
    await screenshot(page, 'library');

    const answer = await ask(page, QUESTION);
    expect(answer.length).toBeGreaterThan(0);
    const sources = page.locator('[data-testid="source"]');
    expect(await sources.count()).toBeGreaterThan(0);
    await screenshot(page, 'chat-with-sources');

    await sources.filter({ hasText: '数据安全法' }).first().click();
    const viewer = page.locator('[data-testid="source-viewer"]');
    await viewer.waitFor();
    const highlight = viewer.locator('mark').first();
    await highlight.waitFor();
    expect((await highlight.textContent())?.trim().length).toBeGreaterThan(0);
    await screenshot(page, 'source-viewer');
    await page.keyboard.press('Escape');

    await page.click('[data-testid="open-inspector"]');
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    expect(await page.locator('[data-testid="trace-row"]').count()).toBeGreaterThan(0);
    // Asked with the default search, meaning and keywords: the inspector says how they were weighed.
    expect(await page.getAttribute('[data-testid="inspector-retriever"]', 'data-retriever')).toBe('hybrid');
    const weight = await fusionWeight(page);
    console.log(`[app] hybrid weight: ${weight.text}`);
    await screenshot(page, 'inspector-hybrid-weight');
    expect(weight.dense + weight.lexical).toBe(100);
    expect(weight.source).toMatch(/^(calibrated|default)$/);
    if (weight.source === 'calibrated') {
      expect(weight.text).toMatch(/Meaning \d+% · keywords \d+%, calibrated on \d+ pseudo-questions of this library/);
      expect(await page.textContent('[data-testid="fusion-calibration"]')).toMatch(/meaning only \d\.\d\d, keywords only \d\.\d\d, both \d\.\d\d/);
    }
    // the map comes once the clusters are made on their worker (the context's limit only a hang reaches)
    const map = page.locator('[data-testid="cluster-map"]');
    await map.waitFor();
    await page.waitForFunction(() => {
      const map = document.querySelector('[data-testid="cluster-map"]');
      if (map instanceof HTMLCanvasElement) return map.width > 0;
      return (map?.querySelectorAll('circle, path, rect').length ?? 0) > 10;
    });
    await map.scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-cluster-map');
    // The clusters were made on the worker the engine worker starts for them, so it kept answering.
    expect(workersStarted.filter((url) => url.includes('cluster.worker')).length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // Once nothing was left to read, the library found each document's topics while idle, and
    // the rows say how many (kept across the reload below).
    for (const name of ['数据安全法_2021.md', 'pypdf_pdflatex-outline.pdf']) await waitForTopics(page, name);
    expect(await docRow(page, '数据安全法_2021.md').textContent()).toMatch(/\d+ topics?/);
    const chunksBefore = await docRow(page, '数据安全法_2021.md').textContent();
    // Reloaded with the idle work held off, as a person's drops would hold it: a document read from
    // here on has no topics until a question needs them.
    await page.goto(`${baseURL}/?${LOCAL}&quiet=600000`);
    await appStarted(page);
    await waitForStatus(page, '数据安全法_2021.md', 'ready');
    await waitForStatus(page, 'pypdf_pdflatex-outline.pdf', 'ready');
    expect(await docRow(page, '数据安全法_2021.md').textContent()).toBe(chunksBefore);
    // The conversation came back from IndexedDB with its sources.
    await page.locator('main').getByText(QUESTION).filter({ visible: true }).first().waitFor();
    await page.waitForSelector('[data-testid="answer"][data-done="true"]');
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);
    // The turn was stored with its weight, so the inspector still shows it.
    await page.click('[data-testid="open-inspector"]');
    expect((await fusionWeight(page)).text).toBe(weight.text);
    await page.keyboard.press('Escape');

    // Search by keywords only, with a second hop, chosen in the settings, for the next question.
    await page.click('[data-testid="open-settings"]');
    await page.check('[data-testid="settings-retriever"] input[value="lexical"]');
    await page.check('[data-testid="settings-hops"]');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="settings-retriever"] input[value="lexical"]')?.checked);
    await page.keyboard.press('Escape');
    // And the index answers without re-indexing anything.
    await ask(page, '重要数据的处理者应当做什么？');
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);
    await page.click('[data-testid="open-inspector"]');
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    expect(await page.getAttribute('[data-testid="inspector-retriever"]', 'data-retriever')).toBe('lexical');
    expect(await page.locator('[data-testid="fusion"]').count()).toBe(0);
    // The second hop searched too (docs/decisions/2026-12-02-rules-judged-on-large-sets.md: a
    // question about one document takes it like any other), and no cluster was searched.
    expect(await page.locator('[data-testid="second-hop"]').count()).toBe(1);
    expect(await page.locator('[data-testid="trace-row"][data-kind="cluster"]').count()).toBe(0);
    await page.keyboard.press('Escape');

    // A question across two laws: the second hop, the words it searched again with, and its
    // candidates after the first hop's.
    await page.setInputFiles('[data-testid="file-input"]', [CYBERSECURITY_LAW]);
    await waitForStatus(page, '网络安全法_2016.md', 'ready');
    await ask(page, '网络运营者和数据处理者应当履行哪些安全保护义务？');
    await page.click('[data-testid="open-inspector"]');
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    const terms = await page.locator('[data-testid="second-hop"] [data-testid="hop-term"]').allTextContents();
    console.log(`[app] second hop terms: ${terms.join(', ')}`);
    expect(terms.length).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="trace-row"][data-hop="2"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'inspector-keywords-only');
    await page.keyboard.press('Escape');

    // A question about the whole of the cybersecurity law, whose topics nothing has made yet: the
    // turn says while searching that it waits for them, and is answered from them.
    expect(Number(await docRow(page, '网络安全法_2016.md').getAttribute('data-topics'))).toBe(0);
    await watchTurnStatus(page);
    await ask(page, '网络安全法_2016.md这份文件讲了什么？');
    const seen = await turnStatusSeen(page);
    expect(seen.some((text) => /Finding the topics of 网络安全法_2016\.md, once, for questions about it… \d+%/.test(text))).toBe(true);
    await page.click('[data-testid="open-inspector"]');
    expect(await page.textContent('[data-testid="breadth-route"]')).toContain('网络安全法_2016.md');
    await page.keyboard.press('Escape');
    // The question made the law's topics, and its row says so; then the law is deleted.
    await waitForTopics(page, '网络安全法_2016.md');
    const law = docRow(page, '网络安全法_2016.md');
    await law.locator('[data-testid="delete-doc"]').click();
    await law.locator('[data-testid="confirm-delete"]').click();
    await law.waitFor({ state: 'detached' });

    // A question naming a document by its file name is searched in that document too, and says so.
    await ask(page, 'What does pypdf show in its outline?');
    // sources are shown in document order, the law's first: one of them is the PDF's
    expect((await page.locator('[data-testid="source"]').allTextContents()).some((label) => !label.includes('数据安全法'))).toBe(true);
    await page.click('[data-testid="open-inspector"]');
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    expect(await page.textContent('[data-testid="named-documents"]')).toContain('pypdf_pdflatex-outline.pdf');
    await page.keyboard.press('Escape');

    // A question naming a year puts the passages that state it first, one asking when those that
    // give a date, and the inspector says both.
    await ask(page, '数据安全法2021年什么时候开始施行？');
    await page.click('[data-testid="open-inspector"]');
    await page.locator('[data-testid="trace-row"]').first().waitFor();
    expect(await page.textContent('[data-testid="year-first"]')).toMatch(/2021/);
    expect(await page.textContent('[data-testid="dates-first"]')).toMatch(/问的是时间|Asks when/);
    await page.keyboard.press('Escape');

    // A question about a whole document it names is answered from each of its chapters, not searched.
    await ask(page, '数据安全法_2021.md这份文件讲了什么？');
    const labels = await page.getByRole('article', { name: '数据安全法_2021.md这份文件讲了什么？' }).locator('[data-testid="source"]').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((label) => label.includes('数据安全法'))).toBe(true);
    await page.click('[data-testid="open-inspector"]');
    expect(await page.textContent('[data-testid="breadth-route"]')).toContain('数据安全法_2021.md');
    await page.keyboard.press('Escape');

    // The record holds the workers' and the service worker's requests, not just the page's.
    expect(recorded.requests.some((url) => url.includes('/models/tiny-lexical-bert-zh/onnx/'))).toBe(true);
    expect(recorded.requests.some((url) => url.includes('/models/tiny-random-qwen3/onnx/'))).toBe(true);
    expect(recorded.requests.some((url) => /ort-wasm-simd-threaded\.asyncify.*\.wasm/.test(url))).toBe(true);
    expect(recorded.serviceWorkerRequests.some((url) => /engine\.worker-.*\.js/.test(url))).toBe(true);
    expect(offMachine(recorded.requests)).toEqual([]);
    expect(recorded.failed).toEqual([]);
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

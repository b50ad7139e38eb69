/**
 * A document's row while it indexes: one bar for the whole document that only moves forward,
 * stages named as a person would (reading, understanding, grouping, preparing summaries), an ETA
 * for the whole document, and a status that does not flip back to Queued between stages. A
 * document answers questions by its words as soon as it is split into passages, before the slow
 * stages, and the row says so.
 */
import { describe, expect, inject, it } from 'vitest';
import { ask, docRow, openRecordedApp, stageCount, waitForStatus } from './support/app-page.ts';
import { useBrowser } from './support/browser.ts';
import { CIVIL_CODE_CONTRACTS } from './support/files.ts';
import { HANG_MS } from './support/limits.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface Sample {
  status: string | null;
  value: number | null;
  text: string;
}

describe('indexing progress', () => {
  it('is one forward-only bar across the stages, with human stage names and no flicker', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', CIVIL_CODE_CONTRACTS);
    const row = docRow(page, '民法典_合同编.md');
    const samples: Sample[] = [];
    const deadline = Date.now() + HANG_MS;
    while (Date.now() < deadline) {
      const sample = await row.evaluate((el) => {
        const bar = el.querySelector('[role="progressbar"]');
        return {
          status: el.getAttribute('data-status'),
          value: bar ? Number(bar.getAttribute('aria-valuenow')) : null,
          text: el.querySelector('.progress-text')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        };
      });
      samples.push(sample);
      if (sample.status === 'ready' || sample.status === 'error') break;
      await page.waitForTimeout(100);
    }
    expect(samples.at(-1)?.status).toBe('ready');
    const values = samples.flatMap((s) => (s.value === null ? [] : [s.value]));
    expect(values.length).toBeGreaterThan(3);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
    const texts = samples.map((s) => s.text).join(' | ');
    console.log(`[progress] ${samples.length} samples; bar ${values[0]}% → ${values.at(-1)}%; ${[...new Set(samples.map((s) => s.text.replace(/[\d,]+/g, '#')))].join(' | ')}`);
    expect(texts).toMatch(/Understanding passages|Grouping related passages|Preparing summaries/);
    expect(texts).toMatch(/left/);
    expect(texts).not.toMatch(/Clustering: \d/);
    // once indexing started, the row never says Queued again until it is ready
    const firstIndexing = samples.findIndex((s) => s.status === 'indexing');
    expect(samples.slice(firstIndexing).map((s) => s.status)).not.toContain('queued');
    await recorded.context.close();
  });

  it('answers by its words from a document paused while it was being embedded', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    const name = '民法典_合同编.md';
    await page.setInputFiles('[data-testid="file-input"]', CIVIL_CODE_CONTRACTS);
    const row = docRow(page, name);
    // paused in the embedding stage: chunked, with no vector stored
    const deadline = Date.now() + HANG_MS;
    while (Date.now() < deadline && !(await stageCount(page, name, 'Understanding passages'))) {
      await page.waitForTimeout(50);
    }
    await row.locator('[data-testid="pause-doc"]').click();
    await waitForStatus(page, name, 'paused');
    expect(await row.getAttribute('data-stage')).toBe('chunked');
    await expect.poll(() => row.locator('[data-testid="doc-askable"]').count()).toBe(1);

    await ask(page, '定金');
    const sources = await page.locator('[data-testid="source"]').evaluateAll((chips) => chips.map((c) => c.getAttribute('title') ?? ''));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.some((text) => text.includes('定金'))).toBe(true);
    await recorded.context.close();
  });
});

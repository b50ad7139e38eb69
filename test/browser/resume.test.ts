/**
 * A reload in the middle of indexing: the job resumes from the stage its record reached, finishes,
 * and the index holds every chunk and entry exactly once; a long document's embedding resumes from
 * its last checkpoint rather than from its first passage.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, docRow, openApp, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';
import { CIVIL_CODE_CONTRACTS, NIKE_10K } from './support/files.ts';
import { firstStage, readIndex } from './support/idb.ts';

const baseURL = inject('baseURL');
const NAME = '民法典_合同编.md';
const DIMENSION = 128; // tiny-lexical-bert-zh
const browser = useBrowser();

describe('indexing across a reload', () => {
  it('resumes the Civil Code contracts book after a reload mid-embedding, with no duplicates', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL);
    await page.setInputFiles('[data-testid="file-input"]', CIVIL_CODE_CONTRACTS);

    // Reload once the chunks are stored and embedding is under way (the stage lasts seconds).
    let stage: string | undefined;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await page.waitForTimeout(100)) {
      stage = await firstStage(page);
      if (stage && stage !== 'parsed') break;
    }
    expect(stage).toBe('chunked');
    await page.reload();
    await appStarted(page);
    // The stage reached before the reload is where the job starts again.
    expect(await firstStage(page)).not.toBe('ready');
    await waitForStatus(page, NAME, ['queued', 'indexing', 'ready'], 30_000);
    await waitForStatus(page, NAME, 'ready');

    const index = await readIndex(page);
    expect(index.documents).toHaveLength(1);
    expect(index.originals).toHaveLength(1);
    const [doc] = index.documents;
    expect(doc).toMatchObject({ name: NAME, stage: 'ready' });
    const chunkIds = index.chunks[doc.id];
    expect(chunkIds.length).toBeGreaterThan(300);
    expect(new Set(chunkIds).size).toBe(chunkIds.length);
    expect(chunkIds).toEqual(chunkIds.map((_, i) => `${doc.id}:${i}`));
    const own = index.entries[`doc:${doc.id}`];
    expect(new Set(own.ids).size).toBe(own.ids.length);
    expect(own.kinds.filter((k) => k === 'chunk')).toHaveLength(chunkIds.length);
    expect(own.floats).toBe(own.ids.length * DIMENSION);
    expect(index.groups).toEqual([`g:${doc.id}`]);
    const group = index.entries[`group:g:${doc.id}`];
    expect(new Set(group.ids).size).toBe(group.ids.length);
    expect(group.floats).toBe(group.ids.length * DIMENSION);
    // The row counts what the index holds.
    expect(await docRow(page, NAME).textContent()).toContain(String(chunkIds.length));

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('resumes a long document\'s embedding from its last checkpoint after a reload', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL);
    await page.setInputFiles('[data-testid="file-input"]', NIKE_10K);
    const name = 'NIKE_2019_10K.pdf';

    // reload once the record holds embedded rows while the document is still being embedded
    let kept = 0;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline && kept === 0; await page.waitForTimeout(100)) {
      const index = await readIndex(page);
      const doc = index.documents[0];
      if (doc && doc.stage !== 'chunked' && doc.stage !== 'parsed') break;
      if (doc) kept = index.entries[`doc:${doc.id}`]?.ids.length ?? 0;
    }
    expect(kept).toBeGreaterThanOrEqual(256);
    await page.reload();
    await appStarted(page);

    // the first progress the row shows after the reload counts from the rows kept
    const row = docRow(page, name);
    let first: number | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && first === undefined; await page.waitForTimeout(50)) {
      const text = await row.evaluate((el) => el.querySelector('.progress-text')?.textContent ?? '');
      const done = text.match(/Understanding passages: ([\d,]+) of/)?.[1];
      if (done) first = Number(done.replace(/,/g, ''));
    }
    expect(first).toBeGreaterThan(kept);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

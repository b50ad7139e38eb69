/**
 * A reload in the middle of indexing: the job resumes from the stage its record reached, finishes,
 * and the index holds every chunk and entry exactly once; a long document's embedding resumes from
 * its last checkpoint rather than from its first passage.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appStarted, docRow, openRecordedApp, stageCount, waitForStatus } from './support/app-page.ts';
import { offMachine, useBrowser } from './support/browser.ts';
import { CIVIL_CODE_CONTRACTS, NIKE_10K } from './support/files.ts';
import { firstStage, readIndex } from './support/idb.ts';
import { HANG_MS } from './support/limits.ts';

const baseURL = inject('baseURL');
const NAME = '民法典_合同编.md';
const DIMENSION = 128; // tiny-lexical-bert-zh
const browser = useBrowser();

describe('indexing across a reload', () => {
  it('resumes the Civil Code contracts book after a reload mid-embedding, with no duplicates', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', CIVIL_CODE_CONTRACTS);

    // Reload once the chunks are stored and embedding is under way (the stage lasts seconds).
    let stage: string | undefined;
    for (const deadline = Date.now() + HANG_MS; Date.now() < deadline; await page.waitForTimeout(100)) {
      stage = await firstStage(page);
      if (stage && stage !== 'parsed') break;
    }
    expect(stage).toBe('chunked');
    await page.reload();
    await appStarted(page);
    // The stage reached before the reload is where the job starts again.
    expect(await firstStage(page)).not.toBe('ready');
    await waitForStatus(page, NAME, ['queued', 'indexing', 'ready']);
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
    // beside the open image, vectors are kept out of IndexedDB (a file of their own, then the image)
    expect(own.inRecord).toBe(false);
    // clusters are not made while indexing: only its own, by the library once idle, may be there
    expect(index.groups.filter((id) => id !== `g:${doc.id}`)).toEqual([]);
    // The row counts what the index holds.
    expect(await docRow(page, NAME).textContent()).toContain(String(chunkIds.length));

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('resumes a long document\'s embedding from its last checkpoint after a reload', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', NIKE_10K);
    const name = 'NIKE_2019_10K.pdf';

    // Reload once the record holds embedded rows while the document is still being embedded. The
    // watch runs inside the page, one transaction a look, and the page reloads itself the moment it
    // sees a checkpoint: polled from the test, a look took seconds under CI's load and the rest of
    // the embedding could finish between the look and the reload (the stage and the rows were also
    // read in two transactions), so the resumed job had no embedding left to show.
    const kept = await watchThenReload(page);
    expect(kept).toBeGreaterThanOrEqual(256);
    await appStarted(page);

    // the first progress the row shows after the reload counts from the rows kept (it is said
    // before the first new batch, so it may be exactly the rows kept)
    let first: number | undefined;
    for (const deadline = Date.now() + HANG_MS; Date.now() < deadline && first === undefined; await page.waitForTimeout(50)) {
      first = (await stageCount(page, name, 'Understanding passages'))?.[0];
    }
    expect(first).toBeGreaterThanOrEqual(kept);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

/**
 * Waits until the first document's record is still at 'chunked' yet holds embedded rows, then reloads
 * the page from inside it and waits for the new page; the rows kept at that moment.
 */
async function watchThenReload(page: Page): Promise<number> {
  const reloaded = page.waitForEvent('load');
  const kept = await page.evaluate(async (limit) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loci');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    type Doc = { doc: { id: string }; job: { stage: string } };
    type Entries = { entries: unknown[] } | undefined;
    const look = () =>
      new Promise<{ stage?: string; rows: number }>((resolve, reject) => {
        const tx = db.transaction(['documents', 'entries'], 'readonly');
        const docs = tx.objectStore('documents').getAll();
        docs.onerror = () => reject(docs.error);
        docs.onsuccess = () => {
          const doc = (docs.result as Doc[])[0];
          if (!doc) return resolve({ rows: 0 });
          const own = tx.objectStore('entries').get(`doc:${doc.doc.id}`);
          own.onerror = () => reject(own.error);
          own.onsuccess = () => resolve({ stage: doc.job.stage, rows: (own.result as Entries)?.entries.length ?? 0 });
        };
      });
    for (const deadline = Date.now() + limit; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const { stage, rows } = await look();
      if (stage && stage !== 'parsed' && stage !== 'chunked') break; // embedded before any checkpoint was seen
      if (rows > 0) {
        db.close();
        setTimeout(() => location.reload(), 0);
        return rows;
      }
    }
    db.close();
    return 0;
  }, HANG_MS);
  if (kept > 0) await reloaded;
  else reloaded.catch(() => undefined); // no reload was asked for
  return kept;
}

/**
 * A damaged IndexedDB record in real Chromium (issue 10): one document's stored chunks are changed
 * behind the app's back; after a reload its row says Damaged and what is damaged, the other
 * document still answers, and Repair indexes it again from the stored original. Once repaired,
 * the index opens from the open image (one file) rather than from its records.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appStarted, ask, docRow, imageSaved, openedFrom, openRecordedApp, QUIET, statuses, topicsSettled, waitForStatus } from './support/app-page.ts';
import { offMachine, screenshot, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';
import { readIndex, vectorFileNames } from './support/idb.ts';

const baseURL = inject('baseURL');
const DATA = memoryFile('数据安全.md', 'text/markdown', Buffer.from('# 数据安全\n\n数据处理者应当履行数据安全保护义务，建立健全全流程数据安全管理制度。\n'));
const NET = memoryFile('网络安全.md', 'text/markdown', Buffer.from('# 网络安全\n\n网络运营者应当按照网络安全等级保护制度的要求，履行安全保护义务。\n'));
const browser = useBrowser();

/**
 * Moves the first chunk's end in the document named `name`, with the raw API, leaving its checksum
 * (chunks are stored without their text, which is the document's slice from start to end), and,
 * with `revision`, moves the index revision on as any write does: the open image, a whole copy of
 * the index, then no longer opens and the records are read. Returns the chunk's end as it was;
 * `by` 0 changes nothing and reads it.
 */
function damageChunks(page: Page, name: string, options: { revision: boolean; by?: number }): Promise<number> {
  return page.evaluate(async ([docName, { revision: bump, by = 2 }]) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loci');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const request = <T,>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    try {
      type Doc = { doc: { id: string; name: string } };
      const documents = (await request(db.transaction('documents').objectStore('documents').getAll())) as Doc[];
      const id = documents.find((d) => d.doc.name === docName)!.doc.id;
      const tx = db.transaction(['chunks', 'meta'], 'readwrite');
      const chunks = tx.objectStore('chunks');
      const record = (await request(chunks.get(id))) as { chunks: { end: number }[] };
      const end = record.chunks[0].end;
      if (by !== 0) {
        record.chunks[0].end -= by;
        await request(chunks.put(record));
      }
      if (bump) {
        const meta = tx.objectStore('meta');
        const revision = ((await request(meta.get('indexRevision'))) as { value: number } | undefined)?.value ?? 0;
        await request(meta.put({ key: 'indexRevision', value: revision + 1 }));
      }
      return end;
    } finally {
      db.close();
    }
  }, [name, options] as const);
}

/**
 * Once the image is saved it is the vectors' one copy: every record with entries names vectors
 * kept outside IndexedDB, and no file of them is left. Records read later take them from the image.
 */
async function vectorsOnlyInImage(page: Page): Promise<void> {
  // a record of no entries has no vectors to keep anywhere
  const entries = Object.values((await readIndex(page)).entries).filter((e) => e.ids.length > 0);
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.filter((e) => e.inRecord)).toEqual([]);
  await expect.poll(() => vectorFileNames(page)).toEqual([]);
}

/**
 * The app with both documents added and ready. Its idle work starts at once (QUIET): these tests
 * wait for it (the topics, the open image) but are not about when it starts.
 */
async function libraryOfTwo() {
  const opened = await openRecordedApp(browser(), baseURL, QUIET);
  await opened.page.setInputFiles('[data-testid="file-input"]', [DATA, NET]);
  await waitForStatus(opened.page, DATA.name, 'ready');
  await waitForStatus(opened.page, NET.name, 'ready');
  // what the library writes while idle is written before the tests damage and compare records
  await topicsSettled(opened.page);
  return opened;
}

/** Reloads, and finds the index opened `from` where expected, nothing damaged, and the repaired document answering. */
async function reopensWhole(page: Page, from: 'image' | 'records'): Promise<void> {
  await page.reload();
  await appStarted(page);
  expect(await openedFrom(page)).toBe(from);
  await waitForStatus(page, DATA.name, 'ready');
  expect(await statuses(page)).toEqual({ [DATA.name]: 'ready', [NET.name]: 'ready' });
  await ask(page, '数据处理者应当履行哪些数据安全保护义务');
  expect((await page.locator('[data-testid="source"]').allTextContents()).some((label) => label.includes('数据安全'))).toBe(true);
}

describe('a damaged IndexedDB record', () => {
  it('is named on its row after a reload, the other document answers, and Repair restores it', async () => {
    const { recorded, page } = await libraryOfTwo();

    // a save still pending would copy the index again after the damage
    await imageSaved(page);
    await vectorsOnlyInImage(page);
    await damageChunks(page, DATA.name, { revision: true });
    await page.reload();
    await appStarted(page);
    await waitForStatus(page, DATA.name, 'damaged');
    expect(await openedFrom(page)).toBe('records');
    expect(await statuses(page)).toEqual({ [DATA.name]: 'damaged', [NET.name]: 'ready' });
    const damage = docRow(page, DATA.name).locator('[data-testid="doc-damage"]');
    expect((await damage.textContent())?.trim()).toBe(`${DATA.name}: its chunks are damaged (checksum mismatch); it is left out of answers until repaired`);
    await screenshot(page, 'damaged-document');

    await ask(page, '履行安全保护义务');
    const sources = await page.locator('[data-testid="source"]').allTextContents();
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((label) => label.includes('网络安全'))).toBe(true);

    await docRow(page, DATA.name).locator('[data-testid="repair-doc"]').click();
    await waitForStatus(page, DATA.name, 'ready');
    expect(await docRow(page, DATA.name).locator('[data-testid="doc-damage"]').count()).toBe(0);

    // repaired for good: a reload finds nothing damaged, and the document answers again, the index
    // opened from the image saved once the repair was done
    await imageSaved(page);
    await reopensWhole(page, 'image');
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('with the open image lost, names every document whose vectors only it held, and Repair all indexes them again', async () => {
    const { recorded, page } = await libraryOfTwo();
    await imageSaved(page);
    await vectorsOnlyInImage(page);
    // the image file gone (a disk's damage; the browser clears it only with IndexedDB), and a
    // write since, so the records are read
    await page.evaluate(async () => (await navigator.storage.getDirectory()).removeEntry('loci-index.image'));
    await damageChunks(page, DATA.name, { revision: true, by: 0 });
    await page.reload();
    await appStarted(page);
    await waitForStatus(page, DATA.name, 'damaged');
    expect(await statuses(page)).toEqual({ [DATA.name]: 'damaged', [NET.name]: 'damaged' });
    expect((await docRow(page, NET.name).locator('[data-testid="doc-damage"]').textContent())?.trim()).toBe(
      `${NET.name}: its vectors are damaged (checksum mismatch); it is left out of answers until repaired`,
    );

    await page.locator('[data-testid="notice-action"]').click();
    await waitForStatus(page, DATA.name, 'ready');
    await waitForStatus(page, NET.name, 'ready');
    await ask(page, '数据处理者应当履行哪些数据安全保护义务');
    expect((await page.locator('[data-testid="source"]').allTextContents()).some((label) => label.includes('数据安全'))).toBe(true);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('behind a library opened from its image, is written again from the image, and the records then open whole', async () => {
    const { recorded, page } = await libraryOfTwo();
    await imageSaved(page);
    // the image stays current: the app opens from it, and would not read the damaged record
    const end = await damageChunks(page, DATA.name, { revision: false });
    expect(await damageChunks(page, DATA.name, { revision: false, by: 0 })).toBe(end - 2);
    await page.reload();
    await appStarted(page);
    expect(await openedFrom(page)).toBe('image');
    await expect.poll(() => page.locator('[data-testid="notice"]').allTextContents()).toContainEqual(expect.stringContaining(DATA.name));
    expect(await damageChunks(page, DATA.name, { revision: false, by: 0 })).toBe(end);

    // read from the records now, nothing is damaged and both answer
    await imageSaved(page);
    await damageChunks(page, DATA.name, { revision: true, by: 0 });
    await reopensWhole(page, 'records');
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

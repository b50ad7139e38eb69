/**
 * Files that cannot be read: a corrupt PDF, a binary file renamed .pdf and an empty file each get
 * their own error on their own row, naming the file; the document already in the library is not
 * touched, and the app goes on answering.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { ask, docRow, statuses, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { OUTLINE_PDF, memoryFile } from './support/files.ts';
import { readIndex } from './support/idb.ts';
import { appWithOneLaw } from './support/one-law.ts';

const baseURL = inject('baseURL');
const GOOD = '数据安全法_2021.md';
const browser = useBrowser();

/** A real PDF's header and opening objects, then its body cut off and overwritten. */
function corruptPdf(): Buffer {
  const real = readFileSync(OUTLINE_PDF);
  const head = real.subarray(0, 1500);
  return Buffer.concat([head, Buffer.from('\u0000garbage\u0000'.repeat(400)), Buffer.from('\n%%EOF\n')]);
}

/** Bytes of no format at all (a PNG signature, then noise), under a .pdf name. */
function binaryNamedPdf(): Buffer {
  const bytes = Buffer.alloc(4096);
  let x = 12345;
  for (let i = 0; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

describe('files that cannot be read', () => {
  it('shows each its own error and leaves the rest of the library alone', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    const { row: goodRow, index: before } = await appWithOneLaw(page, baseURL);

    await page.setInputFiles('[data-testid="file-input"]', [
      memoryFile('corrupt-report.pdf', 'application/pdf', corruptPdf()),
      memoryFile('holiday-photo.pdf', 'application/pdf', binaryNamedPdf()),
      memoryFile('empty-notes.txt', 'text/plain', Buffer.alloc(0)),
    ]);
    for (const name of ['corrupt-report.pdf', 'holiday-photo.pdf', 'empty-notes.txt']) await waitForStatus(page, name, 'error');
    expect(await statuses(page)).toEqual({
      [GOOD]: 'ready',
      'corrupt-report.pdf': 'error',
      'holiday-photo.pdf': 'error',
      'empty-notes.txt': 'error',
    });
    const errorOf = async (name: string) => (await docRow(page, name).locator('[role="alert"]').textContent())?.trim() ?? '';
    expect(await errorOf('corrupt-report.pdf')).toMatch(/corrupt-report\.pdf.*(not a valid PDF|damaged)/);
    expect(await errorOf('holiday-photo.pdf')).toMatch(/holiday-photo\.pdf.*(not a valid PDF|damaged)/);
    expect(await errorOf('empty-notes.txt')).toMatch(/empty-notes\.txt.*empty/);
    await screenshot(page, 'library-errors');

    // The good document: same row, same records, still answering.
    expect(await docRow(page, GOOD).textContent()).toBe(goodRow);
    const after = await readIndex(page);
    expect(after.documents).toEqual(before.documents);
    expect(after.chunks).toEqual(before.chunks);
    expect(after.entries).toEqual(before.entries);
    await ask(page, '国家建立数据分类分级保护制度吗？');
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

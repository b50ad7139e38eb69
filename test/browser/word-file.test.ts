/**
 * A Word file in the app: the DOCX reader (mammoth) is loaded by the engine worker with the first
 * DOCX, not with the worker, so this proves that load works in the production build and that the
 * file is read, answers, and shows as a Word file on its row.
 */
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ask, docRow, openRecordedApp, waitForStatus } from './support/app-page.ts';
import { offMachine, useBrowser } from './support/browser.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const DOCX = path.join(DOCUMENTS_DIR, 'docx/mineru_docx_01.docx');

describe('a Word file', () => {
  it('is read by the worker that loads its reader on demand, and answers', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', DOCX);
    await waitForStatus(page, 'mineru_docx_01.docx', 'ready');
    expect(await docRow(page, 'mineru_docx_01.docx').locator('[data-testid="doc-format"]').textContent()).toBe('DOCX');
    await ask(page, 'Does MinerU support DOCX document parsing?');
    const sources = await page.locator('[data-testid="source"]').evaluateAll((chips) => chips.map((c) => `${c.textContent} ${c.getAttribute('title') ?? ''}`));
    expect(sources.some((s) => s.includes('MinerU'))).toBe(true);
    expect(offMachine(recorded.requests)).toEqual([]);
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

/**
 * A tab closed before the open image caught up with its last writes (it is saved once the index
 * has been quiet for a few seconds): the next open takes the image and reads only the records
 * written since, answers from them, and saves the image again so the open after reads none.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, ask, corpusOpening, imageSaved, openedFrom, openRecordedApp, recordsSince, statuses, topicsSettled, waitForStatus } from './support/app-page.ts';
import { offMachine, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW, memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const note = (n: number) =>
  memoryFile(`refunds-${n}.md`, 'text/markdown', Buffer.from(`# Refunds ${n}\n\nA refund of order ${n} needs the approval of a store manager named Ottoline Brackwater.\n`));

describe('reopening with the open image behind the records', () => {
  it('reads only the records written since the image, answers from them, and catches the image up', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, '数据安全法_2021.md', 'ready');
    await topicsSettled(page);
    await imageSaved(page);

    // a note indexed and the tab reloaded at once, before the image is saved again; should a slow
    // machine save it first, the open reads nothing since and another note is tried
    let read = 0;
    let n = 0;
    while (read === 0 && n < 3) {
      n++;
      await page.setInputFiles('[data-testid="file-input"]', [note(n)]);
      await waitForStatus(page, `refunds-${n}.md`, 'ready');
      await page.reload();
      await appStarted(page);
      expect(await openedFrom(page)).toBe('image');
      read = await recordsSince(page);
    }
    expect(read).toBeGreaterThan(0);
    // the image's search corpus is taken as saved, and the records since are laid over it
    expect(await corpusOpening(page)).toBe('adopted');
    expect(Object.keys(await statuses(page))).toHaveLength(1 + n);
    await ask(page, 'Who is Ottoline Brackwater?');
    const sources = await page.locator('[data-testid="source"]').evaluateAll((chips) => chips.map((c) => c.getAttribute('title') ?? ''));
    expect(sources.some((text) => text.includes(`order ${n}`))).toBe(true);

    // the image is made again at the new revision, once the notes' topics are written: the next open reads no record
    await topicsSettled(page);
    await imageSaved(page);
    await page.reload();
    await appStarted(page);
    expect(await openedFrom(page)).toBe('image');
    expect(await recordsSince(page)).toBe(0);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

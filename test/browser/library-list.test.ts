/**
 * A long library: only the rows in view are in the page, the list still says how long it is, a
 * field finds a document by name, and scrolling reaches the last one.
 */
import { describe, expect, inject, it } from 'vitest';
import { openRecordedApp } from './support/app-page.ts';
import { offMachine, screenshot, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const COUNT = 150;

const name = (i: number) => `note-${String(i).padStart(3, '0')}.txt`;

function rowNames(page: import('playwright-core').Page): Promise<string[]> {
  return page.locator('[data-testid="doc-row"] .name').allTextContents();
}

describe('a library of many documents', () => {
  it('draws the rows in view, finds a document by name and scrolls to the last', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    // no find field while the list is short
    expect(await page.locator('[data-testid="library-find"]').count()).toBe(0);

    const files = Array.from({ length: COUNT }, (_, i) => memoryFile(name(i + 1), 'text/plain', Buffer.from(`Note ${i + 1}: the meeting in room ${i + 1} starts at ${i % 12} o'clock.\n`)));
    await page.setInputFiles('[data-testid="file-input"]', files);
    // every file is listed (the list's length is on each row for a screen reader) ...
    await expect.poll(() => page.locator('[data-testid="doc-row"]').first().locator('xpath=..').getAttribute('aria-setsize')).toBe(String(COUNT));
    // ... but only the rows in view, and a few either side, are in the page
    const drawn = await rowNames(page);
    expect(drawn.length).toBeGreaterThan(3);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toBe(name(1));
    await screenshot(page, 'library-long-top');

    // the field finds one by name, case ignored
    await page.fill('[data-testid="library-find"]', 'NOTE-137');
    await expect.poll(() => rowNames(page)).toEqual([name(137)]);
    await page.fill('[data-testid="library-find"]', 'no such file');
    await expect.poll(() => page.locator('[data-testid="library-no-match"]').count()).toBe(1);
    expect(await rowNames(page)).toEqual([]);
    await page.fill('[data-testid="library-find"]', '');

    // scrolling the panel to its end draws the last rows, and not the first
    await page.locator('#library').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
    await expect.poll(() => rowNames(page)).toContain(name(COUNT));
    const atEnd = await rowNames(page);
    expect(atEnd).not.toContain(name(1));
    expect(atEnd.length).toBeLessThan(40);
    // the last row sits inside the panel, where a person sees it
    const inside = await page.evaluate((last) => {
      const panel = document.querySelector('#library')!.getBoundingClientRect();
      const row = [...document.querySelectorAll('[data-testid="doc-row"]')].find((r) => r.textContent?.includes(last))!.getBoundingClientRect();
      return row.top >= panel.top && row.bottom <= panel.bottom + 1;
    }, name(COUNT));
    expect(inside).toBe(true);
    await screenshot(page, 'library-long-end');

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

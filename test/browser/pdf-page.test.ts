/**
 * A cited PDF passage in page view: the page is drawn and the passage's lines are boxed on it,
 * inside the drawn page, over the lines that hold its words.
 */
import { describe, expect, inject, it } from 'vitest';
import { ask, highlightBoxes, openRecordedApp, waitForStatus } from './support/app-page.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { OUTLINE_PDF } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('a PDF source in page view', () => {
  it('boxes the cited lines on the drawn page', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    await page.setInputFiles('[data-testid="file-input"]', OUTLINE_PDF);
    await waitForStatus(page, 'pypdf_pdflatex-outline.pdf', 'ready');
    await ask(page, 'Is there a difference between this text and some nonsense like Huardest gefburn?');
    await page.locator('[data-testid="source"]').first().click();
    await page.click('[data-testid="view-page"]');
    const boxes = await highlightBoxes(page, 'canvas');
    expect(boxes.count).toBeGreaterThan(0);
    expect(boxes.inside).toBe(true);
    // the boxes cover part of the page, not all of it
    expect(boxes.share).toBeGreaterThan(0);
    expect(boxes.share).toBeLessThan(0.6);
    await screenshot(page, 'pdf-page-highlight');
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

/**
 * A cited PDF passage in page view: the page is drawn and the passage's lines are boxed on it,
 * inside the drawn page, over the lines that hold its words.
 */
import { describe, expect, inject, it } from 'vitest';
import { ask, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { OUTLINE_PDF } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('a PDF source in page view', () => {
  it('boxes the cited lines on the drawn page', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL);
    await page.setInputFiles('[data-testid="file-input"]', OUTLINE_PDF);
    await waitForStatus(page, 'pypdf_pdflatex-outline.pdf', 'ready');
    await ask(page, 'Is there a difference between this text and some nonsense like Huardest gefburn?');
    await page.locator('[data-testid="source"]').first().click();
    await page.click('[data-testid="view-page"]');
    const boxes = page.locator('[data-testid="pdf-highlight"]');
    await expect.poll(() => boxes.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const canvas = (await page.locator('[data-testid="source-viewer"] canvas').boundingBox())!;
    for (const box of await boxes.all()) {
      const b = (await box.boundingBox())!;
      expect(b.width).toBeGreaterThan(0);
      expect(b.x).toBeGreaterThanOrEqual(canvas.x - 1);
      expect(b.y).toBeGreaterThanOrEqual(canvas.y - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
      expect(b.y + b.height).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
    }
    // the boxes cover part of the page, not all of it
    const covered = (await Promise.all((await boxes.all()).map(async (box) => (await box.boundingBox())!))).reduce((sum, b) => sum + b.width * b.height, 0);
    expect(covered).toBeLessThan(canvas.width * canvas.height * 0.6);
    await screenshot(page, 'pdf-page-highlight');
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

/**
 * Notices and the download panel never cover the question box or the Ask button (at 1280 px, the
 * width the issue saw it), and a failure repeated about the same thing shows one notice, not a stack.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp } from './support/app-page.ts';
import { recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** Whether any element matching `over` intersects the question box or the Ask button. */
function covers(page: Page, over: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const controls = ['form.ask', '[data-testid="ask"]'].map((s) => document.querySelector(s)?.getBoundingClientRect());
    return [...document.querySelectorAll(selector)].some((element) => {
      const a = element.getBoundingClientRect();
      return controls.some((b) => b !== undefined && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
    });
  }, over);
}

describe('overlays', () => {
  it('leave the question box and Ask uncovered, and a repeated failure shows once', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, baseURL);

    await page.click('[data-testid="open-settings"]');
    const bogus = memoryFile('not-a-library.loci', 'application/octet-stream', Buffer.from('not a library'));
    for (let i = 0; i < 3; i++) {
      await page.setInputFiles('[data-testid="import-library"]', bogus);
      await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('[data-testid="import-library"]')?.disabled);
    }
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="notice"]').first().waitFor();
    expect(await page.locator('[data-testid="notice"]').count()).toBe(1);

    expect(await covers(page, '[data-testid="notice"]')).toBe(false);
    expect(await covers(page, '[data-testid="download-dialog"]')).toBe(false);
    // And the box is still usable with the notice up.
    await page.fill('[data-testid="question"]', 'Anything?');
    expect(await page.isEnabled('[data-testid="ask"]')).toBe(true);
    await recorded.context.close();
  });
});

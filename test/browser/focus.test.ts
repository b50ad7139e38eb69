/**
 * A person moving by keyboard sees where they are: the question box, a button and a settings
 * field each draw a 2 px outline in the accent colour when focused from the keyboard.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openRecordedApp } from './support/app-page.ts';
import { useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The outline drawn on `selector` (or on its closest `ringOn` ancestor) while it has keyboard focus. */
function ringOf(page: Page, selector: string, ringOn?: string): Promise<{ width: string; style: string; color: string; accent: string }> {
  return page.evaluate(
    ([s, r]) => {
      const target = document.querySelector<HTMLElement>(s);
      if (!target) throw new Error(`no ${s}`);
      const ring = r ? target.closest<HTMLElement>(r) : target;
      if (!ring) throw new Error(`no ${r}`);
      const style = getComputedStyle(ring);
      // The accent as the browser resolves it, to compare colours in one notation.
      const probe = document.createElement('span');
      probe.style.color = 'var(--accent)';
      document.body.append(probe);
      const accent = getComputedStyle(probe).color;
      probe.remove();
      return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor, accent };
    },
    [selector, ringOn ?? ''] as const,
  );
}

describe('focus', () => {
  it('draws a visible ring on the question box, buttons and settings fields', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);

    await page.focus('[data-testid="question"]');
    const box = await ringOf(page, '[data-testid="question"]', 'form');
    expect(box).toMatchObject({ width: '2px', style: 'solid' });
    expect(box.color).toBe(box.accent);

    // A button reached by Tab (keyboard focus, so :focus-visible applies).
    await page.focus('[data-testid="new-chat"]');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const button = await ringOf(page, '[data-testid="new-chat"]');
    expect(button).toMatchObject({ width: '2px', style: 'solid' });
    expect(button.color).toBe(button.accent);

    await page.click('[data-testid="open-settings"]');
    const field = page.locator('[data-testid="settings-retriever"] input').first();
    await field.focus();
    await page.keyboard.press('ArrowDown');
    const radio = await page.evaluate(() => {
      const focused = document.activeElement;
      return focused instanceof HTMLElement ? getComputedStyle(focused).outlineStyle : 'none';
    });
    expect(radio).toBe('solid');
    await recorded.context.close();
  });
});

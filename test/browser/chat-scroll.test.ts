/**
 * The chat keeps the streamed answer in view while the reader is at the bottom, and leaves the
 * reader where they are once they scroll up to read: a regenerated answer then streams without
 * pulling them down. (The scroll happens once per frame, not per token: see Chat.svelte.)
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ask, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, useBrowser } from './support/browser.ts';
import { memoryFile } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

interface ScrollState {
  top: number;
  /** Pixels below the visible part: 0 at the bottom. */
  below: number;
  overflow: number;
}

function scrollState(page: Page): Promise<ScrollState> {
  return page.evaluate(() => {
    const el = document.querySelector('section.chat .scroller') as HTMLElement;
    return { top: el.scrollTop, below: el.scrollHeight - el.scrollTop - el.clientHeight, overflow: el.scrollHeight - el.clientHeight };
  });
}

describe('the chat scroll', () => {
  it('follows the streamed answer at the bottom and stays put after the reader scrolls up', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    // A short window, so a few turns overflow the chat.
    await page.setViewportSize({ width: 900, height: 520 });
    // answers of 160 tokens, not the full 512: three of them overflow this window by hundreds of
    // pixels (checked below), and every token of the random model is time the suite waits
    await openApp(page, baseURL, 'models=local&reply=160');
    const rules = memoryFile(
      'rules.md',
      'text/markdown',
      Buffer.from('# Refunds\n\nA refund needs the approval of a store manager.\n\n# Returns\n\nGoods may be returned within 30 days with a receipt.\n'),
    );
    await page.setInputFiles('[data-testid="file-input"]', [rules]);
    await waitForStatus(page, 'rules.md', 'ready');

    for (const question of ['Who approves a refund?', 'How long do I have to return goods?', 'What do I need to return goods?']) {
      await ask(page, question);
      // the follow-scroll runs in the next frame
      await expect.poll(async () => (await scrollState(page)).below).toBeLessThan(2);
    }
    const followed = await scrollState(page);
    expect(followed.overflow, 'the turns must overflow the chat for the test to mean anything').toBeGreaterThan(200);

    // Regenerate, and scroll up to read as the new answer starts (in the same task, so before any
    // of its tokens arrive; a click through Playwright would scroll the button into view).
    await page.evaluate(() => {
      document.querySelector('[data-testid="answer"]')?.setAttribute('data-old', '');
      (document.querySelector('[data-testid="regenerate"]') as HTMLButtonElement).click();
      document.querySelector('section.chat .scroller')?.scrollTo({ top: 0 });
    });
    await page.waitForFunction(
      () => {
        const answer = document.querySelector('[data-testid="answer"]');
        return answer !== null && !answer.hasAttribute('data-old') && answer.getAttribute('data-done') === 'true';
      },
      undefined,
      { polling: 200 },
    );
    // two frames after the last token: a follow-scroll would have happened by now
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const after = await scrollState(page);
    expect(after.overflow).toBeGreaterThan(200);
    expect(after.top).toBe(0);

    // Asking again means reading the new answer: following starts again.
    await ask(page, 'Who approves a refund?');
    await expect.poll(async () => (await scrollState(page)).below).toBeLessThan(2);
    await recorded.context.close();
  });
});

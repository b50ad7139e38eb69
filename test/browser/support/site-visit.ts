/**
 * A visit to a site that publishes a library, read the way a person sees it: the library pane's
 * phase for the site's library, its rows and which are the site's, the notices, and the sources
 * of the last answer.
 */
import type { Page } from 'playwright-core';

/** A question and its answer in the chat. */
export const TURN = 'article.turn';

/** Waits until the library pane says the site's library is in `phase` (current, refused…). */
export function sitePhase(page: Page, phase: string, timeout = 180_000): Promise<unknown> {
  return page.waitForSelector(`[data-site-phase="${phase}"]`, { state: 'attached', timeout });
}

/** The library's rows: name → id, and whether each is marked as the site's. */
export function rows(page: Page): Promise<Record<string, { id: string; site: boolean }>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="doc-row"]')].map((row) => [
        row.querySelector('.name')?.textContent?.trim() ?? '',
        { id: row.getAttribute('data-doc-id') ?? '', site: row.getAttribute('data-site') === 'true' },
      ]),
    ),
  );
}

/** The last answer's sources, every chip (the folded ones too), in the order retrieval gave them (the cited ones are shown first). */
export async function lastSources(page: Page): Promise<{ doc: string; title: string }[]> {
  const turn = page.locator(TURN).last();
  const more = turn.locator('[data-testid="more-sources"]');
  if ((await more.count()) > 0) await more.first().click();
  const chips = await turn
    .locator('[data-testid="source"]')
    .evaluateAll((all) => all.map((c) => ({ n: Number(c.getAttribute('data-n')), doc: c.getAttribute('data-doc') ?? '', title: c.getAttribute('title') ?? '' })));
  return chips.sort((a, b) => a.n - b.n).map(({ doc, title }) => ({ doc, title }));
}

/** Waits until a notice holding `words` is shown. */
export function noticeWith(page: Page, words: string, timeout = 120_000): Promise<unknown> {
  return page.waitForFunction((w) => [...document.querySelectorAll('[data-testid="notice"]')].some((n) => n.textContent?.includes(w)), words, { timeout, polling: 50 });
}

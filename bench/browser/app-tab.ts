/**
 * A fresh tab of the app with the tiny local models (or the URL `query` given: the models
 * benchmark's stand-in embedder), its main-thread probe installed before any script runs.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openApp } from '../../test/browser/support/app-page.ts';
import { installProbe } from './main-thread.ts';

/** A count the first document row's meta line shows ("1,582 passages", "104 pages"); NaN when it shows none. */
export async function rowCount(page: Page, unit: string): Promise<number> {
  const meta = (await page.locator('[data-testid="doc-row"] .meta').first().textContent()) ?? '';
  return Number(meta.match(new RegExp(`([\\d,]+) ${unit}`))?.[1]?.replace(/,/g, '') ?? NaN);
}

export async function probedAppTab(browser: Browser, baseURL: string, query?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await installProbe(context);
  const page = await context.newPage();
  await openApp(page, baseURL, query);
  return { context, page };
}

/**
 * A fresh tab of the app with the tiny local models (or the URL `query` given: the models
 * benchmark's stand-in embedder), its main-thread probe installed before any script runs.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openApp } from '../../test/browser/support/app-page.ts';
import { installProbe } from './main-thread.ts';

export async function probedAppTab(browser: Browser, baseURL: string, query?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await installProbe(context);
  const page = await context.newPage();
  await openApp(page, baseURL, query);
  return { context, page };
}

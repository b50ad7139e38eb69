/** Driving the worker harness page (test/browser/harness.html) from a test. */
import type { Page } from 'playwright-core';
import type { AppSettings, DeviceSummary, LibraryDoc } from '../../../src/protocol/api.ts';
import type { AskRequest } from '../../../src/protocol/ask.ts';
import type { AskResult, Harness } from '../harness.ts';
import { LOCAL } from './app-page.ts';
import { timedPhase } from './timing.ts';

type HarnessWindow = { lociHarness: Harness };

/** `query`: the site's tiny models and replies cut at 32 tokens, as in the app's tests (app-page.ts LOCAL). */
export async function openHarness(page: Page, baseURL: string, query = LOCAL): Promise<{ settings: AppSettings; device: DeviceSummary }> {
  return timedPhase('app start (models)', async () => {
    await page.goto(`${baseURL}/test/browser/harness.html?${query}`);
    await page.waitForFunction(() => 'lociHarness' in window);
    return page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.start());
  });
}

export function harnessDocuments(page: Page): Promise<LibraryDoc[]> {
  return page.evaluate(() => (window as unknown as HarnessWindow).lociHarness.client.documents());
}

/** Waits until `count` documents have settled (ready or error). */
export async function waitSettled(page: Page, count: number): Promise<LibraryDoc[]> {
  await timedPhase('wait: status', () => page.waitForFunction(
    (n) => {
      const docs = (window as unknown as HarnessWindow).lociHarness.documents;
      return docs.length >= n && docs.every((d) => d.status === 'ready' || d.status === 'error');
    },
    count,
    { polling: 250 },
  ));
  return harnessDocuments(page);
}

export function harnessAsk(page: Page, question: string, chatId: string, choices: Omit<AskRequest, 'chatId'> = {}): Promise<AskResult> {
  return page.evaluate(([q, c, o]) => (window as unknown as HarnessWindow).lociHarness.ask(q, c, o), [question, chatId, choices] as const);
}

/**
 * A question about one document once it is ready, as a person asks it, twice in one run with the
 * same document and question, each in a fresh tab: asked at once, when the question makes the
 * document's topics itself (what the chat says it waits for), and asked once the library has
 * found them while idle (what a person who asks later waits).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { turnStatusSeen, waitForStatus, waitForTopics, watchTurnStatus } from '../../test/browser/support/app-page.ts';
import { probedAppTab, rowCount } from './app-tab.ts';

export interface TopicsResult {
  pdf: string;
  chunks: number;
  topics: number;
  /** Asked as soon as the row said ready: question to its sources on screen, ms. */
  askedAtOnceMs: number;
  /** Whether that question was seen waiting for the topics ("Finding the topics of …"). */
  atOnceWaited: boolean;
  /** Ready to the row saying its topics, in the other tab (the idle wait, then the clustering), ms. */
  foundWhileIdleMs: number;
  /** Asked once the row said its topics: question to its sources on screen, ms. */
  askedAfterIdleMs: number;
  /** Whether that question was seen waiting for them (it should not). */
  afterIdleWaited: boolean;
}

const WAITING = /Finding the topics of|正在整理 .* 的主题/;

/** Asks and times the question to its first source on screen, watching whether the turn said it waited for topics. */
async function timedQuestion(page: Page, question: string): Promise<{ ms: number; waited: boolean }> {
  await watchTurnStatus(page);
  const before = await page.locator('[data-testid="source"]').count();
  const t0 = Date.now();
  await page.fill('[data-testid="question"]', question);
  await page.click('[data-testid="ask"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="source"]').length > n, before, { timeout: 600_000, polling: 20 });
  const ms = Date.now() - t0;
  const seen = await turnStatusSeen(page);
  return { ms, waited: seen.some((text) => WAITING.test(text)) };
}

async function droppedAndReady(browser: Browser, baseURL: string, pdf: string) {
  const tab = await probedAppTab(browser, baseURL);
  await tab.page.setInputFiles('[data-testid="file-input"]', pdf);
  await waitForStatus(tab.page, path.basename(pdf), ['ready', 'error'], 900_000);
  const status = await tab.page.locator('[data-testid="doc-row"]').getAttribute('data-status');
  if (status !== 'ready') throw new Error(`${path.basename(pdf)} did not index: ${await tab.page.locator('[data-testid="doc-row"]').textContent()}`);
  return tab;
}

export async function benchTopics(browser: Browser, baseURL: string, pdf: string, question: string, log: (line: string) => void): Promise<TopicsResult> {
  const name = path.basename(pdf);
  const first = await droppedAndReady(browser, baseURL, pdf);
  let atOnce: { ms: number; waited: boolean };
  try {
    atOnce = await timedQuestion(first.page, question);
    log(`topics: asked at once, sources after ${(atOnce.ms / 1000).toFixed(1)} s${atOnce.waited ? ', waiting for the topics' : ''}`);
  } finally {
    await first.context.close();
  }
  const second = await droppedAndReady(browser, baseURL, pdf);
  try {
    const t0 = Date.now();
    await waitForTopics(second.page, name, 600_000);
    const foundWhileIdleMs = Date.now() - t0;
    const row = second.page.locator('[data-testid="doc-row"]');
    const topics = Number(await row.getAttribute('data-topics'));
    const chunks = await rowCount(second.page, 'passages');
    log(`topics: ${topics} found while idle, ${(foundWhileIdleMs / 1000).toFixed(1)} s after ready`);
    const afterIdle = await timedQuestion(second.page, question);
    log(`topics: asked after, sources after ${(afterIdle.ms / 1000).toFixed(1)} s`);
    return { pdf: name, chunks, topics, askedAtOnceMs: atOnce.ms, atOnceWaited: atOnce.waited, foundWhileIdleMs, askedAfterIdleMs: afterIdle.ms, afterIdleWaited: afterIdle.waited };
  } finally {
    await second.context.close();
  }
}

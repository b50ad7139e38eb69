/** The app opened with one document indexed, to drop others beside it and check it is left alone. */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { docRow, openApp, waitForStatus, waitForTopics } from './app-page.ts';
import { DATA_SECURITY_LAW } from './files.ts';
import { readIndex, type IndexContents } from './idb.ts';

export interface OneLaw {
  /** The document's file name, as its row shows it. */
  name: string;
  /** Its row's text once ready and its topics found. */
  row: string | null;
  /** The index as stored once it was ready. */
  index: IndexContents;
}

export async function appWithOneLaw(page: Page, baseURL: string): Promise<OneLaw> {
  const name = path.basename(DATA_SECURITY_LAW);
  await openApp(page, baseURL);
  await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
  await waitForStatus(page, name, 'ready');
  // its topics are found once the library is idle, and written then: the row and the index are taken after
  await waitForTopics(page, name);
  return { name, row: await docRow(page, name).textContent(), index: await readIndex(page) };
}

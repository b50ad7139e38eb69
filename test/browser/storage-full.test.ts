/**
 * Full storage (issue 41): with the origin's quota set by DevTools to what is stored plus 1.5 MB,
 * a 1.7 MB 10-K and a 16 KB law dropped together. The law fits and becomes ready; the 10-K gets a
 * row saying the storage is full, with its size and the room left, and Retry; a notice warned
 * before the drop, in a sentence. Deleting a document in Settings › Storage (which lists what each
 * takes; the two stored before are deleted) makes room, and Retry stores the 10-K this tab still
 * holds and indexes it, and the warning goes. The two documents stored before are one-page PDFs
 * of 5 MB (test/support/padded-pdf.ts): they take the room two indexed 10-Ks took, without the
 * minutes of indexing and clustering two 10-Ks (docs/decisions/2026-12-02-test-suite-time.md).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { docRow, imageSaved, openRecordedApp, QUIET, topicsSettled, waitForStatus } from './support/app-page.ts';
import { offMachine, screenshot, useBrowser } from './support/browser.ts';
import { paddedTextPdf } from '../support/padded-pdf.ts';
import { COCA_COLA_10K, DATA_SECURITY_LAW, memoryFile } from './support/files.ts';
import { bareErrorName } from './support/notice-words.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const BIG = path.basename(COCA_COLA_10K);
const SMALL = path.basename(DATA_SECURITY_LAW);
const DELETED = 'handbook-2022.pdf';
/** Deleted too: the 10-K's index asks for more room than one of them gives back. */
const ALSO_DELETED = 'handbook-2019.pdf';
/** A one-page handbook of `megabytes` MB, its lines naming its year. */
function handbook(name: string, megabytes: number, seed: number) {
  const year = name.match(/\d{4}/)![0];
  const lines = [
    `Staff handbook ${year}`,
    `Leave: every member of staff has twenty-five days of paid leave in ${year}.`,
    'Expenses are paid back within thirty days of a claim with its receipts.',
    'A request for equipment goes to the office manager, who answers within a week.',
  ];
  return memoryFile(name, 'application/pdf', Buffer.from(paddedTextPdf(lines, Math.round(megabytes * 1024 * 1024), seed)));
}
/**
 * Room for the 16 KB law, not for the 1.7 MB 10-K. Larger than the issue's 0.5 MB: indexing the
 * 10-K asks for 2-3 MB at a time on top of the 3.5 MB it keeps, which the two handbooks' 10 MB
 * give back once deleted.
 */
const HEADROOM = 1_500_000;
/** What the two handbooks deleted take: 5.2 MB and 4.8 MB. */
const HANDBOOKS = 10 * 1024 * 1024;
/**
 * Chromium's IndexedDB takes the room it may use from the quota at most every 30 s
 * (BucketContext::kBucketSpaceCacheTimeLimit), so a quota set now holds for it only after that.
 */
const IDB_ALLOWANCE_MS = 31_000;

async function usage(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
}

/** What the origin uses, by kind of storage, for a failure's message. */
function usageDetails(page: Page): Promise<string> {
  return page.evaluate(async () => JSON.stringify((await navigator.storage.estimate()) as unknown));
}

/** Waits until the origin's usage has not changed for two seconds (model caches, the open image). */
async function settledUsage(page: Page): Promise<number> {
  let last = await usage(page);
  for (let still = 0; still < 4; ) {
    await page.waitForTimeout(500);
    const now = await usage(page);
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

async function settings(page: Page, open: boolean): Promise<void> {
  const shown = await page.locator('[data-testid="storage"]').isVisible();
  if (shown !== open) await (open ? page.click('[data-testid="open-settings"]') : page.keyboard.press('Escape'));
}

// a 10-K indexed, and Chromium's 31 s quota cache waited out: minutes beside other files
describe('a drop into full storage', () => {
  it('stores what fits, lists what does not with its sizes and Retry, and Retry after a deletion indexes it', async () => {
    // the topics and the open image, written before the room is measured, come soon after the drop (QUIET)
    const { recorded, page } = await openRecordedApp(browser(), baseURL, QUIET);
    // pre-parsing is not what this is about, and takes minutes for a 10-K
    await settings(page, true);
    await page.selectOption('[data-testid="settings-preparse"]', 'off');
    await settings(page, false);

    await page.setInputFiles('[data-testid="file-input"]', [handbook(DELETED, 5.2, 22), handbook(ALSO_DELETED, 4.8, 19)]);
    await waitForStatus(page, DELETED, 'ready');
    await waitForStatus(page, ALSO_DELETED, 'ready');
    // the topics the library finds while idle are written before the room is measured
    await topicsSettled(page);
    await imageSaved(page);
    const stored = await settledUsage(page);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL).origin, quotaSize: stored + HEADROOM });
    await page.waitForTimeout(IDB_ALLOWANCE_MS);

    await page.setInputFiles('[data-testid="file-input"]', [COCA_COLA_10K, DATA_SECURITY_LAW]);
    await waitForStatus(page, SMALL, 'ready');
    await waitForStatus(page, BIG, 'error');

    // the row names the storage, the file's size and the room left, and offers Retry
    const problem = docRow(page, BIG).locator('[data-testid="doc-problem"]');
    expect(await problem.getAttribute('data-storage-full')).toBe('file');
    const words = (await problem.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
    const sizes = words.match(/^COCACOLA_2017_10K\.pdf was not stored: the browser's storage for this site is full\. The file alone needs 1\.7 MB; ([\d.]+) (KB|MB) is free\. To make room, delete documents in Settings › Storage/);
    expect(sizes, words).not.toBeNull();
    const free = Number(sizes![1]) * (sizes![2] === 'KB' ? 1024 : 1024 * 1024);
    expect(free).toBeLessThan(HEADROOM);
    await expect.poll(() => docRow(page, BIG).locator('[data-testid="retry-doc"]').isVisible()).toBe(true);
    // and says it in the page's language
    await settings(page, true);
    await page.selectOption('[data-testid="settings-language"]', 'zh');
    await expect.poll(() => problem.textContent()).toMatch(/COCACOLA_2017_10K\.pdf 未能存储：浏览器为本网站提供的存储空间已满。仅文件本身就需要 1\.7 MB，目前剩余 [\d.]+ (KB|MB)。/);
    await page.selectOption('[data-testid="settings-language"]', 'en');
    await settings(page, false);

    // the warning before the drop, in a sentence with the sizes
    const notices = () => page.locator('[data-testid="notice"]').allTextContents();
    expect((await notices()).join('\n')).toMatch(/The 2 files dropped need 1\.7 MB, and the browser lets Loci store only [\d.]+ (KB|MB) more/);
    await screenshot(page, 'storage-full-row');

    // Settings › Storage, opened from the row: what each document takes, and whether the browser keeps the library
    await docRow(page, BIG).locator('[data-testid="open-storage"]').click();
    const listed = page.locator('[data-testid="storage-doc"]');
    await expect.poll(() => listed.count()).toBe(3);
    // the largest first: the larger handbook, its file of 5.2 MB and its index
    expect((await listed.first().textContent())?.replace(/\s+/g, ' ')).toMatch(new RegExp(`${DELETED.replace(/\./g, '\\.')}\\s*file 5\\.2 MB · index about [\\d.]+ (B|KB|MB)`));
    // the page asked the browser to keep the library when the files were added (the state is "not asked yet" before); headless Chromium refuses
    expect(await page.locator('[data-testid="storage-persistence"]').getAttribute('data-state')).toBe('refused');
    // the tab's memory beside the storage: measuring at first (the browser may take a minute), read at the end of the test
    expect(await page.locator('[data-testid="tab-memory"]').textContent()).toMatch(/^(Measuring this tab’s memory|This tab holds [\d.]+ MB of memory)/);
    await screenshot(page, 'storage-full-settings');
    for (const left of [2, 1]) {
      await listed.first().locator('[data-testid="storage-delete"]').click();
      await page.click('[data-testid="storage-confirm-delete"]');
      // deleting a document rewrites the stores and the open image: seconds when other files share the cores
      await expect.poll(() => listed.count()).toBe(left);
    }
    await settings(page, false);
    expect(await docRow(page, DELETED).count()).toBe(0);
    expect(await docRow(page, ALSO_DELETED).count()).toBe(0);
    // the open image is made again without the deleted document, which gives its copy's room back
    await imageSaved(page);
    // Chromium's IndexedDB on LevelDB (Debian's Chromium 150) keeps a deleted record's bytes until
    // it compacts, which no page can ask for: the room the handbooks gave back is given as quota
    // too, so that Retry is tested whichever backend the browser has
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL).origin, quotaSize: stored + HEADROOM + HANDBOOKS });
    await page.waitForTimeout(IDB_ALLOWANCE_MS);

    await docRow(page, BIG).locator('[data-testid="retry-doc"]').click();
    // stored this time: the row leaves its failure, then ends ready (or fails again, said below)
    await waitForStatus(page, BIG, ['queued', 'indexing', 'ready']);
    await waitForStatus(page, BIG, ['ready', 'error']);
    expect(await docRow(page, BIG).getAttribute('data-status'), `${await docRow(page, BIG).textContent()} (${await usageDetails(page)})`).toBe('ready');
    expect(await docRow(page, SMALL).getAttribute('data-status')).toBe('ready');
    // what the warning was about is resolved: it is gone
    await expect.poll(notices).not.toContainEqual(expect.stringMatching(/files dropped need/));
    // the measurement begun while Settings was open went on without it: opened again, it shows the figure
    await settings(page, true);
    const memory = page.locator('[data-testid="tab-memory"]');
    await expect.poll(() => memory.getAttribute('data-bytes')).toMatch(/^\d+$/);
    expect(Number(await memory.getAttribute('data-bytes'))).toBeGreaterThan(10e6);
    expect(await memory.textContent()).toMatch(/^This tab holds [\d.]+ MB of memory \(the page, the search index and the models\)\.$/);
    await settings(page, false);

    expect(recorded.shown.length).toBeGreaterThan(0);
    expect(recorded.shown.filter(bareErrorName)).toEqual([]);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });

  it('says in Settings › Storage when the browser keeps the library', async () => {
    const { recorded, page } = await openRecordedApp(browser(), baseURL);
    const origin = new URL(baseURL).origin;
    // what a browser grants a site a person engaged with (headless Chromium refuses by itself)
    const { targetInfo } = await (await page.context().newCDPSession(page)).send('Target.getTargetInfo');
    const session = await browser().newBrowserCDPSession();
    await session.send('Browser.setPermission', { permission: { name: 'persistent-storage' }, setting: 'granted', origin, browserContextId: targetInfo.browserContextId });

    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, SMALL, 'ready');
    expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
    await settings(page, true);
    await expect.poll(() => page.locator('[data-testid="storage-persistence"]').getAttribute('data-state')).toBe('granted');
    expect(await page.locator('[data-testid="storage-persistence"]').textContent()).toMatch(/^Persistent: the browser keeps this data until you delete it\./);
    await session.detach();
    await recorded.context.close();
  });
});

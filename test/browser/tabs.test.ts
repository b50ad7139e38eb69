/**
 * Two tabs of the app in one browser profile: the first holds the library (a Web Lock taken by its
 * engine worker); the second says so and waits, starting nothing, and opens the library once the
 * first tab is closed — with the document the first one indexed.
 */
import { describe, expect, inject, it } from 'vitest';
import { appStarted, embedderDevice, openApp, waitForStatus } from './support/app-page.ts';
import { recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const LAW = '数据安全法_2021.md';

describe('a second tab of the app', () => {
  it('waits while the first holds the library, says why, and opens it once the first is closed', async () => {
    const recorded = await recordedContext(browser());
    const first = await recorded.newPage();
    await openApp(first, baseURL);
    await first.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(first, LAW, 'ready');

    const second = await recorded.newPage();
    await second.goto(`${baseURL}/?models=local`);
    const notice = second.locator('[data-testid="other-tab"]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/open in another tab/);
    await screenshot(second, 'second-tab-waiting');
    // nothing started meanwhile: no models, no rows, the question box closed
    expect(await embedderDevice(second)).toBeNull();
    expect(await second.locator('[data-testid="doc-row"]').count()).toBe(0);
    expect(await second.getByText('No documents yet').count()).toBe(0);

    await first.close();
    await appStarted(second);
    await waitForStatus(second, LAW, 'ready');
    expect(await notice.count()).toBe(0);
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

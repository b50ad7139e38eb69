/**
 * Offline after the first visit: the service worker has precached the app shell, the workers and
 * ONNX Runtime's wasm; transformers.js has cached the models. With the server gone and the browser
 * offline, a reload opens the app, the library is there, and a question is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, ask, openApp, statuses, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';
import { startPreview, type PreviewServer } from './support/server.ts';

const NAME = '数据安全法_2021.md';
const browser = useBrowser();
// A server of its own, so that cutting the network can mean stopping the server for real.
let server: PreviewServer | undefined;

beforeAll(async () => {
  server = await startPreview();
});

afterAll(async () => {
  await server?.close();
});

describe('offline after the first visit', () => {
  it('reloads and answers with the server stopped and the browser offline', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, server!.url);
    // The service worker installed (precache complete) and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    await page.setInputFiles('[data-testid="file-input"]', DATA_SECURITY_LAW);
    await waitForStatus(page, NAME, 'ready');
    await ask(page, '数据处理者应当履行哪些数据安全保护义务？');
    const online = recorded.requests.length;

    await server!.close();
    server = undefined;
    await recorded.context.setOffline(true);
    await page.reload();
    await appStarted(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await waitForStatus(page, NAME, 'ready', 30_000);
    expect(await statuses(page)).toEqual({ [NAME]: 'ready' });
    await ask(page, '国家对数据实行什么保护制度？');
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'offline-answer');

    // Whatever was still requested offline was answered by the service worker or a cache.
    expect(recorded.requests.length).toBeGreaterThan(online);
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

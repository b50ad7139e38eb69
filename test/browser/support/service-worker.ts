/**
 * The service worker stopped as the browser stops an idle one (DevTools' ServiceWorker domain):
 * the next request the page or its workers make wakes a fresh one, with nothing in memory.
 */
import type { Page } from 'playwright-core';

/** Stops the service workers of `page`'s browser context and waits until the active one is stopped. */
export async function stopServiceWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((version) => version.status === 'activated' && version.runningStatus === 'stopped')) resolve();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await cdp.detach();
}

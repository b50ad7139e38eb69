/**
 * The app in the dev server (`npm run dev`): the engine worker is started the one way it is in the
 * build, by the page's early module script (build/early-engine.ts, src/client/engine-worker.ts),
 * which the app's client imports too; the app takes that worker (one engine worker, not two), and
 * it works: the start resolves, and a document dropped is indexed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStarted, LOCAL, waitForStatus } from './support/app-page.ts';
import { recordedContext, useBrowser } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { DATA_SECURITY_LAW } from './support/files.ts';

const browser = useBrowser();
let server: DevServer;

beforeAll(async () => {
  server = await startDevServer();
});

afterAll(async () => {
  await server?.close();
});

describe('the dev server', () => {
  it('starts the engine worker once, from the early script, and the engine answers', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await page.goto(`${server.url}/?${LOCAL}`);
    // the dev server may pre-bundle a dependency it meets on the first load and reload the page once
    await appStarted(page, 240_000);
    const early = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="module"]')].filter((s) => (s as HTMLScriptElement).async).map((s) => s.getAttribute('src')),
    );
    expect(early).toEqual(['/src/client/engine-worker.ts']);
    const engines = page.workers().filter((w) => w.url().includes('engine.worker'));
    expect(engines.map((w) => new URL(w.url()).pathname)).toEqual(['/workers/engine.worker.ts']);
    // the engine worker's own module ran: it set the memory report's hook (workers/engine.worker.ts)
    expect(await engines[0].evaluate(() => typeof (self as unknown as { lociMemoryReport?: unknown }).lociMemoryReport)).toBe('function');
    // and it does its work: a document dropped is read, embedded in the embed worker and indexed
    await page.setInputFiles('[data-testid="file-input"]', [DATA_SECURITY_LAW]);
    await waitForStatus(page, '数据安全法_2021.md', 'ready');
    expect(recorded.errors).toEqual([]);
    await recorded.context.close();
  });
});

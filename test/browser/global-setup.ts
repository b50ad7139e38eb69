/**
 * Builds the app once (with the worker harness page) and serves the build with `vite preview`,
 * which also serves the shared models folder at /models/ (scripts/serve-models.ts), and launches
 * the run's one Chromium, which every file connects to (support/browser.ts useBrowser).
 * LOCI_SKIP_BUILD=1 reuses the last test build when iterating on the tests themselves.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { timed } from '../../scripts/test-times.ts';
import { launchOptions, TEST_SWITCHES } from './support/chromium.ts';
import { buildApp, startPreview } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The run's Chromium (playwright-core's launchServer), which each file connects to. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.LOCI_SKIP_BUILD !== '1') await timed('(global setup)', 'production build', () => buildApp());
  const server = await timed('(global setup)', 'preview server', () => startPreview());
  project.provide('baseURL', server.url);
  const browser = await timed('(global setup)', 'chromium start', () => chromium.launchServer(launchOptions(TEST_SWITCHES)));
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}

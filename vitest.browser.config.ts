import { defineConfig } from 'vitest/config';
import { installNodePolyfills } from './scripts/node-polyfills.ts';

installNodePolyfills();

// End-to-end tests of the production build in headless Debian Chromium (playwright-core). The
// global setup builds once and serves the build with /models/; files run one at a time because
// each drives a real browser doing real inference on two shared cores.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
  },
});

import { defineConfig } from 'vitest/config';
import { installNodePolyfills } from './scripts/node-polyfills.ts';
import { HANG_MS, TEST_HANG_MS } from './test/browser/support/limits.ts';

installNodePolyfills();

/**
 * Test files running at once, Node and browser together (vitest.config.ts). Three on two cores:
 * a browser file spends most of its time waiting, and the third keeps a core busy meanwhile.
 */
export const TEST_WORKERS = 3;

// End-to-end tests of the production build in headless Debian Chromium (playwright-core). The
// global setup builds once, serves the build with /models/ and starts the run's one Chromium;
// each file works in contexts of its own, so files can run beside each other and the Node files.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    // limits that only a hang reaches, on the slowest machine a run may land on (support/limits.ts)
    testTimeout: TEST_HANG_MS,
    expect: { poll: { timeout: HANG_MS } },
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
  },
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { installNodePolyfills } from './scripts/node-polyfills.ts';

installNodePolyfills();

// One run, two projects, one after the other (groupOrder): the Node suite (core units, adapters
// with the real tiny models, CLI), then the end-to-end suite of the production build in real
// Chromium (vitest.browser.config.ts). Sequential because both do real inference on two cores.
export default defineConfig({
  test: {
    // scripts/test-times.ts writes test-results/test-times.json: each file's wall time and phases
    reporters: ['default', './scripts/test-times.ts'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**'],
          environment: 'node',
          // the CLI's embedding cache (src/cli/options.ts defaultCacheDir) stays out of the home folder
          env: { LOCI_CACHE_DIR: path.resolve('test-results/loci-cache') },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './vitest.browser.config.ts',
        test: { name: 'browser', sequence: { groupOrder: 1 } },
      },
    ],
  },
});

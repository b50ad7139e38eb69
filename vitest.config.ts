import { defineConfig } from 'vitest/config';
import { installNodePolyfills } from './scripts/node-polyfills.ts';

installNodePolyfills();

// Node-side tests: core units, adapters with the real tiny models, CLI. Browser tests live in
// test/browser and run against the production build through playwright-core (see test/browser/README).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

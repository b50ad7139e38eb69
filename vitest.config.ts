import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { installNodePolyfills } from './scripts/node-polyfills.ts';
import LongestFirstSequencer from './scripts/test-order.ts';
import { TEST_WORKERS } from './vitest.browser.config.ts';

installNodePolyfills();

/**
 * Node files that keep both cores busy on their own: OCR with onnxruntime-node (which runs a thread
 * per core), the `loci` command in processes of its own (each loads its models), the random chat
 * model generating. Three at once, or beside the browser files, they took three times as long and
 * ran past their timeouts; after the others, two at a time, they take what they took before.
 */
const HEAVY = ['test/cli/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/reliability/**/*.test.ts'];

const nodeProject = {
  environment: 'node',
  // the CLI's embedding cache (src/cli/options.ts defaultCacheDir) stays out of the home folder
  env: { LOCI_CACHE_DIR: path.resolve('test-results/loci-cache') },
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

// One run, three projects. First, side by side, the Node suite's light files (core units, adapters
// with the real tiny models) and the end-to-end suite of the production build in real Chromium
// (vitest.browser.config.ts): a browser file mostly waits (for a page, a worker, a model's
// compilation), so three files run at once on the two cores, the longest first
// (scripts/test-order.ts). Then the heavy Node files, two at a time.
// docs/decisions/2026-12-02-test-suite-time.md has the times.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    // scripts/test-times.ts writes test-results/test-times.json: each file's wall time and phases
    reporters: ['default', './scripts/test-times.ts'],
    projects: [
      {
        test: {
          ...nodeProject,
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**', ...HEAVY],
          // the same as the browser project's: projects that run side by side share their workers
          maxWorkers: TEST_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './vitest.browser.config.ts',
        test: { name: 'browser', sequence: { groupOrder: 0 } },
      },
      {
        test: { ...nodeProject, name: 'heavy', include: HEAVY, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});

import { readdirSync } from 'node:fs';
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

/**
 * Node files that share one module graph per worker (isolate off): units of src/core, the app's
 * state, the browser storage on fake-indexeddb, the docs and the build's checks, which neither mock
 * modules nor change what modules share. Each file importing its modules afresh cost them 69 s of
 * CPU where sharing costs 25 s (128 files, three shuffled orders passing;
 * docs/decisions/2026-12-02-test-suite-time.md). The files named below, and the model, worker and
 * eval files, mock modules, stub globals, set the model library's settings or change a default,
 * and keep a fresh import each: a new file that does such things belongs with them.
 */
const SHARED_FOLDERS = ['core', 'app', 'browser-storage', 'docs', 'architecture', 'build', 'client', 'scripts', 'bench'];
const ISOLATED = [
  'test/app/model-size.test.ts',
  'test/app/tab-memory.test.ts',
  'test/architecture/dependency-rules.test.ts',
  'test/bench/memory-table.test.ts',
  'test/build/site-library-publish.test.ts',
  'test/core/engine/ask.test.ts',
  'test/core/engine/question.test.ts',
  'test/core/ingest/pdfjs.test.ts',
  'test/core/pipeline/scope.test.ts',
  'test/core/preparse/validate.test.ts',
  'test/core/search/retrieve.test.ts',
];
const SHARED = SHARED_FOLDERS.flatMap((folder) => testFiles(`test/${folder}`)).filter((file) => !ISOLATED.includes(file));

/** The test files under a folder, as paths from the project's root. */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')))
    .sort();
}

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
          exclude: ['test/browser/**', 'node_modules/**', ...HEAVY, ...SHARED],
          // the same as the browser project's: projects that run side by side share their workers
          maxWorkers: TEST_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...nodeProject,
          name: 'node-shared',
          include: SHARED,
          isolate: false,
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

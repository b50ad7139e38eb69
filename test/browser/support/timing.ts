/**
 * Times the expensive phases of a browser test file (Chromium start-up, app start with its model
 * loads, waits for indexing and for the idle work) into test-results/test-times.json, through the
 * reporter in scripts/test-times.ts.
 */
import { expect } from 'vitest';
import { timed } from '../../../scripts/test-times.ts';

/** The test file running now, as vitest names it (an absolute path). */
function currentFile(): string {
  try {
    return expect.getState().testPath ?? '(unknown)';
  } catch {
    return '(unknown)';
  }
}

export function timedPhase<T>(phase: string, work: () => Promise<T>): Promise<T> {
  return timed(currentFile(), phase, work);
}

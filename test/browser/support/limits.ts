/**
 * How long the browser tests wait before they call something a hang. Every wait is for the event
 * it needs (a row's status, an answer's end, a worker's start), never for a time; its limit only
 * ends a run that would never end, so it is far above what slowness can cause: CI lands on machines
 * of one kind that differ in speed, and `taskset -c 0 npm test` runs the whole suite on one core
 * (issue 72).
 */

/** One wait: Playwright's default for every context (browser.ts), `expect.poll`'s, and the helpers'. */
export const HANG_MS = 10 * 60_000;

/** One test, made of a few such waits in a row: vitest's testTimeout for the browser project. */
export const TEST_HANG_MS = 20 * 60_000;

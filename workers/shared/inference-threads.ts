/**
 * The embed worker's threads: every core, up to four. ORT's default, half the cores, left one core
 * of a two-core laptop idle while a document was embedded: the e5-shaped stand-in in Chromium on
 * two quiet cores read 9.5 texts/s on two threads against 5.8 on one, same run, and the 10-K was
 * ready 409 s after its drop instead of 604 (`npm run bench:models`; on a machine loaded by other
 * work, 3.9 against 4.8). The other workers mostly wait meanwhile, the page's main thread had no
 * long task, and a question's work goes before indexing's (inference-queue.ts).
 */
export function embedThreads(cores: number): number {
  return Math.min(4, Math.max(1, Math.floor(cores) || 1));
}

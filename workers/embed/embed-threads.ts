/**
 * The embed worker's threads: every core, up to four. ORT's default, half the cores, left one core
 * of a two-core laptop idle while a document was embedded: the e5-shaped stand-in in Chromium on
 * two quiet cores read 8.2 texts/s on two threads against 4.7 on one (`npm run bench:models`; on
 * a machine loaded by other work, 3.9 against 4.8). The other workers mostly wait meanwhile, and
 * a question's work goes before indexing's (inference-queue.ts).
 */
export function embedThreads(cores: number): number {
  return Math.min(4, Math.max(1, Math.floor(cores) || 1));
}

/**
 * The threads of onnxruntime-web in the embed and LLM workers (transformers-env.ts sets them for
 * both): every core, up to four. ORT's default, half the cores, left one core of a two-core laptop
 * idle while the model ran: with the production-shaped stand-ins, every core embedded a 10-K and
 * wrote a first answer far sooner (docs/decisions/2026-11-28-first-answer-on-the-cpu.md).
 * The page's main thread had no long task; when both workers run at once (a question asked while a
 * document is embedded) they share the cores, and a question's embedding goes first
 * (embed/inference-queue.ts).
 */
export function inferenceThreads(cores: number): number {
  return Math.min(4, Math.max(1, Math.floor(cores) || 1));
}

/** ORT's own default, half the cores up to four: the baseline `npm run bench:models` keeps beside the count above. */
export function ortDefaultThreads(cores: number): number {
  return Math.min(4, Math.max(1, Math.ceil(cores / 2)));
}

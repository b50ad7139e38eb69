/**
 * The threads of onnxruntime-web in the embed and LLM workers (transformers-env.ts sets them for
 * both): every core, up to four. ORT's default, half the cores, left one core of a two-core laptop
 * idle while the model ran. Measured with the production-shaped stand-ins in Chromium on two quiet
 * cores, same runs (`npm run bench:models`):
 * - embedding (e5-small): 9.5 texts/s on two threads against 5.8 on one, and the 10-K was ready
 *   409 s after its drop instead of 604 (on a machine loaded by other work, 3.9 against 4.8);
 * - answering (Qwen2.5-0.5B, a 1,458-token prompt): prefill 55.7 tokens/s against 31.7, decode 11.7
 *   against 6.7, so a 200-token first answer 43 s instead of 76; the model loads in 14 s instead of 20.
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

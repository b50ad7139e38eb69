/**
 * transformers.js with ONNX Runtime's glue: most of the embed and LLM workers' code (560 KB of each
 * one's 563 KB), imported at a worker's first model load or tokenizer rather than as it starts. A
 * tab opening a large library starts both workers beside the engine worker, which then decodes the
 * open image on the same two cores; the model workers have nothing to do until the index is open
 * (their device probe and plan need none of this code). Each worker imports only its own models.
 */

/** The embed worker's: the embedder and the cross-encoder reranker. */
export async function encoderCode() {
  const [env, embedder, reranker] = await Promise.all([
    import('./transformers-env.ts'),
    import('../../src/models/transformers-embedder.ts'),
    import('../../src/models/transformers-reranker.ts'),
  ]);
  return { ...env, ...embedder, ...reranker };
}

/** The LLM worker's: the chat model and its tokenizer alone. */
export async function generatorCode() {
  const [env, generator] = await Promise.all([import('./transformers-env.ts'), import('../../src/models/transformers-generator.ts')]);
  return { ...env, ...generator };
}

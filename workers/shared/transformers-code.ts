/**
 * transformers.js with ONNX Runtime's glue: nearly all of the embed and LLM workers' code,
 * imported at a worker's first model load or tokenizer rather than as it starts. A
 * tab opening a large library starts both workers beside the engine worker, which then decodes the
 * open image on the same two cores; the model workers have nothing to do until the index is open
 * (their device probe and plan need none of this code). Both workers import the same modules, a
 * few kilobytes more than each needs, so that the build makes one shared chunk: importing only its
 * own, each worker got a copy of its own, both precached on a first visit.
 */
let loading: ReturnType<typeof importCode> | undefined;

/**
 * One import for every caller until it fails (a failed chunk fetch is tried again by the next). A
 * model load and a token count start together, and two overlapping dynamic imports of one module
 * are not the same under vitest 4: the second gets the real module where a test mocked it.
 */
export function transformersCode(): ReturnType<typeof importCode> {
  loading ??= importCode().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function importCode() {
  const [env, embedder, reranker, generator] = await Promise.all([
    import('./transformers-env.ts'),
    import('../../src/models/transformers-embedder.ts'),
    import('../../src/models/transformers-reranker.ts'),
    import('../../src/models/transformers-generator.ts'),
  ]);
  return {
    configureOnnxRuntime: env.configureOnnxRuntime,
    configureSource: env.configureSource,
    createTransformersEmbedder: embedder.createTransformersEmbedder,
    createTransformersReranker: reranker.createTransformersReranker,
    createTransformersGenerator: generator.createTransformersGenerator,
    loadTokenCounter: generator.loadTokenCounter,
  };
}

/**
 * onnxruntime-node's session options for its threads (the CLI, the evaluation, the Node tests;
 * docs/decisions/2026-12-02-test-suite-time.md, sixth step): a thread whose part of an operator
 * is done sleeps instead of spinning while it waits for the next one. Spinning
 * took a core from whatever else ran (the other model, another `loci`, the tests beside it), and
 * even alone OCR read a tall page in 11.7 s without it against 14.2 s with it. onnxruntime-web in
 * the app's workers is left as it is: there the same option changed nothing measured, and cannot,
 * since onnxruntime-web runs every session on the global thread pools its start creates, which a
 * session's options do not reach (docs/decisions/2026-12-02-library-memory.md, seventh session).
 */
export const SLEEPING_THREADS = { extra: { session: { intra_op: { allow_spinning: '0' } } } } as const;

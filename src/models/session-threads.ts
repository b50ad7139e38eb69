/**
 * onnxruntime-node's session options for its threads (the CLI, the evaluation, the Node tests): a
 * thread whose part of an operator is done sleeps instead of spinning while it waits for the next
 * one. Spinning took a core from whatever else ran (the other model, another `loci`, the tests
 * beside it), and OCR alone was quicker without it
 * (docs/decisions/2026-12-02-test-suite-time.md#what-was-changed-and-why). onnxruntime-web in the
 * app's workers is left as it is: it runs every session on the global thread pools its start
 * creates, which a session's options do not reach
 * (docs/decisions/2026-12-03-reopen-first-sources.md#onnx-runtimes-threads-in-the-browser).
 */
export const SLEEPING_THREADS = { extra: { session: { intra_op: { allow_spinning: '0' } } } } as const;

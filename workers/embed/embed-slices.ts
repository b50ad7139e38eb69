/**
 * The embed worker runs a long call slice by slice, each slice its own turn on the ONNX session: a
 * question's embedding asked while a document is indexed then waits for one slice, not for the
 * indexer's whole batch of 64 texts, which on a CPU is many seconds of e5 (the first answer's
 * sources wait on that embedding). Slices are measured in characters, not texts, so that the
 * pre-parse's sentence entries (a fifth of a chunk each) still fill a forward pass as well as
 * chunks do: 4,000 characters are about eight 100-token chunks, which on the WebAssembly backend
 * embed as fast per text as whole batches (bench:models).
 */
export const EMBED_SLICE_CHARS = 4000;

export async function embedInSlices(
  texts: readonly string[],
  run: (slice: string[]) => Promise<Float32Array[]>,
  maxChars = EMBED_SLICE_CHARS,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  let start = 0;
  while (start < texts.length) {
    let end = start + 1; // a text longer than a slice is a slice of its own
    let chars = texts[start].length;
    while (end < texts.length && chars + texts[end].length <= maxChars) chars += texts[end++].length;
    out.push(...(await run(texts.slice(start, end))));
    start = end;
  }
  return out;
}

/**
 * The embed worker runs a long call slice by slice, each slice its own turn on the ONNX session: a
 * question's embedding asked while a document is indexed then waits for one slice, not for the
 * indexer's whole batch of 64 chunks, which on a CPU is many seconds of e5 (the first answer's
 * sources wait on that embedding). On the WebAssembly backend eight 100-token texts per forward
 * pass embed as fast as more (bench:models), so the slices cost no throughput.
 */
export const EMBED_SLICE = 8;

export async function embedInSlices(
  texts: readonly string[],
  run: (slice: string[]) => Promise<Float32Array[]>,
  slice = EMBED_SLICE,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += slice) out.push(...(await run(texts.slice(i, i + slice))));
  return out;
}

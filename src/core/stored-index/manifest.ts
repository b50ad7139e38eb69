/** The index manifest: what an index was built with, and the check that refuses mixing vector spaces. */
import type { Embedder } from '../ports.ts';
import type { IndexManifest } from '../types.ts';

/**
 * Bumped whenever the stored shape changes; older files are migrated or refused by `decodeIndex`.
 * 2: every block of the file carries a checksum (binary-format.ts); version 1 files still open.
 * 3: chunks and entries leave out the ids their record makes (repeated-text.ts); the blocks are laid
 *    out as in 2, and version 2 files open as they are. A build that reads only 2 refuses a 3
 *    rather than reading entries without their ids.
 * 4: a record's entries are written as columns (entry-columns.ts), not as an object each; versions
 *    2 and 3 open as they are.
 * 5: cluster groups and pre-parse progress name their documents' chunks by number (chunk-refs.ts),
 *    and a document's entry columns are written as bytes (entry-columns-binary.ts); versions 2 to 4
 *    open as they are.
 * 6: the one library file of the app and the CLI (docs/decisions/2026-12-02-one-library-file.md):
 *    the documents' original files and the app's records may be carried, each in a checksummed
 *    block, and numbers plain JSON cannot say (-0, ±Infinity, NaN) are tagged in cluster group
 *    records. A file that uses none of this is still written as version 5 (INDEX_ONLY_VERSION), so
 *    the app's open image and an index without originals stay the bytes they were.
 */
export const FORMAT_VERSION = 6;
/**
 * 7: a document's own record and its chunks as columns, its text as UTF-8 (column-pack.ts,
 *    document-columns.ts, chunk-columns.ts), so opening parses no JSON for them. Written only when
 *    asked for (the app's open image, which this build alone reads back): a library file stays
 *    version 5 or 6, which older builds read.
 */
export const COLUMNAR_VERSION = 7;
/**
 * 8: as 7, and the texts a document's entries keep are written apart from the head of their
 *    entries block, each decoded when its entry is made (entry-columns-binary.ts). Only the app's
 *    open image is written so; version 7 images still open.
 */
export const TEXTS_APART_VERSION = 8;
/** The newest version this build reads. */
export const NEWEST_READ_VERSION = TEXTS_APART_VERSION;
/** The version written for a snapshot that needs nothing version 6 added. */
export const INDEX_ONLY_VERSION = 5;
/** The oldest version written with checksummed blocks, read by the same code as FORMAT_VERSION. */
export const CHECKSUMMED_VERSION = 2;

export type ManifestSettings = Omit<IndexManifest, 'format' | 'version' | 'embedder'>;

export const DEFAULT_SETTINGS: ManifestSettings = {
  chunking: { chunkTokens: 100, overlapTokens: 10 },
  clustering: { scope: 'document', seed: 42, threshold: 0.1, maxClusters: 50, minChunks: 8 },
  preparse: { mode: 'extractive' },
  raptor: false,
  vectorStorage: 'int8',
};

export function createManifest(embedder: Embedder, settings: Partial<ManifestSettings> = {}): IndexManifest {
  return {
    format: 'loci-index',
    version: FORMAT_VERSION,
    embedder: {
      id: embedder.id,
      dimension: embedder.dimension,
      queryPrefix: embedder.queryPrefix,
      passagePrefix: embedder.passagePrefix,
      ...(embedder.dtype ? { dtype: embedder.dtype } : {}),
    },
    ...DEFAULT_SETTINGS,
    ...settings,
  };
}

/**
 * The manifest of a library file that holds no index yet: the app's library before its first
 * document was indexed with a model (chats, originals waiting). Its embedder has no dimensions, so
 * it holds no vectors to mix with another model's: readers take such a file as having no index.
 */
export function unindexedManifest(): IndexManifest {
  return { format: 'loci-index', version: FORMAT_VERSION, embedder: { id: '', dimension: 0, queryPrefix: '', passagePrefix: '' }, ...DEFAULT_SETTINGS };
}

/** Whether the manifest is `unindexedManifest()`'s: no embedder, so no index. */
export function isUnindexed(manifest: IndexManifest): boolean {
  return manifest.embedder.dimension === 0;
}

export class IndexMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexMismatchError';
  }
}

/**
 * Vectors of two models live in different spaces: comparing them gives nonsense rather than an
 * error, so an index is only ever searched with the embedder that built it.
 */
/** Whether the index was built by another embedder: two models' vectors never share an index. */
export function builtByOtherEmbedder(manifest: IndexManifest, embedder: Embedder): boolean {
  return manifest.embedder.id !== embedder.id || manifest.embedder.dimension !== embedder.dimension;
}

export function assertSameEmbedder(manifest: IndexManifest, embedder: Embedder): void {
  const built = manifest.embedder;
  if (builtByOtherEmbedder(manifest, embedder)) {
    throw new IndexMismatchError(
      `this index was built with the embedder "${built.id}" (${built.dimension} dimensions), ` +
        `but "${embedder.id}" (${embedder.dimension} dimensions) is active: ` +
        `use --embedder ${built.id}, or re-embed the index with the new model`,
    );
  }
}

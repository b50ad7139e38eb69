/**
 * The vectors of records kept outside IndexedDB (`StoredEntries.vectorsIn`), read back into the
 * records for whoever reads records whole: loading the index from them, finding their damage,
 * exporting the library. A record's vectors are in its file (vector-files.ts) until the open image
 * holds them, and in the image after; either copy is used only when its bytes have the checksum
 * the record names, so a copy that is not the record's reads as damaged vectors, as a changed
 * vector block in a record always has.
 */
import type { Checksums } from '../core/util/checksum.ts';
import { encodeVectors } from '../core/stored-index/vector-codec.ts';
import type { DocumentRecord, GroupRecord } from '../core/stored-index/snapshot.ts';
import { decodeImage, imageRevision, type ImageBytes } from './open-image.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import type { StoredEntries } from './records.ts';
import type { VectorFiles } from './vector-files.ts';

export interface KeptVectorSources {
  files?: Pick<VectorFiles, 'read'>;
  /** The open image's bytes, asked for only when a record's file is gone; absent: files alone are read. */
  image?: () => Promise<ImageBytes | undefined>;
}

/** Whether the record's vectors are kept outside it. */
export function keptOutside(record: StoredEntries): boolean {
  return record.vectorsIn === 'file';
}

/**
 * Puts into each record kept outside its vectors' bytes, in place, from its file or else from the
 * image. Returns the owners whose vectors were found in neither: their `vectors` stay empty.
 */
export async function fillKeptVectors(records: readonly StoredEntries[], dimension: number, sums: Checksums, sources: KeptVectorSources): Promise<Set<string>> {
  const missing = new Set<string>();
  const kept = records.filter(keptOutside);
  // read together: a library indexed in one go has a file a document until its image is saved
  const read = await Promise.all(kept.map((r) => (r.sums === undefined ? undefined : sources.files?.read({ owner: r.owner, sum: r.sums.vectors }))));
  const fromImage: StoredEntries[] = [];
  kept.forEach((record, i) => {
    const bytes = read[i];
    if (bytes && sums.bytes(bytes) === record.sums?.vectors) record.vectors = ownBuffer(bytes);
    else fromImage.push(record);
  });
  if (fromImage.length === 0) return missing;
  const imaged = sources.image ? await imageRecords(sources.image) : undefined;
  for (const record of fromImage) {
    const owned = imaged?.get(record.owner);
    const bytes = owned && owned.entries.length * dimension === owned.vectors.length ? encodeVectors(owned.vectors, dimension, record.vectorFormat) : undefined;
    if (bytes && sums.bytes(bytes) === record.sums?.vectors) record.vectors = ownBuffer(bytes);
    else missing.add(record.owner);
  }
  return missing;
}

/** The image's documents and groups by their entries-store owner key; undefined when it cannot be read. */
async function imageRecords(read: () => Promise<ImageBytes | undefined>): Promise<Map<string, DocumentRecord | GroupRecord> | undefined> {
  try {
    const bytes = await read();
    const revision = bytes && imageRevision(bytes);
    // read whatever revision it was made at: a record's checksum says whether its copy is the one
    const snapshot = bytes && revision !== undefined ? await decodeImage(bytes, revision) : undefined;
    if (!snapshot) return undefined;
    return new Map<string, DocumentRecord | GroupRecord>([
      ...snapshot.documents.map((d): [string, DocumentRecord] => [docOwner(d.doc.id), d]),
      ...snapshot.groups.map((g): [string, GroupRecord] => [groupOwner(g.group.id), g]),
    ]);
  } catch {
    return undefined;
  }
}

function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : (bytes.slice().buffer as ArrayBuffer);
}

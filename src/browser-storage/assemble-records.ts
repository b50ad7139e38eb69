/**
 * The stored records (IndexedDB's, or an older export's, which holds the same) turned into the
 * index's records, each checked against its checksum: what loading the library from its records,
 * exporting it and converting an older export all start from.
 */
import type { Damage, DamagedPart } from '../core/stored-index/damage.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../core/stored-index/snapshot.ts';
import type { Chunk } from '../core/types.ts';
import type { Checksums } from '../core/util/checksum.ts';
import { decodeVectors } from '../core/stored-index/vector-codec.ts';
import { chunkSources, loadedChunks, loadedEntries, shareChunkIds, type TextSources } from '../core/stored-index/repeated-text.ts';
import { findDamage, termsSum } from './record-sums.ts';
import { chunkList, entryColumnsOf, termsOfRecord } from './stored-blocks.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import type { IndexRecords } from './read-records.ts';
import type { StoredDocument, StoredOriginal } from './records.ts';

/** The index's records loaded from the stored ones, and the damage that kept some out. */
export type AssembledRecords = Pick<IndexSnapshot, 'manifest' | 'documents' | 'groups'> & { damage: Damage[] };

/**
 * Records as read turned into the index's, checked: undefined without a manifest. A group's
 * chunk ids are shared with its documents' chunks, from the records read or, for documents not
 * among them, from `chunksOf` (read only for the documents of a group).
 */
export function assembleRecords(
  records: IndexRecords,
  originals: readonly StoredOriginal[],
  sums: Checksums,
  chunksOf: (docId: string) => Chunk[] | undefined = () => undefined,
): AssembledRecords | undefined {
  const { manifest, documents, chunks, entries, groups } = records;
  if (!manifest) return undefined;
  const names = namesOf(documents, originals);
  const damage = findDamage(records, sums, names);
  const damagedDocs = new Set(damage.filter((d) => d.kind === 'document').map((d) => d.id));
  const damagedGroups = new Set(damage.filter((d) => d.kind === 'group').map((d) => d.id));
  const chunksByDoc = new Map(chunks.map((record) => [record.docId, record.chunks]));
  const entriesByOwner = new Map(entries.map((record) => [record.owner, record]));
  /** The owner's entries loaded, or which part of its records keeps them from loading. */
  const ownedEntries = (owner: string, sources: TextSources, docId?: string): Pick<DocumentRecord, 'entries' | 'vectors' | 'terms'> | DamagedPart => {
    const record = entriesByOwner.get(owner);
    if (!record) return { entries: [], vectors: new Float32Array(0) };
    const columns = entryColumnsOf(record.entries);
    if (!columns) return 'entries';
    // entries whose chunks are missing cannot get their text back
    const entries = loadedEntries(columns, sources, docId);
    if (!entries) return 'chunks';
    const vectors = decodeVectors(new Uint8Array(record.vectors), manifest.embedder.dimension, record.vectorFormat);
    // terms are only a shortcut past segmentation: unsealed or damaged ones are left out, not reported
    const sound = record.terms !== undefined && record.sums?.terms !== undefined && record.sums.terms === termsSum(sums, record.terms);
    const terms = sound ? termsOfRecord(record.terms!) : undefined;
    return { entries, vectors, ...(terms ? { terms } : {}) };
  };
  const loaded: DocumentRecord[] = [];
  for (const { doc, job, preparse } of documents) {
    if (damagedDocs.has(doc.id)) continue;
    const stored = chunkList(chunksByDoc.get(doc.id) ?? []);
    const chunks = stored && loadedChunks(doc, stored);
    const owned = chunks ? ownedEntries(docOwner(doc.id), chunkSources([chunks]), doc.id) : 'chunks';
    if (typeof owned === 'string') damage.push({ kind: 'document', id: doc.id, name: names.get(doc.id) ?? doc.name, docIds: [doc.id], parts: [owned] });
    else loaded.push({ doc, chunks: chunks!, job, ...owned, preparse });
  }
  // group entries are stored whole: nothing of them is rebuilt, and no source is needed
  const whole: TextSources = { chunk: () => undefined };
  const loadedGroups: GroupRecord[] = [];
  const chunksRead = new Map(loaded.map((record) => [record.doc.id, record.chunks]));
  for (const { group, preparse } of groups) {
    if (damagedGroups.has(group.id)) continue;
    shareChunkIds(group, chunkSources(group.docIds.map((id) => chunksRead.get(id) ?? chunksOf(id) ?? [])));
    const owned = ownedEntries(groupOwner(group.id), whole);
    if (typeof owned === 'string') damage.push({ kind: 'group', id: group.id, name: group.docIds.map((id) => names.get(id) ?? id).join(', '), docIds: group.docIds, parts: ['clusters'] });
    else loadedGroups.push({ group, ...owned, preparse });
  }
  return { manifest, documents: loaded, groups: loadedGroups, damage };
}


/** Documents' names, from the originals where stored, which no damage to the derived records can have changed. */
export function namesOf(documents: readonly StoredDocument[], originals: readonly StoredOriginal[]): Map<string, string> {
  return new Map([...documents.map((d): [string, string] => [d.doc.id, d.doc.name]), ...originals.map((o): [string, string] => [o.id, o.name])]);
}

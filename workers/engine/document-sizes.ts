/**
 * What each document takes in the browser's storage, for Settings › Storage, so that a person
 * whose storage is full can tell which document to delete. Estimated from what is loaded, without
 * reading the store: the original file's size, and its index, whose text is stored twice (in its
 * records and in the open image, open-image.ts) and its vectors once (in a file until the image
 * holds them).
 */
import type { DocumentStorage } from '../../src/protocol/api.ts';
import type { DocumentSummary } from '../../src/browser-storage/idb-index-store.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../../src/core/stored-index/snapshot.ts';

/** The text of a record is kept in its IndexedDB record and again in the open image. */
const TEXT_COPIES = 2;

export function documentStorage(summaries: readonly DocumentSummary[], snapshot: IndexSnapshot | undefined): DocumentStorage[] {
  const vectorValue = snapshot?.manifest.vectorStorage === 'float32' ? 4 : 1;
  const records = new Map((snapshot?.documents ?? []).map((record) => [record.doc.id, record]));
  // a group shared by several documents (library-wide clustering) is shared out evenly
  const groupShare = new Map<string, number>();
  for (const group of snapshot?.groups ?? []) {
    const share = recordBytes(group, vectorValue) / Math.max(1, group.group.docIds.length);
    for (const id of group.group.docIds) groupShare.set(id, (groupShare.get(id) ?? 0) + share);
  }
  return summaries.map((summary) => {
    const record = records.get(summary.id);
    const indexBytes = record ? recordBytes(record, vectorValue) + utf8Length(record.doc.text) * TEXT_COPIES + (groupShare.get(summary.id) ?? 0) : 0;
    return { id: summary.id, name: summary.name, fileBytes: summary.hasOriginal ? summary.size : 0, indexBytes: Math.round(indexBytes) };
  });
}

/** Entries' own text (a chunk's is the document's, counted once with it) and vectors. */
function recordBytes(record: Pick<DocumentRecord | GroupRecord, 'entries' | 'vectors'>, vectorValue: number): number {
  let text = 0;
  for (const entry of record.entries) if (entry.kind !== 'chunk') text += utf8Length(entry.text);
  return text * TEXT_COPIES + record.vectors.length * vectorValue;
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one code point of four bytes
      i++;
    } else bytes += 3;
  }
  return bytes;
}

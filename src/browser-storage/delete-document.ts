/**
 * A document's records deleted inside a write transaction the caller holds: the document's own
 * one delete (IdbIndexStore.deleteDocument), or a site's update, which deletes the site's documents
 * it no longer holds in the transaction that stores the new ones (export.ts).
 */
import type { ChangedOwners } from './index-changes.ts';
import { pagesOf } from './ocr-pages.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import type { WriteTransaction } from './transaction.ts';

/** The stores a document's records are in. */
export const DOCUMENT_STORES = ['documents', 'rows', 'originals', 'originalBytes', 'chunks', 'entries', 'groups', 'ocrPages'] as const;

/** Deletes the document and everything derived from it, every group it belongs to included; `changed` is told what went. */
export async function deleteDocumentRecords(tx: WriteTransaction<[...typeof DOCUMENT_STORES]>, docId: string, changed: ChangedOwners): Promise<void> {
  changed.documents.add(docId);
  const groups = tx.objectStore('groups');
  const entries = tx.objectStore('entries');
  for (const groupId of await groups.index('by-doc').getAllKeys(docId)) {
    await groups.delete(groupId);
    await entries.delete(groupOwner(groupId));
    changed.groups.add(groupId);
  }
  await tx.objectStore('documents').delete(docId);
  await tx.objectStore('rows').delete(docId);
  await tx.objectStore('originals').delete(docId);
  await tx.objectStore('originalBytes').delete(docId);
  await tx.objectStore('chunks').delete(docId);
  await entries.delete(docOwner(docId));
  await tx.objectStore('ocrPages').delete(pagesOf(docId));
}

/**
 * The `rows` store: each document's row of the library list, kept beside its record and written in
 * the same transactions, so the list is read without the documents' texts. `documents` stays the
 * truth of which documents exist; a row only says how to show one.
 */
import type { StoredDocument, StoredRow } from './records.ts';

export function rowOf({ doc, job, added }: Pick<StoredDocument, 'doc' | 'job' | 'added'>): StoredRow {
  return { id: doc.id, name: doc.name, mime: doc.mime, size: doc.size, title: doc.title, language: doc.language, job, added };
}

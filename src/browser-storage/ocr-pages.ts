/**
 * The OCR checkpoint of one document in IndexedDB: each page read is stored as it is read, and
 * dropped once the document is parsed (its text then lives in the document record) or deleted.
 */
import type { OcrPageCheckpoint } from '../core/ingest/index.ts';
import type { LociDb } from './schema.ts';

/** Every key of one document's pages: [docId, any page]. */
export function pagesOf(docId: string): IDBKeyRange {
  return IDBKeyRange.bound([docId, -Infinity], [docId, Infinity]);
}

export function ocrPageCheckpoint(db: LociDb, docId: string, ocr: string): OcrPageCheckpoint {
  return {
    async get(page) {
      const stored = await db.get('ocrPages', [docId, page]);
      return stored?.ocr === ocr ? stored.lines : undefined;
    },
    async put(page, lines) {
      await db.put('ocrPages', { docId, page, ocr, lines });
    },
  };
}

export async function deleteOcrPages(db: LociDb, docId: string): Promise<void> {
  await db.delete('ocrPages', pagesOf(docId));
}

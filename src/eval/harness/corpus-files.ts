/**
 * A dataset's documents as the files the engine ingests: text documents as their UTF-8 bytes,
 * file documents (FinanceBench PDFs) read from disk.
 *
 * Engine document ids are hashes of the bytes, so two documents with identical text would merge
 * into one and a gold id could silently vanish (MS MARCO holds such a pair). A duplicate gets
 * trailing newlines until its text is unique: once normalized, it reads the same.
 */
import { readFile } from 'node:fs/promises';
import type { EvalDocument } from '../datasets/types.ts';

export interface CorpusFile {
  name: string;
  bytes: Uint8Array;
  doc: EvalDocument;
}

const encoder = new TextEncoder();

export async function corpusFiles(documents: readonly EvalDocument[]): Promise<CorpusFile[]> {
  const out: CorpusFile[] = [];
  const seenTexts = new Set<string>();
  const seenNames = new Set<string>();
  for (const doc of documents) {
    let bytes: Uint8Array;
    if (doc.text !== undefined) {
      let text = doc.text;
      while (seenTexts.has(text)) text += '\n';
      seenTexts.add(text);
      bytes = encoder.encode(text);
    } else if (doc.path !== undefined) {
      bytes = new Uint8Array(await readFile(doc.path));
    } else {
      throw new Error(`document "${doc.id}" has neither text nor a file path`);
    }
    // names map engine records back to dataset documents, so they must be unique
    if (seenNames.has(doc.name)) throw new Error(`two documents would be ingested as "${doc.name}"`);
    seenNames.add(doc.name);
    out.push({ name: doc.name, bytes, doc });
  }
  return out;
}

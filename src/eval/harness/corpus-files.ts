/**
 * A dataset's documents as the files the engine ingests. Text documents become bytes (HotpotQA
 * paragraphs as Markdown under their title, so the title is part of the chunk's heading path, as a
 * Wikipedia reader sees it); file documents (FinanceBench PDFs) are read from disk.
 *
 * Engine document ids are hashes of the bytes, so two documents with identical text would merge
 * into one and a gold id could silently vanish (MS MARCO holds such a pair). A duplicate gets
 * trailing newlines until its bytes are unique: its text, once normalized, is unchanged.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { EvalDataset, EvalDocument } from '../datasets/types.ts';

export interface CorpusFile {
  name: string;
  bytes: Uint8Array;
  doc: EvalDocument;
}

const encoder = new TextEncoder();

function sourceText(dataset: EvalDataset['name'], doc: EvalDocument, text: string): { name: string; text: string } {
  if (dataset === 'hotpotqa') return { name: doc.name.replace(/\.txt$/u, '.md'), text: `# ${doc.title}\n\n${text}` };
  return { name: doc.name, text };
}

export async function corpusFiles(dataset: EvalDataset['name'], documents: readonly EvalDocument[]): Promise<CorpusFile[]> {
  const out: CorpusFile[] = [];
  const seenHashes = new Set<string>();
  const seenNames = new Set<string>();
  for (const doc of documents) {
    let name: string;
    let bytes: Uint8Array;
    if (doc.text !== undefined) {
      const source = sourceText(dataset, doc, doc.text);
      name = source.name;
      let text = source.text;
      bytes = encoder.encode(text);
      while (seenHashes.has(hash(bytes))) {
        text += '\n';
        bytes = encoder.encode(text);
      }
    } else if (doc.path !== undefined) {
      name = doc.name;
      bytes = new Uint8Array(await readFile(doc.path));
    } else {
      throw new Error(`document "${doc.id}" has neither text nor a file path`);
    }
    // names map engine records back to dataset documents, so they must be unique
    if (seenNames.has(name)) throw new Error(`two documents would be ingested as "${name}"`);
    seenNames.add(name);
    seenHashes.add(hash(bytes));
    out.push({ name, bytes, doc });
  }
  return out;
}

function hash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

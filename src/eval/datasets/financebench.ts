/**
 * FinanceBench: questions on SEC filings (PDFs in `pdfs/`); every filing of the folder is one
 * pooled corpus. Evidence pages are 0-based in the data (checked against the PDFs: the evidence
 * text of page n is on the PDF's page n + 1) and are stored 1-based, as Chunk.page is.
 */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EvalDataset, EvalDocument, EvalQuestion } from './types.ts';
import { readJsonl } from './records.ts';

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export async function loadFinancebench(folder: string, split: string): Promise<EvalDataset> {
  const pdfDir = path.join(folder, 'pdfs');
  const pdfs = (await exists(pdfDir)) ? (await readdir(pdfDir)).filter((f) => f.toLowerCase().endsWith('.pdf')).sort() : [];
  const documents: EvalDocument[] = pdfs.map((file) => {
    const id = file.slice(0, -4);
    return { id, name: file, title: id, path: path.join(pdfDir, file) };
  });
  const known = new Set(documents.map((d) => d.id));

  const questions: EvalQuestion[] = [];
  for (const row of await readJsonl(path.join(folder, `${split}.jsonl`))) {
    const docName = row.string('doc_name');
    const items = row.rows('evidence').map((e) => {
      const doc = e.has('doc_name') ? e.string('doc_name') : docName;
      const page = e.number('evidence_page_num');
      if (!Number.isInteger(page) || page < 0) e.fail(`evidence_page_num must be a page index ≥ 0, got ${page}`);
      return { doc, page: page + 1, text: e.string('evidence_text') };
    });
    for (const doc of [docName, ...items.map((i) => i.doc)]) {
      if (!known.has(doc)) row.fail(`filing "${doc}" has no PDF at ${path.join(pdfDir, `${doc}.pdf`)}`);
    }
    questions.push({
      id: row.has('financebench_id') ? row.string('financebench_id') : `${split}-${row.line}`,
      question: row.string('question'),
      lang: 'en',
      answers: [row.string('answer')],
      gold: items.length > 0 ? { type: 'pages', items } : undefined,
    });
  }
  // Each filing is clustered on its own, as the app clusters a PDF a person adds: one UMAP over all
  // filings ran out of heap (docs/decisions/2026-12-07-clustering-cost-measured.md), and a cluster
  // never needs to span two filings.
  return { name: 'financebench', split, pooled: true, clusterScope: 'document', documents, questions };
}

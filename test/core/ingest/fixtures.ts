/** Shared test helpers: the real documents on disk, ingested once per test file. */
import fs from 'node:fs';
import path from 'node:path';
import type { Doc } from '../../../src/core/types.ts';
import { ingest } from '../../../src/core/ingest/index.ts';
import { DATA_DIR, DOCUMENTS_DIR } from '../../support/paths.ts';

export const FINANCE_PDFS_DIR = path.join(DATA_DIR, 'financebench', 'pdfs');

const FORMAT_DIRS = ['md_zh', 'html', 'epub', 'docx', 'pdf'];
/**
 * The FinanceBench filings every-fixture tests ingest: the two shortest (4 and 5 pages). All 29
 * take a minute and a half; /tmp scripts check them all (see the commit that added this).
 */
const FINANCE_FIXTURES = ['FOOTLOCKER_2022_8K_dated-2022-05-20.pdf', 'PEPSICO_2023_8K_dated-2023-05-05.pdf'];

/** Every document fixture (LICENSE files aside), as absolute paths. */
export function allFixtures(): string[] {
  const files: string[] = [];
  for (const dir of FORMAT_DIRS) {
    const full = path.join(DOCUMENTS_DIR, dir);
    for (const name of fs.readdirSync(full).sort()) {
      if (!name.startsWith('LICENSE')) files.push(path.join(full, name));
    }
  }
  for (const name of FINANCE_FIXTURES) files.push(path.join(FINANCE_PDFS_DIR, name));
  return files;
}

export function fixturePath(relative: string): string {
  return path.join(DOCUMENTS_DIR, relative);
}

const cache = new Map<string, Promise<Doc>>();

/** Ingests a fixture (path relative to DOCUMENTS_DIR, or absolute) once and reuses the Doc. */
export function loadDoc(file: string): Promise<Doc> {
  const full = path.isAbsolute(file) ? file : fixturePath(file);
  let doc = cache.get(full);
  if (!doc) {
    doc = ingest(path.basename(full), new Uint8Array(fs.readFileSync(full)));
    cache.set(full, doc);
  }
  return doc;
}

export function blockTexts(doc: Doc, kind?: string): string[] {
  return doc.blocks.filter((b) => kind === undefined || b.kind === kind).map((b) => doc.text.slice(b.start, b.end));
}

/** The documents the browser tests drop in, from the shared data folder. */
import { DOCUMENTS_DIR } from '../../support/paths.ts';
import path from 'node:path';

export const DATA_SECURITY_LAW = path.join(DOCUMENTS_DIR, 'md_zh/数据安全法_2021.md');
export const CIVIL_CODE_CONTRACTS = path.join(DOCUMENTS_DIR, 'md_zh/民法典_合同编.md');
export const OUTLINE_PDF = path.join(DOCUMENTS_DIR, 'pdf/pypdf_pdflatex-outline.pdf');

/** A file for setInputFiles from bytes in memory. */
export function memoryFile(name: string, mimeType: string, buffer: Buffer): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType, buffer };
}

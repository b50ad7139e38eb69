/** The documents the browser tests drop in, from the shared data folder. */
import { DATA_DIR, DOCUMENTS_DIR } from '../../support/paths.ts';
import path from 'node:path';

export const DATA_SECURITY_LAW = path.join(DOCUMENTS_DIR, 'md_zh/数据安全法_2021.md');
/** The cybersecurity law, whose duties of network operators a question can ask beside the data security law's. */
export const CYBERSECURITY_LAW = path.join(DOCUMENTS_DIR, 'md_zh/网络安全法_2016.md');
export const CIVIL_CODE_CONTRACTS = path.join(DOCUMENTS_DIR, 'md_zh/民法典_合同编.md');
export const OUTLINE_PDF = path.join(DOCUMENTS_DIR, 'pdf/pypdf_pdflatex-outline.pdf');
/** One page: the Zen of Python and a table of five countries. */
export const ONE_PAGE_PDF = path.join(DOCUMENTS_DIR, 'pdf/pypdf_google-doc-document.pdf');
/** A 104-page 10-K: 1,582 passages, long enough to stop in the middle of its embedding. */
export const NIKE_10K = path.join(DATA_DIR, 'financebench/pdfs/NIKE_2019_10K.pdf');
/** A 197-page 10-K of 1.7 MB (1,790,599 bytes): the large file of a drop into full storage. */
export const COCA_COLA_10K = path.join(DATA_DIR, 'financebench/pdfs/COCACOLA_2017_10K.pdf');

/** A file for setInputFiles from bytes in memory. */
export function memoryFile(name: string, mimeType: string, buffer: Buffer): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType, buffer };
}

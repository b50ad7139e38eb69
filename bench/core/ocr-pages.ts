/** The pages bench:ocr reads: real PDFs of ../shared/data with a good text layer to score against. */

export interface BenchPage {
  /** Folder under ../shared/data and file. */
  file: string;
  page: number;
  lang: 'en' | 'zh';
  /** Pixels per point of the clean render; the mineru page is 1,772 points wide, so 1. */
  scale: number;
}

export const OCR_BENCH_PAGES: BenchPage[] = [
  { file: 'documents/pdf/pypdf_google-doc-document.pdf', page: 1, lang: 'en', scale: 2 },
  { file: 'documents/pdf/pypdf_pdflatex-4-pages.pdf', page: 1, lang: 'en', scale: 2 },
  { file: 'documents/pdf/pypdf_pdflatex-4-pages.pdf', page: 3, lang: 'en', scale: 2 },
  { file: 'financebench/pdfs/AMAZON_2019_10K.pdf', page: 18, lang: 'en', scale: 2 },
  { file: 'financebench/pdfs/3M_2018_10K.pdf', page: 12, lang: 'en', scale: 2 },
  { file: 'financebench/pdfs/COCACOLA_2017_10K.pdf', page: 30, lang: 'en', scale: 2 },
  { file: 'documents/pdf/mineru_zh_chemistry_introduction.pdf', page: 1, lang: 'zh', scale: 1 },
];

/** The degraded variant: drawn at this share of the clean scale, turned, noisy. */
export const DEGRADED = { resolution: 0.7, rotate: 1.5, noise: 25 };

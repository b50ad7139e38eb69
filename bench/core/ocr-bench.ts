/**
 * bench:ocr: real PDF pages drawn to images (clean, and degraded: lower resolution, turned 1.5°,
 * noise), read by the app's OCR (PP-OCRv4 through paddleocr.js on onnxruntime-node, lines put in
 * reading order as indexing does) and by Debian's tesseract in the same run; character error rate
 * against each PDF's own text layer, and pages per second.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadPdfjs } from '../../src/core/ingest/index.ts';
import { readableLines } from '../../src/core/ingest/ocr-confidence.ts';
import { ocrPageLines } from '../../src/core/ingest/ocr-lines.ts';
import { groupLines, type PdfTextRun } from '../../src/core/ingest/pdf-lines.ts';
import type { Ocr } from '../../src/core/ports.ts';
import { loadNodeOcr, nodePdfRenderer } from '../../src/models/ocr-node.ts';
import { characterErrorRate, cerText, orderFreeErrorRate } from './cer.ts';
import { degrade } from './degrade.ts';
import { DEGRADED, type BenchPage } from './ocr-pages.ts';
import { ReferenceRegion } from './reference-region.ts';
import { tesseract } from './tesseract.ts';

export interface OcrBenchRow {
  file: string;
  page: number;
  lang: 'en' | 'zh';
  variant: 'clean' | 'degraded';
  width: number;
  height: number;
  /** Non-space characters of the text layer. */
  chars: number;
  paddle: EngineScore;
  tesseract: EngineScore;
  /** The confidence of each line PP-OCRv4 read, before any is dropped, and its non-space characters. */
  lines: LineConfidence[];
  /** PP-OCRv4's CER with the lines below each threshold dropped (THRESHOLDS). */
  thresholds: ThresholdScore[];
}

export interface LineConfidence {
  confidence: number;
  chars: number;
}

export interface ThresholdScore {
  threshold: number;
  cer: number;
  overTextCer: number;
  /** Non-space characters of the lines kept. */
  keptChars: number;
}

/** The confidences bench:ocr tries as the threshold lines are dropped below. */
export const THRESHOLDS = [0, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

export interface EngineScore {
  cer: number;
  /** CER with reading order left out (cer.ts). */
  orderFree: number;
  /** The same two over the reference's text alone: lines or words half over its runs (reference-region.ts). */
  overText: { cer: number; orderFree: number };
  seconds: number;
}

export async function benchOcrPage(dataDir: string, spec: BenchPage, ocr: Ocr, log: (line: string) => void): Promise<OcrBenchRow[]> {
  const bytes = new Uint8Array(await readFile(path.join(dataDir, spec.file)));
  const reference = await textLayer(bytes, spec.page);
  const pdf = await nodePdfRenderer().open(bytes);
  const rows: OcrBenchRow[] = [];
  try {
    const clean = await pdf.render(spec.page, spec.scale);
    const low = await pdf.render(spec.page, spec.scale * DEGRADED.resolution);
    const degraded = degrade(low, { rotate: DEGRADED.rotate, noise: DEGRADED.noise, seed: spec.page });
    const variants = [
      ['clean', clean, new ReferenceRegion(reference.runs, { ...reference.view, scale: clean.scale, width: clean.width, height: clean.height })],
      ['degraded', degraded, new ReferenceRegion(reference.runs, { ...reference.view, scale: low.scale, width: low.width, height: low.height, rotate: DEGRADED.rotate })],
    ] as const;
    for (const [variant, image, region] of variants) {
      const t0 = performance.now();
      const lines = await ocr.recognize(image);
      const readText = (kept: typeof lines) => ocrPageLines(kept, { scale: 1, imageHeight: image.height }).map((l) => l.text).join('\n');
      // as indexing reads the page: the lines it is unsure of dropped
      const readable = readableLines(lines);
      const paddleText = readText(readable);
      const t1 = performance.now();
      const tess = tesseract(image, spec.lang === 'zh' ? 'chi_sim+eng' : 'eng');
      const t2 = performance.now();
      const score = (text: string, overText: string, seconds: number): EngineScore => ({
        cer: characterErrorRate(reference.text, text),
        orderFree: orderFreeErrorRate(reference.text, text),
        overText: { cer: characterErrorRate(reference.text, overText), orderFree: orderFreeErrorRate(reference.text, overText) },
        seconds,
      });
      const row: OcrBenchRow = {
        file: path.basename(spec.file),
        page: spec.page,
        lang: spec.lang,
        variant,
        width: image.width,
        height: image.height,
        chars: [...cerText(reference.text)].length,
        paddle: score(paddleText, readText(readable.filter((l) => region.holds(l.box))), (t1 - t0) / 1000),
        tesseract: score(tess.text, tess.words.filter((w) => region.holds(w.box)).map((w) => w.text).join(' '), (t2 - t1) / 1000),
        lines: lines.map((l) => ({ confidence: l.confidence, chars: [...cerText(l.text)].length })),
        thresholds: THRESHOLDS.map((threshold) => {
          const kept = readableLines(lines, threshold);
          return {
            threshold,
            cer: characterErrorRate(reference.text, readText(kept)),
            overTextCer: characterErrorRate(reference.text, readText(kept.filter((l) => region.holds(l.box)))),
            keptChars: kept.reduce((n, l) => n + [...cerText(l.text)].length, 0),
          };
        }),
      };
      log(`${row.file} p. ${row.page} ${variant}: CER ${(100 * row.paddle.cer).toFixed(2)} % in ${row.paddle.seconds.toFixed(1)} s (tesseract ${(100 * row.tesseract.cer).toFixed(2)} % in ${row.tesseract.seconds.toFixed(1)} s)`);
      rows.push(row);
    }
  } finally {
    await pdf.close();
  }
  return rows;
}

/** The page's text layer: its lines top to bottom as pdf.js positions them, its runs, and the page's view box. */
async function textLayer(bytes: Uint8Array, page: number): Promise<{ text: string; runs: PdfTextRun[]; view: { left: number; top: number } }> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, verbosity: pdfjs.VerbosityLevel.ERRORS });
  try {
    const doc = await task.promise;
    const pdfPage = await doc.getPage(page);
    const content = await pdfPage.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [a, b, c, d, e, f] = item.transform as number[];
      runs.push({ str: item.str, x: e, y: f, width: item.width, size: Math.hypot(c, d) || Math.hypot(a, b) || item.height, eol: item.hasEOL });
    }
    const text = groupLines(runs)
      .sort((p, q) => q.y - p.y || p.x0 - q.x0)
      .map((l) => l.text)
      .join('\n');
    const [left, , , top] = pdfPage.view;
    return { text, runs: runs.filter((r) => r.str.trim() !== ''), view: { left, top } };
  } finally {
    await task.destroy();
  }
}

export async function loadBenchOcr(): Promise<Ocr> {
  return loadNodeOcr();
}

/** Character-weighted CER and pages per second over rows. */
export function summarize(rows: readonly OcrBenchRow[], engine: 'paddle' | 'tesseract'): Omit<EngineScore, 'seconds'> & { pagesPerSecond: number } {
  const chars = rows.reduce((s, r) => s + r.chars, 0);
  const weighted = (f: (r: OcrBenchRow) => number) => (chars > 0 ? rows.reduce((s, r) => s + f(r) * r.chars, 0) / chars : 0);
  const seconds = rows.reduce((s, r) => s + r[engine].seconds, 0);
  return {
    cer: weighted((r) => r[engine].cer),
    orderFree: weighted((r) => r[engine].orderFree),
    overText: { cer: weighted((r) => r[engine].overText.cer), orderFree: weighted((r) => r[engine].overText.orderFree) },
    pagesPerSecond: seconds > 0 ? rows.length / seconds : 0,
  };
}

/**
 * bench:ocr's measure of the recogniser's line confidence, from which the threshold OCR lines are
 * dropped below (core/ingest/ocr-confidence.ts) is chosen: how confident PP-OCRv4 is of the lines
 * it reads on real pages and on pages with no text (noise-pages.ts), and, threshold by threshold,
 * what dropping the lines below it costs on the real pages (CER, characters) and leaves of the noise.
 */
import { readableLines } from '../../src/core/ingest/ocr-confidence.ts';
import type { Ocr } from '../../src/core/ports.ts';
import { cerText } from './cer.ts';
import { degrade } from './degrade.ts';
import { NOISE_KINDS, noisePage, type NoiseKind } from './noise-pages.ts';
import { THRESHOLDS, type OcrBenchRow } from './ocr-bench.ts';
import { DEGRADED } from './ocr-pages.ts';
import { percentile } from './stats.ts';

export interface NoiseBenchRow {
  kind: NoiseKind;
  seed: number;
  variant: 'clean' | 'degraded';
  /** What PP-OCRv4 read on the page: every line, with its confidence. */
  lines: { text: string; confidence: number }[];
}

/** Seeds of the noise pages read: each kind drawn three times, clean and degraded. */
export const NOISE_SEEDS = [1, 2, 3];

export async function benchNoisePages(ocr: Ocr, log: (line: string) => void): Promise<NoiseBenchRow[]> {
  const rows: NoiseBenchRow[] = [];
  for (const kind of NOISE_KINDS) {
    for (const seed of NOISE_SEEDS) {
      const clean = noisePage(kind, seed);
      // as the real pages' degraded variant, less the lower resolution (the marks have no text to lose)
      const degraded = { ...degrade(clean, { rotate: DEGRADED.rotate, noise: DEGRADED.noise, seed }), scale: clean.scale };
      for (const [variant, image] of [['clean', clean], ['degraded', degraded]] as const) {
        const lines = (await ocr.recognize(image)).map((l) => ({ text: l.text, confidence: l.confidence }));
        const kept = readableLines(lines);
        log(`noise ${kind} ${seed} ${variant}: ${lines.length} lines read, ${kept.length} kept${kept.length > 0 ? `: ${kept.map((l) => l.text).join(' | ')}` : ''}`);
        rows.push({ kind, seed, variant, lines });
      }
    }
  }
  return rows;
}

export interface ConfidenceGroup {
  group: string;
  pages: number;
  lines: number;
  /** Percentiles of the lines' confidence: 1st, 5th, 10th, 25th, 50th, 90th, and the highest. */
  p1: number;
  p5: number;
  p10: number;
  p25: number;
  p50: number;
  p90: number;
  max: number;
}

/** The confidence of the lines read on the real pages (clean, degraded) and the noise pages. */
export function confidenceGroups(real: readonly OcrBenchRow[], noise: readonly NoiseBenchRow[]): ConfidenceGroup[] {
  const group = (name: string, pages: number, confidences: number[]): ConfidenceGroup => {
    const sorted = [...confidences].sort((a, b) => a - b);
    const at = (p: number) => percentile(sorted, p);
    return { group: name, pages, lines: sorted.length, p1: at(1), p5: at(5), p10: at(10), p25: at(25), p50: at(50), p90: at(90), max: sorted.at(-1) ?? NaN };
  };
  const groups: ConfidenceGroup[] = [];
  for (const variant of ['clean', 'degraded'] as const) {
    const rows = real.filter((r) => r.variant === variant);
    groups.push(group(`text, ${variant}`, rows.length, rows.flatMap((r) => r.lines.map((l) => l.confidence))));
  }
  for (const variant of ['clean', 'degraded'] as const) {
    const rows = noise.filter((r) => r.variant === variant);
    groups.push(group(`noise, ${variant}`, rows.length, rows.flatMap((r) => r.lines.map((l) => l.confidence))));
  }
  return groups;
}

export interface ThresholdOutcome {
  threshold: number;
  /** Character-weighted CER over the real pages' text alone, clean and degraded. */
  cleanCer: number;
  degradedCer: number;
  /** Share of the characters read on the real pages that are dropped, clean and degraded. */
  cleanDropped: number;
  degradedDropped: number;
  /** Lines and non-space characters kept on the noise pages, and how many pages keep any. */
  noiseLines: number;
  noiseChars: number;
  noisePagesWithText: number;
}

/** What each threshold in THRESHOLDS drops on the real pages and keeps on the noise pages. */
export function thresholdOutcomes(real: readonly OcrBenchRow[], noise: readonly NoiseBenchRow[]): ThresholdOutcome[] {
  return THRESHOLDS.map((threshold, i) => {
    const cer = (variant: 'clean' | 'degraded') => {
      const rows = real.filter((r) => r.variant === variant);
      const chars = rows.reduce((s, r) => s + r.chars, 0);
      return chars > 0 ? rows.reduce((s, r) => s + r.thresholds[i].overTextCer * r.chars, 0) / chars : NaN;
    };
    const dropped = (variant: 'clean' | 'degraded') => {
      const rows = real.filter((r) => r.variant === variant);
      const read = rows.reduce((s, r) => s + r.lines.reduce((n, l) => n + l.chars, 0), 0);
      const kept = rows.reduce((s, r) => s + r.thresholds[i].keptChars, 0);
      return read > 0 ? 1 - kept / read : NaN;
    };
    const kept = noise.map((r) => r.lines.filter((l) => l.confidence >= threshold));
    return {
      threshold,
      cleanCer: cer('clean'),
      degradedCer: cer('degraded'),
      cleanDropped: dropped('clean'),
      degradedDropped: dropped('degraded'),
      noiseLines: kept.reduce((s, k) => s + k.length, 0),
      noiseChars: kept.reduce((s, k) => s + k.reduce((n, l) => n + [...cerText(l.text)].length, 0), 0),
      noisePagesWithText: kept.filter((k) => k.length > 0).length,
    };
  });
}

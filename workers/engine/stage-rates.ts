/**
 * How long each indexing stage takes here, per passage (reading: per megabyte of the file), so one
 * progress bar can span a document's stages and one ETA can cover them all. Stages run at very
 * different speeds: the starting rates below are bench:browser's 104-page 10-K's, per passage
 * (docs/decisions/2026-12-07-clustering-cost-measured.md; RAPTOR, off by default, was not measured: its
 * rate is a guess that its first run replaces by half). Each finished stage then moves its rate halfway
 * to what it took on this machine with these models, so the estimate follows a faster GPU, a
 * larger embedder or an LLM pre-parse after one document.
 */
import type { ProgressStage } from '../../src/core/ports.ts';

/** Seconds per unit: per MB for `parse`, per page for `ocr`, per passage for the others. */
const STARTING_RATES: Record<ProgressStage, number> = {
  parse: 7.4,
  // PP-OCRv4 on the OCR worker, a page of a 10-K (median; bench:browser --only scan)
  ocr: 14,
  embed: 0.0028,
  cluster: 0.0052,
  raptor: 0.01,
  preparse: 0.022,
};

/** Passages per MB of file, to size the later stages before a document is split (the 10-K: 1,740). */
const STARTING_PASSAGES_PER_MB = 1740;

export class StageRates {
  private readonly rates = { ...STARTING_RATES };
  private passagesPerMb = STARTING_PASSAGES_PER_MB;

  /** Expected seconds of `stage` for `units` (MB for parse, pages for ocr, passages otherwise). */
  expected(stage: ProgressStage, units: number): number {
    return this.rates[stage] * units;
  }

  /** A finished stage took `seconds` for `units`. */
  observe(stage: ProgressStage, seconds: number, units: number): void {
    if (!(seconds > 0 && units > 0)) return;
    this.rates[stage] = (this.rates[stage] + seconds / units) / 2;
  }

  estimatePassages(megabytes: number): number {
    return Math.max(1, Math.round(this.passagesPerMb * megabytes));
  }

  observePassages(megabytes: number, passages: number): void {
    if (megabytes > 0 && passages > 0) this.passagesPerMb = (this.passagesPerMb + passages / megabytes) / 2;
  }
}

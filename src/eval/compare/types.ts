/** A paired comparison of two runs (or two methods of one run), as the report JSON stores it. */
import type { PairedDifference } from '../stats/paired.ts';

/** One method and metric of a comparison: the paired difference (stats/paired.ts) and what it is of. */
export interface ComparisonRow extends PairedDifference {
  /** The method of the first run (this run; A of `loci compare`). */
  method: string;
  /** The method of the other run it is compared with: the same label, or each run's default. */
  other: string;
  /** Both are their run's default configuration. */
  isDefault: boolean;
  /** Per-question retrieval key, e.g. recall@5. */
  metric: string;
}

export interface Comparison {
  /** Who the differences are of: "this run" for `loci eval --against`, else a file name. */
  of: string;
  /** The file compared against: differences are `of` minus it. */
  against: string;
  dataset: string;
  split: string;
  embedders: { of: string; against: string };
  /** Question ids both runs asked. */
  sharedQuestions: number;
  resamples: number;
  seed: number;
  rows: ComparisonRow[];
}

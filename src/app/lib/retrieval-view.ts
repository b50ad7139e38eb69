/**
 * What the inspector says about how a question was searched: the hybrid weight as whole
 * percentages, the calibration's reciprocal ranks, and whether a second hop ran.
 */
import type { FusionWeight, TraceRow } from '../../protocol/vocabulary.ts';

/** The dense and lexical shares as whole percentages that add up to 100. */
export function fusionPercents(fusion: Pick<FusionWeight, 'dense'>): { dense: number; lexical: number } {
  const share = Number.isFinite(fusion.dense) ? Math.min(1, Math.max(0, fusion.dense)) : 0.5;
  const dense = Math.round(share * 100);
  return { dense, lexical: 100 - dense };
}

/** A mean reciprocal rank in [0, 1], to two decimals (enough to compare the three choices). */
export function formatMrr(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '—';
}

/** Whether any row of the trace came from a second hop, so the table shows the hop column. */
export function hasSecondHop(rows: readonly TraceRow[]): boolean {
  return rows.some((row) => (row.hop ?? 1) > 1);
}

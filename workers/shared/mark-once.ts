/**
 * A `loci:` user-timing mark set the first time a step happens in this worker or page, and never
 * again: the benchmark reads where a reopen's first question spent its time
 * (bench/browser/large-library.ts), and a mark per question would grow the timeline for as long
 * as the tab lives.
 */
const set = new Set<string>();

export function markOnce(step: string): void {
  if (set.has(step)) return;
  set.add(step);
  performance.mark(`loci:${step}`);
}

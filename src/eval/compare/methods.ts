/**
 * Which method of one run is compared with which of the other: the same labels, and each run's
 * default configuration with the other's default even when the default changed between the runs.
 */
import { ComparisonError, type ComparableReport } from './load-report.ts';

export interface MethodPair {
  method: string;
  other: string;
  isDefault: boolean;
}

/** The word that names a run's default configuration, whatever its label. */
export const DEFAULT_METHOD = 'default';

export interface PairChoice {
  /** Only this method (a label, or "default"). */
  method?: string;
  /** Compare `method` with this method of the other run instead of its namesake. */
  versus?: string;
}

function defaultOf(report: ComparableReport): string | undefined {
  return report.config.defaultMethod || report.methods.find((m) => m.isDefault)?.method;
}

/** A label of `report` (or its default), or a ComparisonError naming the file and the labels it has. */
function resolve(report: ComparableReport, file: string, label: string): string {
  const labels = report.methods.map((m) => m.method);
  if (label === DEFAULT_METHOD) {
    const found = defaultOf(report);
    if (found) return found;
    throw new ComparisonError(`${file}: no method is marked as the default configuration`);
  }
  if (!labels.includes(label)) throw new ComparisonError(`${file}: no method "${label}" (it has ${labels.join(', ')})`);
  return label;
}

export function methodPairs(a: ComparableReport, aFile: string, b: ComparableReport, bFile: string, choice: PairChoice = {}): MethodPair[] {
  const defaults = [defaultOf(a), defaultOf(b)];
  const pair = (method: string, other: string): MethodPair => ({ method, other, isDefault: method === defaults[0] && other === defaults[1] });
  if (choice.versus !== undefined) return [pair(resolve(a, aFile, choice.method ?? DEFAULT_METHOD), resolve(b, bFile, choice.versus))];
  if (choice.method !== undefined) {
    if (choice.method === DEFAULT_METHOD) return [pair(resolve(a, aFile, DEFAULT_METHOD), resolve(b, bFile, DEFAULT_METHOD))];
    const label = resolve(a, aFile, choice.method);
    return [pair(label, resolve(b, bFile, label))];
  }
  const theirs = new Set(b.methods.map((m) => m.method));
  const shared = a.methods.map((m) => m.method).filter((label) => theirs.has(label));
  const pairs = shared.map((label) => pair(label, label));
  // the default moved to another configuration: its row would otherwise be missing
  const [mine, other] = defaults;
  if (mine && other && mine !== other) pairs.push(pair(mine, other));
  if (pairs.length === 0) throw new ComparisonError(`${bFile}: shares no method with ${aFile} and neither marks a default`);
  return pairs;
}

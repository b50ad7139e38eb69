/**
 * Index build time and query latency at growing sizes, against the flat float32 scan: a dense
 * top-M over every vector, nothing else. Each strategy's query adds row filtering, BM25 (hybrid),
 * fusion and backtracking on top of that scan, and the ratio shows what they cost.
 */
import { LiveCorpus } from '../../src/core/search/live-corpus.ts';
import { FlatVectorIndex } from '../../src/core/search/flat-vector-index.ts';
import { retrieve } from '../../src/core/search/retrieve.ts';
import type { Strategy, VectorStorage } from '../../src/core/types.ts';
import { seededRandom } from '../../src/core/util/random.ts';
import { round, timeInterleaved, type Timing } from './stats.ts';
import { randomText, randomUnitVectors, syntheticIndex } from './synthetic-corpus.ts';

export interface BuildRow {
  entries: number;
  storage: VectorStorage;
  /** Vectors, BM25 postings and row tables of a LiveCorpus. */
  ms: number;
  /** Copying the same vectors into a flat float32 index. */
  baselineMs: number;
  ratio: number;
}

export interface QueryRow extends Timing {
  entries: number;
  storage: VectorStorage;
  strategy: Strategy;
  hybrid: boolean;
  /** Rows the strategy searches. */
  searched: number;
  /** p50 of the flat float32 scan over every row, same size, same M, timed interleaved with this row. */
  baselineP50: number;
  ratio: number;
}

/** Chunks per query the benchmarks ask for (the CLI's default N); M = 20·N candidates. */
export const QUERY_N = 5;

export interface IndexBenchOptions {
  sizes: number[];
  dimension: number;
  runs: number;
  strategies: Strategy[];
  /** Chunks wanted per query (the paper's N); M = 20·N candidates. */
  n: number;
  log?: (line: string) => void;
}

export function benchIndex(options: IndexBenchOptions): { build: BuildRow[]; query: QueryRow[]; baseline: (Timing & { entries: number })[] } {
  const build: BuildRow[] = [];
  const query: QueryRow[] = [];
  const baseline: (Timing & { entries: number })[] = [];
  const m = 20 * options.n;
  warmUp(options.dimension);
  for (const size of options.sizes) {
    const { document, group } = syntheticIndex(size, options.dimension, 7);
    const entries = document.entries.length + group.entries.length;
    const random = seededRandom(11);
    const queries = Array.from({ length: 16 }, () => ({ text: randomText(8, random), vector: randomUnitVectors(1, options.dimension, random) }));

    const flatT0 = performance.now();
    const flat = new FlatVectorIndex(options.dimension, 'float32');
    flat.add(document.vectors);
    flat.add(group.vectors);
    const flatMs = performance.now() - flatT0;
    const scanOnce = (i: number) => flat.search(queries[i % queries.length].vector, m);
    const [scan] = timeInterleaved([scanOnce], options.runs);
    baseline.push({ entries, ...scan });
    options.log?.(`scan   ${String(entries).padStart(7)} entries  flat float32  p50 ${scan.p50.toFixed(2)} ms`);

    for (const storage of ['float32', 'int8'] as VectorStorage[]) {
      const t0 = performance.now();
      const corpus = new LiveCorpus(options.dimension, storage);
      corpus.setDocument(document);
      corpus.setGroup(group);
      const ms = performance.now() - t0;
      build.push({ entries, storage, ms: round(ms, 1), baselineMs: round(flatMs, 1), ratio: round(ms / flatMs, 1) });
      options.log?.(`build  ${String(entries).padStart(7)} entries  ${storage.padEnd(7)}  ${ms.toFixed(0)} ms`);
      for (const strategy of options.strategies) {
        for (const hybrid of [false, true]) {
          const [t, base] = timeInterleaved(
            [(i) => retrieve(corpus, [queries[i % queries.length]], { strategy, n: options.n, retriever: hybrid ? 'hybrid' : 'dense' }), scanOnce],
            options.runs,
          );
          query.push({ entries, storage, strategy, hybrid, searched: corpus.rowsFor(strategy).length, ...t, baselineP50: base.p50, ratio: round(t.p50 / base.p50, 2) });
          options.log?.(`query  ${String(entries).padStart(7)} entries  ${storage.padEnd(7)}  ${strategy.padEnd(7)} hybrid ${hybrid ? 'on ' : 'off'}  p50 ${t.p50.toFixed(2)} ms`);
        }
      }
    }
  }
  return { build, query, baseline };
}

/** Compiles the build and query paths once, so the first size measured is not paying for the JIT. */
function warmUp(dimension: number): void {
  const { document, group } = syntheticIndex(500, dimension, 3);
  for (const storage of ['float32', 'int8'] as VectorStorage[]) {
    const corpus = new LiveCorpus(dimension, storage);
    corpus.setDocument(document);
    corpus.setGroup(group);
    const query = { text: 'w1 w2', vector: randomUnitVectors(1, dimension, seededRandom(5)) };
    for (const hybrid of [false, true]) retrieve(corpus, [query], { strategy: 'cap-rag', n: 5, retriever: hybrid ? 'hybrid' : 'dense' });
  }
}

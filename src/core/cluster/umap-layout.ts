import { throwIfAborted } from '../util/abort.ts';
import type { FuzzyGraph } from './fuzzy-graph.ts';

/**
 * UMAP's layout optimization (umap-learn's `optimize_layout_euclidean`, as umap-js runs it): SGD
 * on the fuzzy cross-entropy, each edge sampled in proportion to its weight, five negative samples
 * per positive one, a learning rate falling linearly to 0 over the epochs, random initialization
 * in [−10, 10) as umap-js does.
 *
 * The same updates as umap-js's `step`, on flat Float64Arrays, with the power d²ᵇ from a table
 * (see powB), in about half umap-js's time (docs/decisions/2026-12-07-clustering-cost-measured.md).
 */

export interface LayoutOptions {
  nComponents: number;
  nEpochs: number;
  random: () => number;
  signal?: AbortSignal;
  /** Called once before the first epoch (done = 0) and after every epoch. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The output curve 1 / (1 + a·d^(2b)) for min_dist = 0.1 and spread = 1, the defaults of both
 * umap-learn and umap-js (umap-js fits them at run time: a = 1.5695, b = 0.8942; these are its fit).
 */
const A = 1.5694704762346365;
const B = 0.8941996053733949;
const NEGATIVE_SAMPLE_RATE = 5;
const REPULSION = 1;
const LEARNING_RATE = 1;
const CLIP = 4;
/** umap-js's (and umap-learn's `random` init) starting box: every coordinate uniform in [−10, 10). */
const INIT_SPREAD = 20;

/** Row-major n × nComponents embedding of the graph's points. */
export function layoutGraph(graph: FuzzyGraph, options: LayoutOptions): Float64Array {
  const { n } = graph;
  const { nComponents: dim, nEpochs, random, signal } = options;
  const embedding = new Float64Array(n * dim);
  for (let i = 0; i < embedding.length; i++) embedding[i] = random() * INIT_SPREAD - INIT_SPREAD / 2;

  // Edges too weak to be sampled even once over the run are dropped, as both libraries do.
  let max = 0;
  for (const w of graph.weight) if (w > max) max = w;
  const keep: number[] = [];
  for (let e = 0; e < graph.weight.length; e++) if (graph.weight[e] >= max / nEpochs && graph.weight[e] > 0) keep.push(e);
  const edges = keep.length;
  const head = new Int32Array(edges);
  const tail = new Int32Array(edges);
  const perSample = new Float64Array(edges);
  keep.forEach((e, i) => {
    head[i] = graph.head[e];
    tail[i] = graph.tail[e];
    perSample[i] = max / graph.weight[e];
  });
  const perNegative = perSample.map((p) => p / NEGATIVE_SAMPLE_RATE);
  const nextSample = perSample.slice();
  const nextNegative = perNegative.slice();

  const state: Sgd = { embedding, dim, n, head, tail, perSample, perNegative, nextSample, nextNegative, random };
  options.onProgress?.(0, nEpochs);
  for (let epoch = 0; epoch < nEpochs; epoch++) {
    throwIfAborted(signal, 'dimensionality reduction');
    sgdEpoch(state, epoch, LEARNING_RATE * (1 - epoch / nEpochs));
    options.onProgress?.(epoch + 1, nEpochs);
  }
  return embedding;
}

interface Sgd {
  embedding: Float64Array;
  dim: number;
  n: number;
  head: Int32Array;
  tail: Int32Array;
  perSample: Float64Array;
  perNegative: Float64Array;
  nextSample: Float64Array;
  nextNegative: Float64Array;
  random: () => number;
}

/** One epoch: every edge due for a sample moves its two ends together and its head away from a few random points. */
function sgdEpoch(state: Sgd, epoch: number, alpha: number): void {
  const { embedding, dim, n, head, tail, perSample, perNegative, nextSample, nextNegative, random } = state;
  const edges = head.length;
  for (let e = 0; e < edges; e++) {
    if (nextSample[e] > epoch) continue;
    const ci = head[e] * dim;
    const oi = tail[e] * dim;
    let d2 = 0;
    for (let t = 0; t < dim; t++) {
      const diff = embedding[ci + t] - embedding[oi + t];
      d2 += diff * diff;
    }
    if (d2 > 0) {
      const pb = powB(d2);
      const coeff = (-2 * A * B * (pb / d2)) / (A * pb + 1);
      for (let t = 0; t < dim; t++) {
        const g = clip(coeff * (embedding[ci + t] - embedding[oi + t])) * alpha;
        embedding[ci + t] += g;
        embedding[oi + t] -= g;
      }
    }
    nextSample[e] += perSample[e];

    const negatives = Math.floor((epoch - nextNegative[e]) / perNegative[e]);
    for (let p = 0; p < negatives; p++) {
      const other = Math.floor(random() * n);
      const ki = other * dim;
      let nd2 = 0;
      for (let t = 0; t < dim; t++) {
        const diff = embedding[ci + t] - embedding[ki + t];
        nd2 += diff * diff;
      }
      if (nd2 > 0) {
        const coeff = (2 * REPULSION * B) / ((0.001 + nd2) * (A * powB(nd2) + 1));
        for (let t = 0; t < dim; t++) embedding[ci + t] += clip(coeff * (embedding[ci + t] - embedding[ki + t])) * alpha;
      } else if (other !== head[e]) {
        // Two distinct points on the same spot: pushed apart by the clip value, as UMAP does.
        for (let t = 0; t < dim; t++) embedding[ci + t] += CLIP * alpha;
      }
    }
    nextNegative[e] += negatives * perNegative[e];
  }
}

/**
 * d2^B, UMAP's one power per SGD sample. As s^(2B) with s = √d2, interpolated linearly in a table
 * of s in steps of 1/64 over [0.25, 64); exact outside, where the curvature would spoil the
 * interpolation or the table ends. Relative error below 7e-4 at s = 0.25 and 4e-5 from s = 1 (the
 * second derivative bound h²/8 · f''/f), far inside the SGD's own noise. A power a sample was
 * most of a sample's cost, and the table took a third of it off the layout
 * (docs/decisions/2026-12-07-clustering-cost-measured.md).
 */
const STEPS_PER_UNIT = 64;
const TABLE_START = 16;
const TABLE_END = 64 * STEPS_PER_UNIT;
const POW_TABLE = Float64Array.from({ length: TABLE_END + 1 }, (_, j) => Math.pow(j / STEPS_PER_UNIT, 2 * B));

function powB(d2: number): number {
  const at = Math.sqrt(d2) * STEPS_PER_UNIT;
  if (at < TABLE_START || at >= TABLE_END) return Math.exp(B * Math.log(d2));
  const j = at | 0;
  const lo = POW_TABLE[j];
  return lo + (at - j) * (POW_TABLE[j + 1] - lo);
}

function clip(x: number): number {
  return x > CLIP ? CLIP : x < -CLIP ? -CLIP : x;
}

/** One bar and one ETA across a document's stages, weighted by what each stage takes here. */
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../src/core/ports.ts';
import { ProgressMeter, type DocumentPlan } from '../../workers/engine/progress-meter.ts';
import { StageRates } from '../../workers/engine/stage-rates.ts';

/** A document of 1 MB and 1,000 passages, read fresh, pre-parsed. */
function plan(overrides: Partial<DocumentPlan> = {}): DocumentPlan & { split(): void } {
  let passages: number | undefined;
  return { bytes: 1e6, passages: () => passages, preparse: true, fresh: true, split: () => (passages = 1000), ...overrides };
}

/** Runs stages with a fake clock: `seconds[stage]` for the whole stage, in `steps` reports. */
function drive(meter: ProgressMeter, clock: { t: number }, doc: { split(): void }, seconds: Partial<Record<Progress['stage'], number>>, onStep: () => void = () => {}): void {
  for (const [stage, total] of Object.entries(seconds) as [Progress['stage'], number][]) {
    const steps = stage === 'parse' ? 1 : 10;
    meter.update({ stage, done: 0, total: steps });
    for (let i = 1; i <= steps; i++) {
      clock.t += (total * 1000) / steps;
      if (stage === 'parse' && i === steps) doc.split();
      meter.update({ stage, done: i, total: steps });
      onStep();
    }
  }
}

describe('ProgressMeter', () => {
  it('moves one fraction forward across every stage and counts the stages still to come in its ETA', () => {
    const clock = { t: 0 };
    const doc = plan();
    const meter = new ProgressMeter(doc, new StageRates(), () => clock.t);
    const fractions: number[] = [];
    const etas: number[] = [];
    drive(meter, clock, doc, { parse: 7, embed: 3, cluster: 5, preparse: 22 }, () => {
      fractions.push(meter.current!.fraction);
      etas.push(meter.current!.etaSeconds!);
    });
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]);
    expect(fractions.at(-1)).toBeLessThan(1);
    // the end of embedding is not near the end of the document: pre-parsing is most of it
    const endOfEmbedding = fractions[10];
    expect(endOfEmbedding).toBeGreaterThan(0.1);
    expect(endOfEmbedding).toBeLessThan(0.5);
    // half-way through embedding, the ETA holds clustering and pre-parsing too (~5 s + 22 s)
    expect(etas[5]).toBeGreaterThan(20);
    expect(etas.at(-1)).toBe(0);
  });

  it('counts a scan\'s OCR by its pages inside reading, and leaves it out of the ETA once read', () => {
    const clock = { t: 0 };
    const doc = plan();
    const meter = new ProgressMeter(doc, new StageRates(), () => clock.t);
    // a text PDF's ETA has no OCR in it
    meter.update({ stage: 'parse', done: 0, total: 1 });
    const withoutOcr = meter.current!.etaSeconds!;
    const fractions: number[] = [];
    const etas: number[] = [];
    for (let page = 0; page <= 20; page++) {
      if (page > 0) clock.t += 5000;
      meter.update({ stage: 'ocr', done: page, total: 20 });
      fractions.push(meter.current!.fraction);
      etas.push(meter.current!.etaSeconds!);
    }
    // 20 pages at 5 s each are most of this document's time
    expect(etas[0]).toBeGreaterThan(withoutOcr + 60);
    expect(etas[10]).toBeGreaterThan(50);
    meter.update({ stage: 'parse', done: 1, total: 1 });
    doc.split();
    fractions.push(meter.current!.fraction);
    // reading resumes after its OCR: the pages read are not counted again
    expect(meter.current!.etaSeconds!).toBeLessThan(etas[10]);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]);
    expect(fractions.at(-1)).toBeGreaterThan(0.5);
  });

  it('learns the stages\' times here: a slow pre-parse makes the next document\'s ETA longer', () => {
    const rates = new StageRates();
    const clock = { t: 0 };
    const first = plan();
    const meter = new ProgressMeter(first, rates, () => clock.t);
    const before = (() => {
      const probe = new ProgressMeter(plan({ passages: () => 1000 }), rates, () => clock.t);
      probe.update({ stage: 'cluster', done: 0, total: 10 });
      return probe.current!.etaSeconds!;
    })();
    drive(meter, clock, first, { parse: 7, embed: 3, cluster: 5, preparse: 220 });
    meter.finish();
    const next = new ProgressMeter(plan({ passages: () => 1000 }), rates, () => clock.t);
    next.update({ stage: 'cluster', done: 0, total: 10 });
    // pre-parse's rate moved halfway from 22 ms to 220 ms a passage: about 99 s more to wait
    expect(next.current!.etaSeconds! - before).toBeGreaterThan(80);
    expect(next.current!.etaSeconds! - before).toBeLessThan(120);
  });

  it('does not learn a reading time from a document that was already read', () => {
    const rates = new StageRates();
    const expected = rates.expected('parse', 1);
    const clock = { t: 0 };
    const meter = new ProgressMeter(plan({ fresh: false, passages: () => 1000 }), rates, () => clock.t);
    meter.update({ stage: 'parse', done: 0, total: 1 });
    clock.t += 5;
    meter.update({ stage: 'parse', done: 1, total: 1 });
    meter.update({ stage: 'cluster', done: 0, total: 10 });
    meter.finish();
    expect(rates.expected('parse', 1)).toBe(expected);
  });
});

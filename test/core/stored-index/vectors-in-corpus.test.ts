import { describe, expect, it } from 'vitest';
import { countTerms } from '../../../src/core/search/entry-terms.ts';
import type { IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { atStoredPrecision } from '../../../src/core/stored-index/vector-codec.ts';
import { fillCorpusVectors, withoutCorpusVectors } from '../../../src/core/stored-index/vectors-in-corpus.ts';
import { corpusOf, DIM, snapshot } from '../../browser-storage/fixtures.ts';

/** The fixtures' index at stored precision for `storage`, and its corpus laid out. */
function laidOut(storage: 'float32' | 'int8') {
  const base = snapshot();
  const snap: IndexSnapshot = {
    manifest: { ...base.manifest, vectorStorage: storage },
    documents: base.documents.map((d) => ({ ...d, vectors: atStoredPrecision(d.vectors, DIM, storage) })),
    groups: base.groups.map((g) => ({ ...g, vectors: atStoredPrecision(g.vectors, DIM, storage) })),
  };
  return { snap, corpus: corpusOf(snap).image()! };
}

describe('vectors kept once, in the search corpus', () => {
  it.each(['float32', 'int8'] as const)('leaves %s vectors out of every record and gives back the same values', (storage) => {
    const { snap, corpus } = laidOut(storage);
    const lean = withoutCorpusVectors(snap, corpus);
    expect([...lean.documents, ...lean.groups].map((r) => r.vectors.length)).toEqual([0, 0, 0]);
    // the same lean record each time, so the encoder's cache keeps its blocks
    expect(withoutCorpusVectors(snap, corpus).documents[0]).toBe(lean.documents[0]);
    // the snapshot given is not changed
    expect(snap.documents[0].vectors.length).toBe(snap.documents[0].entries.length * DIM);

    const decoded: IndexSnapshot = { ...lean, documents: lean.documents.map((d) => ({ ...d })), groups: lean.groups.map((g) => ({ ...g })) };
    expect(fillCorpusVectors(decoded, corpus)).toBe(true);
    for (const [i, d] of decoded.documents.entries()) expect(Array.from(d.vectors)).toEqual(Array.from(snap.documents[i].vectors));
    expect(Array.from(decoded.groups[0].vectors)).toEqual(Array.from(snap.groups[0].vectors));
  });

  it.each(['float32', 'int8'] as const)('keeps the %s vectors of a record whose rows hold other values, or that has no rows', (storage) => {
    const { snap, corpus } = laidOut(storage);
    // one value of its last row differs
    const vectors = snap.documents[0].vectors.slice();
    vectors[vectors.length - 1] += 0.5;
    const changed = { ...snap.documents[0], vectors };
    const lean = withoutCorpusVectors({ ...snap, documents: [changed, snap.documents[1]] }, corpus);
    expect(lean.documents[0]).toBe(changed);
    expect(lean.documents[1].vectors.length).toBe(0);

    const unowned = { ...corpus, owners: corpus.owners.filter((o) => o.owner !== snap.documents[1].doc.id) };
    expect(withoutCorpusVectors(snap, unowned).documents[1]).toBe(snap.documents[1]);
  });

  it('makes the vectors given back only when they are read, and leaves them out again without making them', () => {
    const { snap, corpus } = laidOut('int8');
    const decoded: IndexSnapshot = { ...withoutCorpusVectors(snap, corpus) };
    decoded.documents = decoded.documents.map((d) => ({ ...d }));
    decoded.groups = decoded.groups.map((g) => ({ ...g }));
    expect(fillCorpusVectors(decoded, corpus)).toBe(true);
    const made = (record: object) => Object.getOwnPropertyDescriptor(record, 'vectors')?.get === undefined;
    expect([...decoded.documents, ...decoded.groups].some(made)).toBe(false);

    // saved again (the open image after a change elsewhere): left out, still not made
    const again = withoutCorpusVectors(decoded, corpus);
    expect(again.documents.map((d) => d.vectors.length)).toEqual([0, 0]);
    expect([...decoded.documents, ...decoded.groups].some(made)).toBe(false);

    // read, they are the stored values; written, the written ones
    expect(Array.from(decoded.documents[0].vectors)).toEqual(Array.from(snap.documents[0].vectors));
    expect(made(decoded.documents[0])).toBe(true);
    decoded.groups[0].vectors = new Float32Array(snap.groups[0].entries.length * DIM);
    expect(decoded.groups[0].vectors.every((v) => v === 0)).toBe(true);
    // a written record is compared value by value: its rows no longer hold it
    expect(withoutCorpusVectors(decoded, corpus).groups[0]).toBe(decoded.groups[0]);
  });

  it('leaves out the counted terms too, without reading them', () => {
    const { snap, corpus } = laidOut('float32');
    let reads = 0;
    const record = { ...snap.documents[0] };
    Object.defineProperty(record, 'terms', { configurable: true, enumerable: true, get: () => (reads++, countTerms(record.entries)) });
    const lean = withoutCorpusVectors({ ...snap, documents: [record, snap.documents[1]] }, corpus);
    expect(lean.documents[0].terms).toBeUndefined();
    expect(lean.documents[0].entries).toBe(record.entries);
    expect(reads).toBe(0);
  });

  it('refuses a record left without vectors whose rows the corpus does not have', () => {
    const { snap, corpus } = laidOut('int8');
    const lean = withoutCorpusVectors(snap, corpus);
    const decoded: IndexSnapshot = { ...lean, documents: lean.documents.map((d) => ({ ...d })), groups: lean.groups.map((g) => ({ ...g })) };
    const unowned = { ...corpus, owners: corpus.owners.filter((o) => o.owner !== snap.groups[0].group.id) };
    expect(fillCorpusVectors(decoded, unowned)).toBe(false);
  });
});

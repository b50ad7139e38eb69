import { describe, expect, it } from 'vitest';
import { describeDamage } from '../../../src/core/stored-index/damage.ts';
import { createManifest } from '../../../src/core/stored-index/manifest.ts';
import { setAsideDamaged } from '../../../src/core/stored-index/set-aside-damaged.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from '../../../src/core/stored-index/snapshot.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const doc = (id: string): DocumentRecord => ({
  doc: { id, name: `${id}.md`, mime: 'text/markdown', size: 1, title: id, language: 'en', text: 'x', blocks: [], toc: [] },
  chunks: [],
  job: { docId: id, stage: 'ready' },
  entries: [],
  vectors: new Float32Array(0),
  preparse: [],
});
const group = (id: string, docIds: string[]): GroupRecord => ({ group: { id, docIds, k: 0, bic: [], clusters: [], raptor: [] }, entries: [], vectors: new Float32Array(0), preparse: [] });

describe('setAsideDamaged', () => {
  it('leaves out the groups that include a damaged document, naming those of several documents', () => {
    const snapshot: IndexSnapshot = {
      manifest: createManifest(hashEmbedder('e', 3)),
      documents: [doc('b'), doc('c')],
      groups: [group('g:a', ['a']), group('g:b', ['b']), group('g:corpus', ['a', 'b', 'c'])],
      damage: [{ kind: 'document', id: 'a', name: 'a.md', docIds: ['a'], parts: ['vectors'] }],
    };
    const settled = setAsideDamaged(snapshot);
    expect(settled.groups.map((g) => g.group.id)).toEqual(['g:b']);
    expect(settled.damage).toEqual([
      { kind: 'document', id: 'a', name: 'a.md', docIds: ['a'], parts: ['vectors'] },
      { kind: 'group', id: 'g:corpus', name: 'a.md, b.md, c.md', docIds: ['a', 'b', 'c'], parts: ['built-from-damaged'] },
    ]);
    expect(describeDamage(settled.damage![1])).toBe(
      "the cluster entries of a.md, b.md, c.md were built with a damaged document; they are left out until repaired, and the documents' own passages still answer",
    );
  });

  it('returns an undamaged snapshot as it is', () => {
    const snapshot: IndexSnapshot = { manifest: createManifest(hashEmbedder('e', 3)), documents: [doc('b')], groups: [group('g:b', ['b'])] };
    expect(setAsideDamaged(snapshot)).toBe(snapshot);
  });
});

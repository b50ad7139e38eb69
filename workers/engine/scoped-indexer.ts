/**
 * An Indexer that sees one document. The engine's own indexer clusters and pre-parses every
 * pending document at once, which would run a paused or half-read document's stages from another
 * document's job; a job here touches only its own document and that document's cluster group.
 * Its writes go to the store and are mirrored into the engine's indexer, which keeps the view the
 * rest of the app (library, passages, cluster maps, deletion) reads from.
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import { documentGroupId, Indexer } from '../../src/core/pipeline/indexer.ts';
import type { Embedder, Generator, IndexStore } from '../../src/core/ports.ts';
import type { IndexManifest } from '../../src/core/types.ts';

export interface ScopedIndexerDeps {
  engine: LociEngine;
  store: IndexStore;
  embedder: Embedder;
  generator?: Generator;
  /** The engine's manifest with this run's chunking and pre-parse settings. */
  manifest: IndexManifest;
}

export function scopedIndexer(deps: ScopedIndexerDeps, docId: string): Indexer {
  const { engine, store } = deps;
  if (deps.manifest.clustering.scope !== 'document') {
    throw new Error('the app indexes documents one by one, which needs per-document clustering');
  }
  const shared = engine.indexer;
  const mirror: IndexStore = {
    load: () => store.load(),
    putManifest: (manifest) => store.putManifest(manifest),
    async putDocument(record) {
      await store.putDocument(record);
      shared.documents.set(record.doc.id, record);
    },
    async deleteDocument(id) {
      await store.deleteDocument(id);
      shared.documents.delete(id);
    },
    async putGroup(record) {
      await store.putGroup(record);
      shared.groups.set(record.group.id, record);
    },
    async deleteGroup(id) {
      await store.deleteGroup(id);
      shared.groups.delete(id);
    },
  };
  const indexer = new Indexer({ manifest: deps.manifest, embedder: deps.embedder, generator: deps.generator, store: mirror, corpus: engine.corpus });
  const record = shared.documents.get(docId);
  const group = shared.groups.get(documentGroupId(docId));
  indexer.restore(record ? [record] : [], group ? [group] : []);
  return indexer;
}

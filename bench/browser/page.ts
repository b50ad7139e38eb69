/**
 * The browser benchmark's page (built only with the test pages, LOCI_TEST_HARNESS=1): it writes a
 * prebuilt index into IndexedDB through the app's own store, times questions through the app's
 * own workers, and runs the engine's query benchmark in this tab's JavaScript engine. The driver
 * (run.ts) calls these through page.evaluate.
 */
import type { LociClient } from '../../src/protocol/api.ts';
import type { Strategy, Retriever } from '../../src/core/types.ts';
import { createWorkerClient } from '../../src/client/worker-client.ts';
import { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';
import { decodeIndex } from '../../src/core/stored-index/binary-format.ts';
import { benchIndex } from '../core/index-bench.ts';
import { summarize, type Timing } from '../core/stats.ts';
import { LociEngine } from '../../src/core/engine/engine.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';
import { privateImageFile } from '../../src/browser-storage/open-image.ts';
import { privateVectorFiles } from '../../src/browser-storage/vector-files.ts';
import { INDEX_STORES } from '../../src/browser-storage/records.ts';
import { storageUsage, storedSizeAt, type StoredSize } from './stored-size.ts';
import { closeModelRates, modelRates } from './model-rates-page.ts';

export interface Loaded {
  documents: number;
  groups: number;
  chunks: number;
  entries: number;
  dimension: number;
  fileBytes: number;
  ms: number;
}

export interface QueryTiming extends Timing {
  strategy: Strategy;
  retriever: Retriever;
}

/** Where opening the stored library goes, step by step, in this tab (ms). */
export interface OpenSteps {
  /** Reading each store alone with getAll, and the records it holds. */
  stores: { name: string; ms: number; records: number }[];
  /** The store's load(): every read together, checksums, vectors and texts rebuilt. */
  load: number;
  /** The engine over the loaded records: rows, BM25 and the vector index filled. */
  engine: number;
}

export interface BenchPage {
  /** The models benchmark's workers (bench/models/run.ts). */
  modelRates: typeof modelRates;
  closeModelRates: typeof closeModelRates;
  openSteps(): Promise<OpenSteps>;
  load(url: string): Promise<Loaded>;
  /** Writes a document's and a group's records again, or two documents' (the app closed): its open image is then two writes behind. */
  writeSince(url: string): Promise<void>;
  start(): Promise<number>;
  queries(questions: string[], choices: { strategy: Strategy; retriever: Retriever }[], runs: number): Promise<QueryTiming[]>;
  engineQueries(entries: number, dimension: number, runs: number): ReturnType<typeof benchIndex>;
  storage(): Promise<{ usage: number; indexedDB?: number }>;
  /** The library at `dimension` written to a database of its own, and its open image (stored-size.ts). */
  storedSize(url: string, dimension: number): Promise<StoredSize>;
}

let client: LociClient | undefined;

/**
 * The app's store as the engine worker opens it: beside its open image's file, so records' vectors
 * are written to files of their own (vector-files.ts) and read back from them, as the app's are.
 */
async function appStore(): Promise<IdbIndexStore> {
  return IdbIndexStore.open({ image: await privateImageFile(), vectorFiles: await privateVectorFiles() });
}

const bench: BenchPage = {
  modelRates,
  closeModelRates,
  async openSteps() {
    const db = await openLociDb();
    const stores: OpenSteps['stores'] = [];
    for (const name of INDEX_STORES) {
      const t0 = performance.now();
      const records = await db.getAll(name);
      stores.push({ name, ms: performance.now() - t0, records: records.length });
    }
    db.close();
    const store = await appStore();
    try {
      const t0 = performance.now();
      const snapshot = await store.load();
      const load = performance.now() - t0;
      if (!snapshot) throw new Error('no library stored');
      const { id, dimension } = snapshot.manifest.embedder;
      // the engine needs no model to open: nothing is embedded here
      const embedder = { id, dimension, maxTokens: 512, queryPrefix: '', passagePrefix: '', embed: () => Promise.reject(new Error('not here')), countTokens: () => Promise.reject(new Error('not here')) };
      const t1 = performance.now();
      await LociEngine.open({ embedder, store, stored: Promise.resolve(snapshot) });
      return { stores, load, engine: performance.now() - t1 };
    } finally {
      store.close();
    }
  },

  async load(url) {
    const t0 = performance.now();
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const snapshot = await decodeIndex(bytes);
    const store = await appStore();
    try {
      await store.putManifest(snapshot.manifest);
      // One transaction per record, as indexing writes them.
      for (const record of snapshot.documents) await store.putDocument(record);
      for (const record of snapshot.groups) await store.putGroup(record);
    } finally {
      store.close();
    }
    const count = (records: { entries: unknown[] }[]) => records.reduce((n, r) => n + r.entries.length, 0);
    return {
      documents: snapshot.documents.length,
      groups: snapshot.groups.length,
      chunks: snapshot.documents.reduce((n, d) => n + d.chunks.length, 0),
      entries: count(snapshot.documents) + count(snapshot.groups),
      dimension: snapshot.manifest.embedder.dimension,
      fileBytes: bytes.length,
      ms: performance.now() - t0,
    };
  },

  async writeSince(url) {
    // one document and one cluster group written again, as indexing a document writes them; a
    // library built without clusters (they are made when read) has none: a second document then
    const snapshot = await decodeIndex(new Uint8Array(await (await fetch(url)).arrayBuffer()));
    const store = await appStore();
    try {
      await store.putDocument(snapshot.documents[0]);
      const group = snapshot.groups[0];
      if (group) await store.putGroup(group);
      else await store.putDocument(snapshot.documents[1]);
    } finally {
      store.close();
    }
  },

  async start() {
    const t0 = performance.now();
    client = createWorkerClient(location.search);
    await client.start();
    return performance.now() - t0;
  },

  /**
   * Each question from the call to the sources it found (embedding the question, search, packing,
   * two thread hops). The answer is let finish before the next question: a stopped answer's
   * unfinished model step still holds the language model's worker, and the next question's
   * packing, which counts tokens there, would wait for it (4.5 s a question when this stopped at
   * the sources). Choices are interleaved so drift in the machine spreads over all of them.
   */
  async queries(questions, choices, runs) {
    const c = client;
    if (!c) throw new Error('start() first');
    const times = choices.map((): number[] => []);
    let asked = 0;
    const once = async (question: string, choice: (typeof choices)[number]): Promise<number> => {
      // a chat of its own: in a chat with history the question is first rewritten by the language model
      const chatId = `bench-${asked++}`;
      const t0 = performance.now();
      let found = 0;
      let failure = '';
      await c.ask(question, { chatId, ...choice }, (event) => {
        if (event.type === 'sources' && found === 0) found = performance.now() - t0;
        if (event.type === 'error') failure = event.message;
      });
      if (found === 0) throw new Error(`no sources for "${question}" (${choice.strategy}, ${choice.retriever}): ${failure || 'none found'}`);
      return found;
    };
    // warm-up: the first question loads the language model and compiles the search paths
    for (const choice of choices) console.log(`warm-up ${choice.strategy} ${choice.retriever}: ${(await once(questions[0], choice)).toFixed(0)} ms`);
    for (let r = 0; r < runs; r++) {
      for (let i = 0; i < choices.length; i++) times[i].push(await once(questions[r % questions.length], choices[i]));
    }
    return choices.map((choice, i) => ({ ...choice, ...summarize(times[i]) }));
  },

  engineQueries(entries, dimension, runs) {
    return benchIndex({ sizes: [entries], dimension, runs, strategies: ['naive', 'p-rag', 'c-rag', 'cap-rag'], n: 5 });
  },

  async storedSize(url, dimension) {
    return storedSizeAt(await decodeIndex(new Uint8Array(await (await fetch(url)).arrayBuffer())), dimension);
  },

  storage() {
    return storageUsage();
  },
};

(window as unknown as { lociBench: BenchPage }).lociBench = bench;

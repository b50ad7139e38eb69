/**
 * IdbIndexStore on the browser's real IndexedDB (the Node tests use fake-indexeddb): records go in,
 * come back equal after reopening, a refused write leaves the previous state, and deleting a
 * document removes its cluster group and original too; the open image, a real file in the origin
 * private file system, opens the same index, and after a delete opens with the deletion read beside
 * it, until a write not told in records. Runs in the harness page's module; the image's file is also
 * read in a dedicated worker, where the engine reads it.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Harness } from './harness.ts';
import { recordedContext, useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/**
 * The harness page with no ?models=local and no start(): only its storage modules are used.
 */
async function harnessPage() {
  const recorded = await recordedContext(browser());
  const page = await recorded.newPage();
  await page.goto(`${baseURL}/test/browser/harness.html`);
  await page.waitForFunction(() => 'lociHarness' in window);
  return { recorded, page };
}

/** The index manifest of the records written in the page: 4-d vectors of the given storage. */
function manifestOf(vectorStorage: 'float32' | 'int8') {
  return {
    format: 'loci-index' as const,
    version: 1,
    embedder: { id: 'test-embedder', dimension: 4, queryPrefix: '', passagePrefix: '' },
    chunking: { chunkTokens: 100, overlapTokens: 10 },
    clustering: { scope: 'document' as const, seed: 42, threshold: 0.1, maxClusters: 50, minChunks: 8 },
    preparse: { mode: 'extractive' as const },
    raptor: false,
    vectorStorage,
  };
}

describe('IdbIndexStore in Chromium', () => {
  it('puts, loads, refuses a bad record atomically, and deletes on real IndexedDB', async () => {
    const { recorded, page } = await harnessPage();

    const result = await page.evaluate(async (manifest) => {
      const { IdbIndexStore, deleteLociDb, privateImageFile } = (window as unknown as { lociHarness: Harness }).lociHarness;
      const name = 'loci-storage-test';
      await deleteLociDb({ name });
      const image = await privateImageFile('loci-storage-test.image');
      await image?.remove();
      const bytes = new TextEncoder().encode('# 标题\n\n第一段。\n\n第二段。');
      let store = await IdbIndexStore.open({ name, image });
      const emptyAtFirst = (await store.load()) === undefined;
      const docId = await store.addOriginal('notes.md', 'text/markdown', bytes);
      const text = '标题\n第一段。\n第二段。';
      const chunk = (i: number, start: number, end: number) => ({ id: `${docId}:${i}`, docId, ordinal: i, text: text.slice(start, end), headingPath: ['标题'], start, end, tokens: end - start });
      const chunks = [chunk(0, 3, 7), chunk(1, 8, 12)];
      const entries = chunks.map((c) => ({ id: `${c.id}|chunk|whole|0`, kind: 'chunk' as const, level: 'whole' as const, text: c.text, origin: { type: 'chunk' as const, id: c.id } }));
      const record = {
        doc: { id: docId, name: 'notes.md', mime: 'text/markdown', size: bytes.length, title: '标题', language: 'zh' as const, text, blocks: [{ kind: 'heading' as const, level: 1, start: 0, end: 2 }], toc: [{ title: '标题', level: 1, parent: -1, start: 0, end: text.length }] },
        chunks,
        job: { docId, stage: 'ready' as const },
        entries,
        vectors: Float32Array.from([1, 0, 0, 0, 0, 1, 0, 0]),
        preparse: [],
      };
      const group = {
        group: { id: `g:${docId}`, docIds: [docId], k: 1, bic: [3.5], clusters: [{ id: `g:${docId}#0`, members: chunks.map((c) => ({ chunkId: c.id, p: 0.9 })) }], raptor: [], layout: { chunkIds: chunks.map((c) => c.id), xy: [0, 1, 1, 0] } },
        entries: [{ id: `g:${docId}#0|cluster|whole|0`, kind: 'cluster' as const, level: 'whole' as const, text: '第一段。第二段。', origin: { type: 'cluster' as const, id: `g:${docId}#0` } }],
        vectors: Float32Array.from([0.5, 0.5, 0.5, 0.5]),
        preparse: [],
      };
      await store.putManifest(manifest);
      await store.putDocument(record);
      await store.putGroup(group);

      // A record whose vectors do not match its entries is refused whole.
      let refused = '';
      try {
        await store.putDocument({ ...record, job: { docId, stage: 'embedded' as const }, vectors: new Float32Array(3) });
      } catch (error) {
        refused = (error as Error).message;
      }

      const fromRecords = await store.load();
      const imageSaved = await store.saveImage(() => fromRecords!);
      store.close();
      store = await IdbIndexStore.open({ name, image });
      const loaded = await store.load();
      const loadedFrom = store.openedFrom;
      const original = await store.getOriginal(docId);
      const listed = await store.listDocuments();
      await store.deleteDocument(docId);
      const afterDelete = await store.load();
      const afterDeleteFrom = store.openedFrom;
      const readSince = store.recordsSince;
      // a write not told in records: every record is read
      await store.clearIndex();
      const afterClear = await store.load();
      const afterClearFrom = store.openedFrom;
      await image?.remove();
      const originalAfterDelete = await store.getOriginal(docId);
      store.close();
      await deleteLociDb({ name });
      return {
        emptyAtFirst,
        refused,
        manifest: loaded?.manifest,
        document: loaded && { ...loaded.documents[0], vectors: Array.from(loaded.documents[0].vectors) },
        group: loaded && { ...loaded.groups[0], vectors: Array.from(loaded.groups[0].vectors) },
        sent: { ...record, vectors: Array.from(record.vectors) },
        sentGroup: { ...group, vectors: Array.from(group.vectors) },
        originalText: original && new TextDecoder().decode(original.bytes),
        listed: listed.map((d) => ({ id: d.id, stage: d.job?.stage, hasOriginal: d.hasOriginal })),
        docId,
        afterDelete: afterDelete && {
          documents: afterDelete.documents.length,
          groups: afterDelete.groups.length,
          deletedDocuments: afterDelete.since?.deletedDocuments,
          deletedGroups: afterDelete.since?.deletedGroups,
          written: afterDelete.since && afterDelete.since.documents.length + afterDelete.since.groups.length,
        },
        readSince,
        afterClear: afterClear === undefined,
        afterClearFrom,
        originalAfterDelete: originalAfterDelete === undefined,
        imageSaved,
        loadedFrom,
        afterDeleteFrom,
      };
    }, manifestOf('float32'));

    expect(result.emptyAtFirst).toBe(true);
    expect(result.refused).toMatch(/3 vector values for 2 entries/);
    expect(result.manifest?.embedder.id).toBe('test-embedder');
    expect(result.document).toEqual(result.sent);
    expect(result.group).toEqual(result.sentGroup);
    expect(result.originalText).toBe('# 标题\n\n第一段。\n\n第二段。');
    expect(result.listed).toEqual([{ id: result.docId, stage: 'ready', hasOriginal: true }]);
    // after the delete, the image with the deletion read from the log beside it: the document and its group gone
    expect(result.afterDelete).toEqual({ documents: 1, groups: 1, deletedDocuments: [result.docId], deletedGroups: [`g:${result.docId}`], written: 0 });
    expect(result.readSince).toBe(2);
    expect(result.originalAfterDelete).toBe(true);
    // the reopened index came from the image, equal to what was stored; after the index was cleared, from the records
    expect(result).toMatchObject({ imageSaved: true, loadedFrom: 'image', afterDeleteFrom: 'image', afterClear: true, afterClearFrom: 'records' });
    await recorded.context.close();
  });

  it('keeps vectors in files of the origin private file system until the open image holds them, and reads them back from either', async () => {
    const { recorded, page } = await harnessPage();

    const result = await page.evaluate(async (manifest) => {
      const { IdbIndexStore, deleteLociDb, privateImageFile, privateVectorFiles } = (window as unknown as { lociHarness: Harness }).lociHarness;
      const name = 'loci-vector-files-test';
      await deleteLociDb({ name });
      const image = (await privateImageFile(`${name}.image`))!;
      await image.remove();
      const files = (await privateVectorFiles(`${name}-vectors`))!;
      await files.clear();
      // the files on their own: written, read, listed, removed
      const probe = { owner: 'doc:a/b', sum: '00ff00ff00ff00ff' };
      await files.write(probe, Uint8Array.from([1, 2, 3]));
      const probeRead = Array.from((await files.read(probe)) ?? []);
      const probeListed = await files.list();
      await files.remove(probe);
      const probeGone = (await files.read(probe)) === undefined;

      const docId = 'd1';
      const text = '第一段。第二段。';
      const chunks = [0, 1].map((i) => ({ id: `${docId}:${i}`, docId, ordinal: i, text: text.slice(4 * i, 4 * i + 4), headingPath: [], start: 4 * i, end: 4 * i + 4, tokens: 4 }));
      const record = {
        doc: { id: docId, name: 'notes.md', mime: 'text/markdown', size: 24, title: 'notes', language: 'zh' as const, text, blocks: [], toc: [] },
        chunks,
        job: { docId, stage: 'ready' as const },
        entries: chunks.map((c) => ({ id: `${c.id}|chunk|whole|0`, kind: 'chunk' as const, level: 'whole' as const, text: c.text, origin: { type: 'chunk' as const, id: c.id } })),
        vectors: Float32Array.from([1, 0, 0, 0, 0, 1, 0, 0]),
        preparse: [],
      };
      let store = await IdbIndexStore.open({ name, image, vectorFiles: files });
      await store.putManifest(manifest);
      await store.putDocument(record);
      const filesWritten = (await files.list()).map((f) => f.owner);
      const raw = (await store.db.get('entries', `doc:${docId}`))!;
      const fromFiles = (await store.load())!;
      const imageSaved = await store.saveImage(() => fromFiles);
      const filesAfterImage = (await files.list()).length;
      // a write not told in records: the next open reads them, and their vectors from the image
      await store.putManifest(manifest);
      store.close();
      store = await IdbIndexStore.open({ name, image, vectorFiles: files });
      const fromImage = (await store.load())!;
      const openedFrom = store.openedFrom;
      store.close();
      await deleteLociDb({ name });
      await image.remove();
      await files.clear();
      return {
        probeRead,
        probeListed,
        probeGone,
        filesWritten,
        inRecord: raw.vectors.byteLength,
        vectorsIn: raw.vectorsIn,
        fromFiles: Array.from(fromFiles.documents[0].vectors),
        imageSaved,
        filesAfterImage,
        openedFrom,
        damage: fromImage.damage,
        fromImage: Array.from(fromImage.documents[0].vectors),
        sent: Array.from(record.vectors),
      };
    }, manifestOf('int8'));

    expect(result.probeRead).toEqual([1, 2, 3]);
    expect(result.probeListed).toEqual([{ owner: 'doc:a/b', sum: '00ff00ff00ff00ff' }]);
    expect(result.probeGone).toBe(true);
    expect(result.filesWritten).toEqual(['doc:d1']);
    expect(result).toMatchObject({ inRecord: 0, vectorsIn: 'file', imageSaved: true, filesAfterImage: 0, openedFrom: 'records' });
    expect(result.damage).toBeUndefined();
    // int8 storage: one-hot rows come back exactly
    expect(result.fromFiles).toEqual(result.sent);
    expect(result.fromImage).toEqual(result.sent);
    await recorded.context.close();
  });

  it('reads the open image in a worker through a synchronous handle, and through a Blob while another handle holds the file', async () => {
    const { recorded, page } = await harnessPage();
    const check = await page.evaluate(() => (window as unknown as { lociHarness: Harness }).lociHarness.imageFileInWorker('loci-image-file-test.image'));
    expect(check.error).toBeUndefined();
    // the index and the corpus apart, as written
    expect(check.syncRead).toEqual(check.written);
    // a handle held elsewhere: the synchronous read stands aside, and the Blob read gives the same parts
    expect(check.syncWhileHeld).toBe('none');
    expect(check.readWhileHeld).toEqual(check.written);
    // a file that is no LIM3 image is read whole
    expect(check.whole.read).toEqual([check.whole.written]);
    await recorded.context.close();
  });
});

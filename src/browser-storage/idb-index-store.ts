/**
 * The app's IndexStore over IndexedDB. Every method is one transaction over all the stores it
 * touches, so a crash or a failed write leaves the previous state or the new one, never a mix;
 * that is what lets an interrupted indexing job simply write its record again on resume.
 * Derived records carry checksums (record-sums.ts): a record found damaged on load is left out
 * and reported (`IndexSnapshot.damage`), so its document is never searched half broken.
 */
import type { IndexStore } from '../core/ports.ts';
import type { Damage } from '../core/stored-index/damage.ts';
import type { DocumentRecord, GroupRecord, IndexChanges, IndexSnapshot } from '../core/stored-index/snapshot.ts';
import type { IndexManifest, JobState, Lang } from '../core/types.ts';
import { sha256Hex } from '../core/util/hash.ts';
import { checksums } from '../core/util/checksum.ts';
import { chunksSum, documentSum, entriesSums, findDamage, groupSum } from './record-sums.ts';
import { inAddedOrder, latestAdded, libraryAdded, nextAdded } from './added-clock.ts';
import { openLociDb, type OpenOptions } from './open.ts';
import { finishPendingImport } from './pending-import.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import { DOCUMENT_STORES, deleteDocumentRecords } from './delete-document.ts';
import { readIndexRecords, readOwnedRecords, readTransaction, type IndexRecords } from './read-records.ts';
import { changedOwners, forgetChangesThrough, ownersBetween, readChangeLog, sameOwners, type ChangedOwners } from './index-changes.ts';
import { INDEX_STORES, LIBRARY_STORES, MANIFEST_KEY, type OriginalFile, type StoredChange, type StoredEntries, type StoredOriginal, type StoredRow } from './records.ts';
import { rowOf } from './library-rows.ts';
import type { LociDb } from './schema.ts';
import { inWriteTransaction } from './transaction.ts';
import { vectorsToBuffer } from './vectors.ts';
import { encodeVectors } from '../core/stored-index/vector-codec.ts';
import type { BlockCache, Breathe } from '../core/stored-index/binary-format.ts';
import { decodeImage, encodeImage, imageRevision, type ImageFile } from './open-image.ts';
import { readRevision, revisionIn } from './revision.ts';
import { chunkSources, storedChunks, storedEntries } from '../core/stored-index/repeated-text.ts';
import { assembleRecords, namesOf } from './assemble-records.ts';
import { vectorFileName, type VectorFileName, type VectorFiles } from './vector-files.ts';
import { fillKeptVectors, keptOutside, type KeptVectorSources } from './kept-vectors.ts';
import type { ImageBytes } from './open-image.ts';

/** One row of the library list: enough to show it, nothing heavy. */
export interface DocumentSummary {
  id: string;
  name: string;
  mime: string;
  size: number;
  title?: string;
  language?: Lang;
  /** Absent while only the original bytes are stored (the document has not been parsed yet). */
  job?: JobState;
  added: number;
  hasOriginal: boolean;
}

export class IdbIndexStore implements IndexStore {
  /** Where the last load() came from: the open image, or the records (also when there was no index). */
  openedFrom: 'image' | 'records' | undefined;
  /** Of the last load() from the image: how many documents and groups were read (or found deleted) because written since it was made. */
  recordsSince = 0;
  /**
   * The index revision the image file is known to hold, read or written by this store: a save at
   * that revision would write the same index again. The engine worker asks for a save whenever the
   * library's rows are sent, which a reopen does at once: a large library was encoded and written
   * again after every reopen, for nothing (docs/decisions/2026-11-27-engine-worker-saves.md).
   */
  private imageRevision: number | undefined;
  /** The size of the image file as last read or written by this store (0 while none is known). */
  private imageBytes = 0;

  /**
   * The writes and removals of vector files, one after another: a file is removed only when no
   * record names it, which a write between the check and the removal could change.
   */
  private filesTurn: Promise<unknown> = Promise.resolve();
  /**
   * The vector files there are, listed once and kept up to date by this store, their only writer
   * (the library's lock keeps one engine on it): a library indexed in one go has a file for each
   * document until the image is saved, and listing the directory at every write grew with them.
   */
  private fileNames: VectorFileName[] | undefined;

  constructor(
    readonly db: LociDb,
    /** A copy of the index that opens in one read (open-image.ts); without it, records are always read. */
    private readonly image?: ImageFile,
    /**
     * Where records' vectors are written instead of into IndexedDB, until the image holds them
     * (vector-files.ts); only beside an image, and without it they stay in the records.
     */
    private readonly vectorFiles?: VectorFiles,
  ) {}

  /**
   * The store, with any import an earlier tab left pending (a site's library kept as its file,
   * pending-import.ts) stored first: nothing reads the library before it is whole.
   */
  static async open(options: OpenOptions & { image?: ImageFile; vectorFiles?: VectorFiles } = {}): Promise<IdbIndexStore> {
    const store = new IdbIndexStore(await openLociDb(options), options.image, options.image ? options.vectorFiles : undefined);
    const finished = await finishPendingImport(store.db);
    if (finished?.deleted) await store.forgetVectorFiles(finished.deleted);
    return store;
  }

  /** Where the vectors of records kept outside them are read (kept-vectors.ts): files only, or with `image` the open image too. */
  keptVectorSources(image?: () => Promise<ImageBytes | undefined>): KeptVectorSources {
    return { files: this.vectorFiles, image: image ?? (this.image && (() => this.image!.read())) };
  }

  /** `work` once every earlier turn with the vector files is done. */
  private withFiles<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.filesTurn.then(work);
    this.filesTurn = turn.catch(() => undefined);
    return turn;
  }

  close(): void {
    this.db.close();
  }

  /**
   * The index from the open image when it is whole and current, or behind by logged writes only
   * (then with the records they wrote, `IndexSnapshot.since`); from the records otherwise.
   */
  async load(): Promise<IndexSnapshot | undefined> {
    this.recordsSince = 0;
    performance.mark('loci:index-load');
    // the image's bytes as read here, for vectors that only it holds should the records be read
    let read: (() => Promise<ImageBytes | undefined>) | undefined;
    if (this.image) {
      const [{ revision, log, ahead }, bytes] = await Promise.all([this.logAhead(), this.image.read()]);
      read = async () => bytes;
      this.imageBytes = bytes instanceof Uint8Array ? bytes.length : bytes ? bytes.index.length + bytes.corpus.length : 0;
      // user-timing marks: bench:browser reads them to say where a reopen's time goes
      performance.mark('loci:image-read');
      const made = bytes && imageRevision(bytes);
      // behind: usable only when every write since is logged by its records (else not even decoded)
      const changed = made !== undefined && made !== revision ? ownersBetween(log, made, revision) : undefined;
      // those records, read ahead when the log named them, or now while the image decodes; failing, every record is read
      const since = changed && (ahead && sameOwners(ahead.changed, changed) ? ahead.records : this.readChanged(changed, revision).catch(() => undefined));
      const snapshot = made === revision || changed ? await decodeImage(bytes!, made!) : undefined;
      performance.mark('loci:image-decoded');
      const changes = snapshot && since ? await this.changesOver(snapshot, changed!, await since) : undefined;
      if (snapshot && (!since || changes)) {
        this.openedFrom = 'image';
        this.imageRevision = made;
        if (changes) this.recordsSince = changes.documents.length + changes.groups.length + changes.deletedDocuments.length + changes.deletedGroups.length;
        return changes ? { ...snapshot, since: changes } : snapshot;
      }
    }
    this.openedFrom = 'records';
    const revision = await readRevision(this.db);
    const snapshot = await this.loadRecords(read);
    // every record was read: the log up to here has nothing left to tell
    await forgetChangesThrough(this.db, revision);
    return snapshot;
  }

  /**
   * The index an import has just written whole (its file's records, ImportReport.indexIsFile),
   * given as a load() would read it back, without reading it (seconds for a large library). Like a
   * load from the records, its image is made afterwards.
   */
  loaded(snapshot: IndexSnapshot): Promise<IndexSnapshot> {
    this.openedFrom = 'records';
    this.recordsSince = 0;
    return Promise.resolve(snapshot);
  }

  /**
   * The revision and the log of writes since the image last saved, read while the image is; the
   * records the log names are read meanwhile too, for the image the log starts after (every save
   * forgets the log up to its revision). Read once the image's own revision was known, they made
   * a reopen a few writes behind wait after its image was read
   * (docs/decisions/2026-12-07-reopen-beside-the-image.md).
   */
  private async logAhead(): Promise<{ revision: number; log: StoredChange[]; ahead?: { changed: ChangedOwners; records: Promise<IndexRecords | undefined> } }> {
    const tx = readTransaction(this.db, ['indexChanges', 'meta']);
    const [revision, log] = await Promise.all([revisionIn(tx), readChangeLog(tx)]);
    await tx.done;
    const first = log.reduce((min, c) => Math.min(min, c.revision), Infinity);
    const changed = Number.isFinite(first) ? ownersBetween(log, first - 1, revision) : undefined;
    return { revision, log, ...(changed ? { ahead: { changed, records: this.readChanged(changed, revision).catch(() => undefined) } } : {}) };
  }

  /** The records of `changed`, while the index is still at `revision` (nothing was written since the log was read). */
  private async readChanged(changed: ChangedOwners, revision: number): Promise<IndexRecords | undefined> {
    const tx = readTransaction(this.db, [...INDEX_STORES, 'meta']);
    const [now, records] = await Promise.all([revisionIn(tx), readOwnedRecords(tx, changed)]);
    await tx.done;
    if (now !== revision) return undefined;
    // written since the image, so not in it: their vectors are in their records or files
    if (records.manifest) await fillKeptVectors(records.entries, records.manifest.embedder.dimension, await checksums(), { files: this.vectorFiles });
    return records;
  }

  /**
   * The records read since the image, loaded over it: undefined when any of them is damaged (every
   * record is then read, so the damage is found and reported as on any open from the records).
   */
  private async changesOver(image: IndexSnapshot, changed: ChangedOwners, records: IndexRecords | undefined): Promise<IndexChanges | undefined> {
    if (!records) return undefined;
    // the image's chunks, made only for the documents of a group read here
    const byId = new Map(image.documents.map((d) => [d.doc.id, d]));
    const loaded = assembleRecords(records, [], await checksums(), (id) => byId.get(id)?.chunks);
    if (!loaded || loaded.damage.length > 0) return undefined;
    const missing = (ids: Iterable<string>, present: Set<string>) => [...ids].filter((id) => !present.has(id));
    return {
      documents: loaded.documents,
      groups: loaded.groups,
      deletedDocuments: missing(changed.documents, new Set(loaded.documents.map((d) => d.doc.id))),
      deletedGroups: missing(changed.groups, new Set(loaded.groups.map((g) => g.group.id))),
    };
  }

  /**
   * Writes the open image of the index `snapshot()` gives, which must be the index as stored (the
   * engine's, with nothing set aside as damaged). It is taken right after the revision is read:
   * a write committed before that read has been applied by then (its caller continues before the
   * read's result arrives), and one committed during the encoding changes the revision read after
   * it, which drops the image. `worthIt`, asked with the new image's size once encoded and the size
   * of the one it would replace, may skip the write (the caller's rule for room). Returns whether
   * one was written.
   */
  async saveImage(snapshot: () => IndexSnapshot, cache?: BlockCache, breathe?: Breathe, worthIt?: (bytes: number, replacing: number) => Promise<boolean>): Promise<boolean> {
    if (!this.image) return false;
    const revision = await readRevision(this.db);
    // nothing written yet: no index to copy; or the file holds this revision already
    if (revision === 0 || revision === this.imageRevision) return false;
    const taken = snapshot();
    const bytes = await encodeImage(taken, revision, cache, breathe);
    if ((await readRevision(this.db)) !== revision) return false;
    if (worthIt && !(await worthIt(bytes.length, this.imageBytes))) return false;
    await this.image.write(bytes);
    this.imageBytes = bytes.length;
    this.imageRevision = revision;
    await forgetChangesThrough(this.db, revision);
    await this.forgetImagedFiles(taken);
    return true;
  }

  /** Whether there is an image file kept that does not hold the index as stored now. */
  async imageBehind(): Promise<boolean> {
    if (!this.image) return false;
    const revision = await readRevision(this.db);
    return revision !== 0 && revision !== this.imageRevision;
  }

  /**
   * Removes the vector files the image just written holds (or that no record names): from now on
   * the image is their vectors' one copy. `taken` is the index the image was made of.
   */
  private forgetImagedFiles(taken: IndexSnapshot): Promise<void> {
    const files = this.vectorFiles;
    if (!files) return Promise.resolve();
    return this.withFiles(async () => {
      const listed = await this.listFiles(files);
      if (listed.length === 0) return;
      const owners = new Set(listed.map((f) => f.owner));
      const sums = await checksums();
      const { dimension } = taken.manifest.embedder;
      const imaged = new Map<string, string>();
      // a record's vectors are read only when it has a file: those an image holds are made from its
      // rows when first read, and reading every record's made the 100k-entry library's vectors
      // a second time, in floats, at each save of a library opened from its image
      const hold = (owner: string, vectors: () => Float32Array) => {
        if (owners.has(owner)) imaged.set(owner, sums.bytes(encodeVectors(vectors(), dimension, taken.manifest.vectorStorage)));
      };
      for (const d of taken.documents) hold(docOwner(d.doc.id), () => d.vectors);
      for (const g of taken.groups) hold(groupOwner(g.group.id), () => g.vectors);
      await this.removeFiles((file) => imaged.get(file.owner) === file.sum);
      // the rest are a document's indexed meanwhile, or no record's (a write refused after its
      // file, a record replaced by an import): only their records are read, seldom any
      const rest = await this.listFiles(files);
      if (rest.length === 0) return;
      const tx = readTransaction(this.db, ['entries']);
      const records = await Promise.all([...new Set(rest.map((f) => f.owner))].map((owner) => tx.objectStore('entries').get(owner)));
      await tx.done;
      const named = new Map(records.flatMap((r) => (r && keptOutside(r) && r.sums ? [[r.owner, r.sums.vectors] as const] : [])));
      await this.removeFiles((file) => named.get(file.owner) !== file.sum);
    });
  }

  /**
   * The image read at open is to be written again though the index has not changed since: its
   * search corpus could not be adopted (made by a build whose BM25 held other entries), so it is
   * laid out again on every open until replaced.
   */
  replaceImage(): void {
    this.imageRevision = undefined;
  }

  /**
   * Damage in the stored records, found by their checksums without loading them: what a library
   * opened from its image would not see until the records are next read (restore-records.ts in
   * the engine worker). One document or group a transaction, so a large library is never held in
   * memory twice, and a write (a file dropped meanwhile) waits for one short read, not for all.
   */
  async findRecordDamage(): Promise<Damage[]> {
    const sums = await checksums();
    const [docIds, groupIds, originals, manifest, files] = await Promise.all([
      this.db.getAllKeys('documents'),
      this.db.getAllKeys('groups'),
      this.db.getAll('originals'),
      this.db.get('manifest', MANIFEST_KEY),
      this.listedFiles(),
    ]);
    const names = namesOf([], originals);
    const damage: Damage[] = [];
    // the vectors kept in files are read and checked; those in the image alone are left unread:
    // checking them means decoding the whole image, whose own checksums vouched for it when the
    // library was opened from it
    const unread = async (entries: StoredEntries[]): Promise<Set<string>> =>
      manifest ? fillKeptVectors(entries, manifest.embedder.dimension, sums, { files }) : new Set(entries.map((e) => e.owner));
    for (const id of docIds) {
      const tx = readTransaction(this.db, ['documents', 'chunks', 'entries']);
      const [document, chunks, entries] = await Promise.all([tx.objectStore('documents').get(id), tx.objectStore('chunks').get(id), tx.objectStore('entries').get(docOwner(id))]);
      await tx.done;
      if (!document) continue;
      if (!names.has(id)) names.set(id, document.doc.name);
      const records = { manifest: undefined, documents: [document], chunks: chunks ? [chunks] : [], entries: entries ? [entries] : [], groups: [] };
      damage.push(...findDamage(records, sums, names, await unread(records.entries)));
    }
    for (const id of groupIds) {
      const tx = readTransaction(this.db, ['groups', 'entries']);
      const [group, entries] = await Promise.all([tx.objectStore('groups').get(id), tx.objectStore('entries').get(groupOwner(id))]);
      await tx.done;
      if (!group) continue;
      const records = { manifest: undefined, documents: [], chunks: [], entries: entries ? [entries] : [], groups: [group] };
      damage.push(...findDamage(records, sums, names, await unread(records.entries)));
    }
    return damage;
  }

  /**
   * The vector files, read only where one is listed: for the damage check after an open from the
   * image, which holds most records' vectors alone, so that each file looked for in vain was a
   * round trip (4,000 of them for the bench library's records), while the files then are few and
   * listed at once. Listed after any write or removal under way; a record written later is left
   * unread, as a record whose vectors are in the image is.
   */
  private async listedFiles(): Promise<Pick<VectorFiles, 'read'> | undefined> {
    const files = this.vectorFiles;
    if (!files) return undefined;
    const listed = new Set((await this.withFiles(() => this.listFiles(files))).map(vectorFileName));
    return { read: async (name) => (listed.has(vectorFileName(name)) ? files.read(name) : undefined) };
  }

  private async loadRecords(image?: () => Promise<ImageBytes | undefined>): Promise<IndexSnapshot | undefined> {
    const sums = await checksums();
    const tx = readTransaction(this.db, [...INDEX_STORES, 'originals']);
    const [records, originals] = await Promise.all([readIndexRecords(tx), tx.objectStore('originals').getAll()]);
    await tx.done;
    // vectors found nowhere stay empty, and their records' checksums report them damaged
    // Each file is looked for, not the directory listed first: here most are there (a tab closed
    // during a long indexing run, before any image), and listing 4,000 first made the bench
    // library's first visit slower (docs/decisions/2026-12-07-storage-and-open-measured.md)
    if (records.manifest) await fillKeptVectors(records.entries, records.manifest.embedder.dimension, sums, this.keptVectorSources(image));
    const loaded = assembleRecords(records, originals, sums);
    if (!loaded) {
      if (records.documents.length === 0 && records.groups.length === 0) return undefined;
      throw new Error('the library holds documents but no index manifest; it cannot be read safely');
    }
    const { manifest, documents, groups, damage } = loaded;
    const snapshot: IndexSnapshot = { manifest, documents, groups };
    if (damage.length > 0) snapshot.damage = damage;
    return snapshot;
  }

  async putManifest(manifest: IndexManifest): Promise<void> {
    await inWriteTransaction(this.db, ['manifest'], async (tx) => {
      await tx.objectStore('manifest').put(manifest, MANIFEST_KEY);
    });
  }

  /**
   * A record's vectors as the entries store keeps them: int8 rows for an int8 index (388 bytes a
   * 384-d entry instead of 1,536), read before the write transaction, which awaiting anything but
   * its own requests would commit.
   */
  private async storedVectors(vectors: Float32Array): Promise<Pick<StoredEntries, 'vectors'> & { vectorFormat: Pick<StoredEntries, 'vectorFormat'> }> {
    const manifest = await this.db.get('manifest', MANIFEST_KEY);
    if (manifest?.vectorStorage !== 'int8') return { vectors: vectorsToBuffer(vectors), vectorFormat: {} };
    const bytes = encodeVectors(vectors, manifest.embedder.dimension, 'int8');
    return { vectors: bytes.buffer as ArrayBuffer, vectorFormat: { vectorFormat: 'int8' } };
  }

  /** Replaces any earlier record of the same document, keeping its place in the library order. */
  async putDocument(record: DocumentRecord): Promise<void> {
    const id = record.doc.id;
    // summed before the transaction: awaiting anything but its own requests would let it commit
    const sums = await checksums();
    const { vectors, vectorFormat } = await this.storedVectors(record.vectors);
    // a document's text is stored once: its chunks and chunk entries without the text they repeat
    const chunks = storedChunks(record.doc, record.chunks);
    const entries = storedEntries(record.entries, chunkSources([record.chunks]), id);
    const sealed = {
      document: documentSum(sums, record),
      chunks: chunksSum(sums, chunks),
      entries: entriesSums(sums, entries, vectors, record.terms),
    };
    const changed = changedOwners();
    changed.documents.add(id);
    await this.keepingVectors(docOwner(id), vectors, sealed.entries.vectors, (kept) =>
      inWriteTransaction(this.db, ['manifest', 'documents', 'rows', 'originals', 'chunks', 'entries'], async (tx) => {
        checkVectorWidth(await tx.objectStore('manifest').get(MANIFEST_KEY), record, `document ${id}`);
        const documents = tx.objectStore('documents');
        const added = await libraryAdded(documents, tx.objectStore('originals'), id);
        await documents.put({ doc: record.doc, job: record.job, preparse: record.preparse, added, sum: sealed.document });
        await tx.objectStore('rows').put(rowOf({ doc: record.doc, job: record.job, added }));
        await tx.objectStore('chunks').put({ docId: id, chunks, sum: sealed.chunks });
        await tx.objectStore('entries').put({ owner: docOwner(id), entries, ...kept, ...vectorFormat, ...termsOf(record), sums: sealed.entries });
      }, changed),
    );
  }

  /**
   * Has `write` store a record whose vectors are `vectors`: in the record, or, beside an image,
   * in a file of their own written first (vector-files.ts), the record naming it by `sum`. Files of
   * the owner's earlier vectors go once the record no longer names them.
   */
  private async keepingVectors(owner: string, vectors: ArrayBuffer, sum: string, write: (kept: Pick<StoredEntries, 'vectors' | 'vectorsIn' | 'vectorBytes'>) => Promise<void>): Promise<void> {
    const files = this.vectorFiles;
    if (!files) return write({ vectors });
    return this.withFiles(async () => {
      const outside = vectors.byteLength > 0;
      const names = await this.listFiles(files);
      if (outside) {
        await files.write({ owner, sum }, new Uint8Array(vectors));
        if (!names.some((n) => n.owner === owner && n.sum === sum)) names.push({ owner, sum });
      }
      await write(outside ? { vectors: new ArrayBuffer(0), vectorsIn: 'file', vectorBytes: vectors.byteLength } : { vectors });
      await this.forgetFilesOf([owner], outside ? sum : undefined);
    });
  }

  /** Removes the vector files of `owners` (but the one of `keep`); in a turn with the files. */
  private async forgetFilesOf(owners: readonly string[], keep?: string): Promise<void> {
    const of = new Set(owners);
    await this.removeFiles((file) => of.has(file.owner) && file.sum !== keep);
  }

  /** The vector files there are; in a turn with the files. */
  private async listFiles(files: VectorFiles): Promise<VectorFileName[]> {
    this.fileNames ??= await files.list();
    return this.fileNames;
  }

  /** Removes the vector files `which` picks; in a turn with the files. */
  private async removeFiles(which: (file: VectorFileName) => boolean): Promise<void> {
    const files = this.vectorFiles;
    if (!files) return;
    const names = await this.listFiles(files);
    const kept: VectorFileName[] = [];
    // a failure part way leaves the list to be read again
    this.fileNames = undefined;
    for (const file of names) {
      if (which(file)) await files.remove(file);
      else kept.push(file);
    }
    this.fileNames = kept;
  }

  /** Removes the document and everything derived from it, including every group it belongs to. */
  async deleteDocument(docId: string): Promise<void> {
    const changed = changedOwners();
    await inWriteTransaction(this.db, [...DOCUMENT_STORES], (tx) => deleteDocumentRecords(tx, docId, changed), changed);
    await this.forgetVectorFiles(changed);
  }

  /** The vector files of documents and groups whose records were deleted (here, or by an import). */
  async forgetVectorFiles(deleted: ChangedOwners): Promise<void> {
    await this.withFiles(() => this.forgetFilesOf([...[...deleted.documents].map(docOwner), ...[...deleted.groups].map(groupOwner)]));
  }

  async putGroup(record: GroupRecord): Promise<void> {
    const id = record.group.id;
    const sums = await checksums();
    const { vectors, vectorFormat } = await this.storedVectors(record.vectors);
    const sealed = { group: groupSum(sums, record), entries: entriesSums(sums, record.entries, vectors, record.terms) };
    const changed = changedOwners();
    changed.groups.add(id);
    await this.keepingVectors(groupOwner(id), vectors, sealed.entries.vectors, (kept) =>
      inWriteTransaction(this.db, ['manifest', 'groups', 'entries'], async (tx) => {
        checkVectorWidth(await tx.objectStore('manifest').get(MANIFEST_KEY), record, `cluster group ${id}`);
        const groups = tx.objectStore('groups');
        const existing = await groups.get(id);
        const added = existing?.added ?? nextAdded(await latestAdded(groups.index('by-added')));
        await groups.put({ group: record.group, preparse: record.preparse, added, sum: sealed.group });
        await tx.objectStore('entries').put({ owner: groupOwner(id), entries: record.entries, ...kept, ...vectorFormat, ...termsOf(record), sums: sealed.entries });
      }, changed),
    );
  }

  async deleteGroup(groupId: string): Promise<void> {
    const changed = changedOwners();
    changed.groups.add(groupId);
    await inWriteTransaction(this.db, ['groups', 'entries'], async (tx) => {
      await tx.objectStore('groups').delete(groupId);
      await tx.objectStore('entries').delete(groupOwner(groupId));
    }, changed);
    await this.withFiles(() => this.forgetFilesOf([groupOwner(groupId)]));
  }

  /**
   * Stores the bytes of a file under its id; storing the same id again keeps its place in the order.
   * A new file's `added` is at least `notBefore` (the caller's drop clock, see added-clock.ts).
   */
  async putOriginal(id: string, name: string, mime: string, bytes: ArrayBuffer | Uint8Array, notBefore?: number): Promise<void> {
    // Copied before the first await: the caller may reuse its buffer while the write is pending.
    await this.storeOriginal(id, name, mime, bytes instanceof Uint8Array ? bytes.slice().buffer : bytes.slice(0), notBefore);
  }

  /** Stores a dropped file under the SHA-256 of its bytes (the document id) and returns that id. */
  async addOriginal(name: string, mime: string, bytes: Uint8Array): Promise<string> {
    // One copy, taken at once: the hash and the stored bytes are of the same content.
    const copy = bytes.slice();
    const id = await sha256Hex(copy);
    await this.storeOriginal(id, name, mime, copy.buffer);
    return id;
  }

  async getOriginal(id: string): Promise<OriginalFile | undefined> {
    const tx = this.db.transaction(['originals', 'originalBytes'], 'readonly');
    const [original, content] = await Promise.all([tx.objectStore('originals').get(id), tx.objectStore('originalBytes').get(id)]);
    await tx.done;
    return original && content ? { ...original, bytes: content.bytes } : undefined;
  }

  /**
   * The library in order, from the documents' rows (library-rows.ts): no text, chunks, vectors or
   * file bytes. Originals not yet parsed are listed too (without a job) so the app can resume their
   * indexing after a reload.
   */
  async listDocuments(): Promise<DocumentSummary[]> {
    const tx = this.db.transaction(['documents', 'rows', 'originals'], 'readonly');
    const [documentIds, stored, originals] = await Promise.all([
      tx.objectStore('documents').getAllKeys(),
      tx.objectStore('rows').getAll(),
      tx.objectStore('originals').getAll(),
    ]);
    // `documents` says which exist; one whose row is missing (a store emptied by hand, a damaged
    // database) is listed from its record rather than vanish from the library
    const parsed = new Set(documentIds);
    const rows = stored.filter((row) => parsed.has(row.id));
    const listed = new Set(rows.map((row) => row.id));
    const unlisted = await Promise.all(documentIds.filter((id) => !listed.has(id)).map((id) => tx.objectStore('documents').get(id)));
    await tx.done;
    for (const record of unlisted) if (record) rows.push(rowOf(record));
    const originalIds = new Set(originals.map((original) => original.id));
    const summaries = [
      ...rows.map((row) => documentSummary(row, originalIds.has(row.id))),
      ...originals.filter((original) => !parsed.has(original.id)).map(originalSummary),
    ];
    return summaries.sort(libraryOrder);
  }

  /**
   * The library as listed once `index` (a library file as decoded) is stored into an empty
   * library, while that write is still under way: its documents in the file's order from `now`
   * on, as a file without the app's times is stored (library-snapshot.ts); the write's own rows
   * replace these once it is done.
   */
  static summariesOf(index: IndexSnapshot, now: number): DocumentSummary[] {
    const originals = index.originals ?? [];
    const originalIds = new Set(originals.map((original) => original.id));
    const documentIds = new Set(index.documents.map((record) => record.doc.id));
    return [
      ...index.documents.map(({ doc, job }, i) => documentSummary(rowOf({ doc, job, added: now + i }), originalIds.has(doc.id))),
      ...originals
        .filter((original) => !documentIds.has(original.id))
        .map(({ id, name, mime, bytes }, i) => originalSummary({ id, name, mime, size: bytes.length, added: now + documentIds.size + i })),
    ];
  }

  /** One row of the library, for a caller that knows which document changed. */
  async getSummary(id: string): Promise<DocumentSummary | undefined> {
    const tx = this.db.transaction(['documents', 'rows', 'originals'], 'readonly');
    const documents = tx.objectStore('documents');
    const [parsed, stored, original] = await Promise.all([documents.getKey(id), tx.objectStore('rows').get(id), tx.objectStore('originals').get(id)]);
    // as in listDocuments: `documents` says whether it exists, its record stands in for a missing row
    const document = parsed !== undefined && !stored ? await documents.get(id) : undefined;
    await tx.done;
    const row = parsed === undefined ? undefined : (stored ?? (document && rowOf(document)));
    if (row) return documentSummary(row, original !== undefined);
    return original && originalSummary(original);
  }

  /** Empties the library (index and originals); chats and settings stay. */
  async clear(): Promise<void> {
    // with the originals go the scan pages read from them
    await this.clearStores([...LIBRARY_STORES, 'ocrPages']);
  }

  /**
   * Drops the index but keeps the original files, chats and settings: what a change of embedder
   * needs (vectors of two models never share an index), after which every document is indexed
   * again from its original.
   */
  async clearIndex(): Promise<void> {
    await this.clearStores(INDEX_STORES);
  }

  private async clearStores(names: readonly ((typeof LIBRARY_STORES)[number] | 'ocrPages')[]): Promise<void> {
    await inWriteTransaction(this.db, [...names], async (tx) => {
      for (const name of names) await tx.objectStore(name).clear();
    });
    // no record names a vector file now
    const files = this.vectorFiles;
    if (files && names.includes('entries')) {
      await this.withFiles(async () => {
        this.fileNames = undefined;
        await files.clear();
        this.fileNames = [];
      });
    }
  }

  private async storeOriginal(id: string, name: string, mime: string, bytes: ArrayBuffer, notBefore?: number): Promise<void> {
    // it reads `documents` for the library order, and changes no record of the index
    await inWriteTransaction(this.db, ['documents', 'originals', 'originalBytes'], async (tx) => {
      const originals = tx.objectStore('originals');
      const added = await libraryAdded(tx.objectStore('documents'), originals, id, notBefore);
      await originals.put({ id, name, mime, size: bytes.byteLength, added });
      await tx.objectStore('originalBytes').put({ id, bytes });
    }, changedOwners());
  }
}

function documentSummary(row: StoredRow, hasOriginal: boolean): DocumentSummary {
  return { ...row, hasOriginal };
}

function originalSummary({ id, name, mime, size, added }: StoredOriginal): DocumentSummary {
  return { id, name, mime, size, added, hasOriginal: true };
}

/** The library order: by `added`, ties (imported records) by id. */
export const libraryOrder = inAddedOrder<DocumentSummary>((d) => d.id);

/** A record whose vectors are not one manifest-width row per entry would corrupt every search. */
function checkVectorWidth(
  manifest: IndexManifest | undefined,
  record: { entries: unknown[]; vectors: Float32Array },
  what: string,
): void {
  if (!manifest) return;
  const expected = record.entries.length * manifest.embedder.dimension;
  if (record.vectors.length !== expected) {
    throw new Error(
      `${what}: ${record.vectors.length} vector values for ${record.entries.length} entries, expected ${expected} ` +
        `(${manifest.embedder.dimension} dimensions of ${manifest.embedder.id})`,
    );
  }
}

/** A record's counted terms as the entries store keeps them, when it has any. */
function termsOf(record: DocumentRecord | GroupRecord): Pick<StoredEntries, 'terms'> {
  return record.terms ? { terms: record.terms } : {};
}

/** An IndexStore that keeps everything in memory: evaluation, tests, and the base of the file store. */
import type { IndexStore } from '../ports.ts';
import type { IndexManifest } from '../types.ts';
import type { DocumentRecord, GroupRecord, IndexSnapshot } from './snapshot.ts';

export class MemoryIndexStore implements IndexStore {
  protected manifest: IndexManifest | undefined;
  // Maps keep insertion order, which is the documents' added order; replacing keeps the position.
  protected readonly documents = new Map<string, DocumentRecord>();
  protected readonly groups = new Map<string, GroupRecord>();

  constructor(snapshot?: IndexSnapshot) {
    if (snapshot) {
      this.manifest = snapshot.manifest;
      for (const d of snapshot.documents) this.documents.set(d.doc.id, d);
      for (const g of snapshot.groups) this.groups.set(g.group.id, g);
    }
  }

  async load(): Promise<IndexSnapshot | undefined> {
    return this.snapshot();
  }

  snapshot(): IndexSnapshot | undefined {
    if (!this.manifest) return undefined;
    return { manifest: this.manifest, documents: [...this.documents.values()], groups: [...this.groups.values()] };
  }

  async putManifest(manifest: IndexManifest): Promise<void> {
    this.manifest = manifest;
    await this.changed();
  }

  async putDocument(record: DocumentRecord): Promise<void> {
    this.documents.set(record.doc.id, record);
    await this.changed();
  }

  async deleteDocument(docId: string): Promise<void> {
    this.documents.delete(docId);
    await this.changed();
  }

  async putGroup(record: GroupRecord): Promise<void> {
    this.groups.set(record.group.id, record);
    await this.changed();
  }

  async deleteGroup(groupId: string): Promise<void> {
    this.groups.delete(groupId);
    await this.changed();
  }

  /** Called after every change, and awaited by it; the file store overrides it to write. */
  protected async changed(): Promise<void> {}
}

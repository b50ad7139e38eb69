/**
 * The library's collections in the engine worker: each change is stored (browser-storage/
 * collections.ts) and then every collection is sent to the page, which draws them from that
 * event alone, as it draws the library's rows from theirs.
 */
import type { Collection, LibraryEvent } from '../../src/protocol/api.ts';
import {
  claimSiteDocuments,
  createCollection,
  deleteCollection,
  leaveCollections,
  listCollections,
  renameCollection,
  setInCollection,
} from '../../src/browser-storage/collections.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { collectionNamed } from '../../src/core/engine/scope.ts';
import { refuseSiteCollectionChange, refuseSiteDocumentRemoval } from '../../src/core/engine/site-library.ts';

export class Collections {
  constructor(
    private readonly db: LociDb,
    private readonly send: (event: LibraryEvent) => void,
  ) {}

  list(): Promise<Collection[]> {
    return listCollections(this.db);
  }

  async create(name: string, docIds: readonly string[] = []): Promise<Collection> {
    // a name matching the site's collection would fill it
    const same = collectionNamed(await this.list(), name.trim());
    if (same) refuseSiteCollectionChange([same], same.id);
    const made = await createCollection(this.db, name, docIds);
    await this.changed();
    return made;
  }

  async rename(id: string, name: string): Promise<void> {
    refuseSiteCollectionChange(await this.list(), id);
    await renameCollection(this.db, id, name);
    await this.changed();
  }

  async setIn(id: string, docIds: readonly string[], add: boolean): Promise<void> {
    refuseSiteCollectionChange(await this.list(), id);
    await setInCollection(this.db, id, docIds, add);
    await this.changed();
  }

  async delete(id: string): Promise<void> {
    refuseSiteCollectionChange(await this.list(), id);
    await deleteCollection(this.db, id);
    await this.changed();
  }

  /** A document deleted from the library leaves its collections (the page hears of it only if one held it). */
  async leave(docId: string): Promise<void> {
    if (await leaveCollections(this.db, docId)) await this.changed();
  }

  /** Documents the visitor dropped in: those the site's library holds too are theirs as well (claimSiteDocuments). */
  async claimOwn(docIds: readonly string[]): Promise<void> {
    if (docIds.length > 0 && (await claimSiteDocuments(this.db, docIds))) await this.changed();
  }

  /** Refuses deleting one of the site's documents on its own (SiteLibraryReadOnlyError). */
  async refuseRemoval(docId: string): Promise<void> {
    refuseSiteDocumentRemoval(await this.list(), docId);
  }

  /**
   * Sends `stored` (the collections as stored) with `ahead` in place of the one of its id: for a
   * write still under way that stores it (a site's library searched before it is written).
   */
  showAhead(stored: readonly Collection[], ahead: Collection): void {
    this.send({ type: 'collections', collections: [...stored.filter((c) => c.id !== ahead.id), ahead] });
  }

  /** Sends every collection: after a change here, or an import that brought some. */
  async changed(): Promise<void> {
    this.send({ type: 'collections', collections: await this.list() });
  }
}

/**
 * A library opened from its image (browser-storage/open-image.ts) answers from that copy and does
 * not read its IndexedDB records, so damage to them (a record changed outside the app, a bad
 * disk sector) used to show only once some write had made the image stale and the records were
 * read: the document was then set aside until repaired from its original. Checked in the
 * background after such an open, a damaged record is written again from the image's copy, which
 * the image's own checksums vouched for when it was read, and nothing is lost.
 */
import type { DocumentRecord, GroupRecord } from '../../src/core/stored-index/snapshot.ts';
import type { Damage } from '../../src/core/stored-index/damage.ts';
import { termsFor } from '../../src/core/search/entry-terms.ts';

export interface CheckedStore {
  findRecordDamage(): Promise<Damage[]>;
  putDocument(record: DocumentRecord): Promise<void>;
  putGroup(record: GroupRecord): Promise<void>;
}

/** Where the sound copies are: the open index, read from the image. */
export interface SoundCopies {
  document(docId: string): DocumentRecord | undefined;
  group(groupId: string): GroupRecord | undefined;
}

export interface Restored {
  /** Names of what was written again from the image. */
  restored: string[];
  /** Damage left as it was: a document being indexed (its job writes it whole) or one the open index lacks. */
  left: Damage[];
}

/**
 * Finds damaged records and writes each again from the open index. A document a job is working
 * on is left to that job, whose next write replaces its records; writing an older copy beside it
 * could put back a stage the job had moved past.
 */
export async function restoreDamagedRecords(store: CheckedStore, copies: SoundCopies, busy: (docId: string) => boolean): Promise<Restored> {
  const restored: string[] = [];
  const left: Damage[] = [];
  // a record damaged in several parts is one damage a part, and written again once
  const written = new Set<string>();
  for (const damage of await store.findRecordDamage()) {
    if (written.has(`${damage.kind} ${damage.id}`)) continue;
    if (damage.docIds.some(busy)) {
      left.push(damage);
      continue;
    }
    const document = damage.kind === 'document' ? copies.document(damage.id) : undefined;
    const group = damage.kind === 'group' ? copies.group(damage.id) : undefined;
    // the image keeps no counted words (its corpus holds them): counted again, the record opens
    // from IndexedDB as fast as one indexing wrote
    if (document) await store.putDocument({ ...document, terms: termsFor(document.entries, document.terms) });
    else if (group) await store.putGroup({ ...group, terms: termsFor(group.entries, group.terms) });
    else {
      left.push(damage);
      continue;
    }
    written.add(`${damage.kind} ${damage.id}`);
    if (!restored.includes(damage.name)) restored.push(damage.name);
  }
  return { restored, left };
}

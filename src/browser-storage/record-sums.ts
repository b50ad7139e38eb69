/**
 * Checksums of the derived IndexedDB records, and the damage they reveal on load. A record is
 * summed over the JSON of what it holds (structured clone keeps property order, so the same value
 * read back gives the same JSON) and, for vectors and the blocks of an imported file
 * (stored-blocks.ts), over their bytes. `added` is left out: a merge
 * import keeps the stored one. Records without a sum (written before sums were kept) pass unchecked.
 */
import type { Damage, DamagedPart } from '../core/stored-index/damage.ts';
import type { Checksums } from '../core/util/checksum.ts';
import type { EntryTerms } from '../core/types.ts';
import { mergeDamage } from '../core/stored-index/damage.ts';
import { docOwner, groupOwner } from './owner-key.ts';
import type { IndexRecords } from './read-records.ts';
import type { StoredChunks, StoredDocument, StoredEntries, StoredGroup } from './records.ts';
import { isBlock } from './stored-blocks.ts';

export function documentSum(sums: Checksums, { doc, job, preparse }: Pick<StoredDocument, 'doc' | 'job' | 'preparse'>): string {
  return sums.text(JSON.stringify({ doc, job, preparse }));
}

export function chunksSum(sums: Checksums, chunks: StoredChunks['chunks']): string {
  return partSum(sums, chunks);
}

export function entriesSums(sums: Checksums, entries: StoredEntries['entries'], vectors: ArrayBuffer, terms?: StoredEntries['terms']): NonNullable<StoredEntries['sums']> {
  return { entries: partSum(sums, entries), vectors: sums.bytes(new Uint8Array(vectors)), ...(terms ? { terms: termsSum(sums, terms) } : {}) };
}

/** The sum of counted entry terms: their words and ids as JSON, then their data's bytes; of a block of them, its bytes'. */
export function termsSum(sums: Checksums, terms: EntryTerms | ArrayBuffer): string {
  if (isBlock(terms)) return sums.bytes(new Uint8Array(terms));
  const { data, ...rest } = terms;
  return `${sums.text(JSON.stringify(rest))}${sums.bytes(data)}`;
}

/** Objects are summed over their JSON; a library file's block (stored-blocks.ts) over its bytes, as the file summed it. */
function partSum(sums: Checksums, part: object[] | ArrayBuffer): string {
  return isBlock(part) ? sums.bytes(new Uint8Array(part)) : sums.text(JSON.stringify(part));
}

export function groupSum(sums: Checksums, { group, preparse }: Pick<StoredGroup, 'group' | 'preparse'>): string {
  return sums.text(JSON.stringify({ group, preparse }));
}

/**
 * The records whose sums no longer match, as damage per document or group. `names` gives each
 * document's file name from a record the damage cannot have touched (the original's). The vectors
 * of `unread` owners, kept outside their records (kept-vectors.ts) and not read, are not checked.
 */
export function findDamage(records: IndexRecords, sums: Checksums, names: ReadonlyMap<string, string>, unread: ReadonlySet<string> = new Set()): Damage[] {
  const found: Damage[] = [];
  const docName = (id: string, fallback?: string) => names.get(id) ?? fallback ?? id;
  const documentDamage = (id: string, part: DamagedPart, fallback?: string) =>
    found.push({ kind: 'document', id, name: docName(id, fallback), docIds: [id], parts: [part] });
  const groupDamage = (group: StoredGroup['group']) =>
    found.push({ kind: 'group', id: group.id, name: group.docIds.map((id) => docName(id)).join(', '), docIds: group.docIds, parts: ['clusters'] });

  for (const record of records.documents) {
    if (record.sum !== undefined && record.sum !== documentSum(sums, record)) documentDamage(record.doc.id, 'text', record.doc.name);
  }
  for (const record of records.chunks) {
    if (record.sum !== undefined && record.sum !== chunksSum(sums, record.chunks)) documentDamage(record.docId, 'chunks');
  }
  const groups = new Map(records.groups.map((record) => [groupOwner(record.group.id), record.group]));
  for (const record of records.groups) {
    if (record.sum !== undefined && record.sum !== groupSum(sums, record)) groupDamage(record.group);
  }
  for (const record of records.entries) {
    if (!record.sums) continue;
    const now = entriesSums(sums, record.entries, record.vectors);
    const parts: DamagedPart[] = [];
    if (now.entries !== record.sums.entries) parts.push('entries');
    if (now.vectors !== record.sums.vectors && !unread.has(record.owner)) parts.push('vectors');
    if (parts.length === 0) continue;
    const group = groups.get(record.owner);
    if (group) groupDamage(group);
    else if (record.owner.startsWith(docOwner(''))) {
      const docId = record.owner.slice(docOwner('').length);
      for (const part of parts) documentDamage(docId, part);
    }
  }
  return mergeDamage(found);
}

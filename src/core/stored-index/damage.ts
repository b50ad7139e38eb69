/**
 * Damage found when an index was opened: stored blocks whose checksum no longer matches. A damaged
 * document is left out of the index (never searched, never written back) until it is repaired; a
 * damaged cluster group is left out while its documents' own chunks still answer; a damaged copy
 * of an original file is left out while its document still answers (its records are checked apart).
 */

/** What of a record was damaged, in the words a message uses. */
export type DamagedPart = 'text' | 'chunks' | 'entries' | 'vectors' | 'record' | 'clusters' | 'built-from-damaged' | 'original';

export interface Damage {
  /**
   * A document's records, a cluster group's (whose documents are otherwise intact), or the copy
   * of a document's original file that a library file keeps (binary-format.ts).
   */
  kind: 'document' | 'group' | 'original';
  /** The document's id (the SHA-256 of its original), or the group's id. */
  id: string;
  /** The document's (or original's) file name; for a group, the names of its documents, comma-separated. */
  name: string;
  /** The documents this damage touches: the document itself (or its original's), or the group's documents. */
  docIds: string[];
  parts: DamagedPart[];
}

export class IndexDamagedError extends Error {
  constructor(
    message: string,
    readonly damage: readonly Damage[],
  ) {
    super(message);
    this.name = 'IndexDamagedError';
  }
}

const PART_WORDS: Record<DamagedPart, string> = {
  text: 'text',
  chunks: 'chunks',
  entries: 'search entries',
  vectors: 'vectors',
  record: 'record',
  clusters: 'cluster entries',
  'built-from-damaged': 'source',
  original: 'original file',
};

/** "laws.md: its text and vectors are damaged (checksum mismatch)". */
export function describeDamage(damage: Damage): string {
  const parts = damage.parts.map((p) => PART_WORDS[p]);
  const plural = parts.length > 1 || damage.parts.some((p) => p !== 'text' && p !== 'record');
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const what = `${list} ${plural ? 'are' : 'is'}`;
  if (damage.parts.includes('built-from-damaged')) {
    return `the cluster entries of ${damage.name} were built with a damaged document; they are left out until repaired, and the documents' own passages still answer`;
  }
  if (damage.kind === 'original') {
    return `${damage.name}: the copy of its original file is damaged (checksum mismatch); it is set aside, and the document (if indexed) still answers`;
  }
  if (damage.kind === 'document') return `${damage.name}: its ${what} damaged (checksum mismatch); it is left out of answers until repaired`;
  return `the cluster entries of ${damage.name} are damaged (checksum mismatch); they are left out, and the documents' own passages still answer`;
}

/** Damage merged per target: two damaged parts of one document give one entry with both. */
export function mergeDamage(list: readonly Damage[]): Damage[] {
  const byKey = new Map<string, Damage>();
  for (const d of list) {
    const key = `${d.kind}:${d.id}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...d, parts: [...d.parts] });
    else for (const p of d.parts) if (!known.parts.includes(p)) known.parts.push(p);
  }
  return [...byKey.values()];
}

/** Leaving out, on open, what leans on a damaged document. */
import { mergeDamage, type Damage } from './damage.ts';
import type { GroupRecord, IndexSnapshot } from './snapshot.ts';

/**
 * The snapshot without whatever leans on a damaged document: a cluster group that includes one
 * is left out too (its clusters lead to that document's chunks). A document's own group goes
 * silently (repairing the document rebuilds it); a group of several documents is reported.
 */
export function setAsideDamaged(snapshot: IndexSnapshot): IndexSnapshot {
  const damage = snapshot.damage ?? [];
  if (damage.length === 0) return snapshot;
  const damagedDocs = new Set(damage.filter((d) => d.kind === 'document').map((d) => d.id));
  const names = new Map(snapshot.documents.map((d) => [d.doc.id, d.doc.name]));
  for (const d of damage) if (d.kind === 'document') names.set(d.id, d.name);
  const groups: GroupRecord[] = [];
  const added: Damage[] = [];
  for (const g of snapshot.groups) {
    const leans = g.group.docIds.filter((id) => damagedDocs.has(id));
    if (leans.length === 0) groups.push(g);
    else if (g.group.docIds.length > 1) {
      const name = g.group.docIds.map((id) => names.get(id) ?? id).join(', ');
      added.push({ kind: 'group', id: g.group.id, name, docIds: g.group.docIds, parts: ['built-from-damaged'] });
    }
  }
  return { ...snapshot, groups, damage: mergeDamage([...damage, ...added]) };
}

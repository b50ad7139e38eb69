/**
 * Keys of the `entries` store. Documents and cluster groups share that store, and nothing
 * promises that a group id never equals a document id, so each key says which kind owns it.
 */
export function docOwner(docId: string): string {
  return `doc:${docId}`;
}

export function groupOwner(groupId: string): string {
  return `group:${groupId}`;
}

/** Which document or cluster group an `entries` key belongs to. */
export type OwnerRef = { type: 'document' | 'group'; id: string };

export function parseOwner(owner: string): OwnerRef {
  const document = docOwner('');
  const group = groupOwner('');
  if (owner.startsWith(document)) return { type: 'document', id: owner.slice(document.length) };
  if (owner.startsWith(group)) return { type: 'group', id: owner.slice(group.length) };
  throw new Error(`unknown entries owner ${owner}`);
}

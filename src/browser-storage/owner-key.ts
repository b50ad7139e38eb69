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

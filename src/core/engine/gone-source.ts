/**
 * A past answer's citation whose passage is no longer in the library: its document was deleted,
 * or a new version of the site's library replaced it (a changed document has a new id, so its old
 * passages are never found under the new text). It keeps its number and label, so the answer's
 * [n] still points at a chip, and that chip says the passage is gone instead of opening another.
 */
import type { Source } from '../types.ts';

export function goneSource(n: number, label: string, chunkId: string): Source {
  const docId = chunkId.slice(0, Math.max(0, chunkId.lastIndexOf(':')));
  return {
    n,
    label,
    chunk: { id: chunkId, docId, ordinal: 0, text: '', headingPath: [], start: 0, end: 0, tokens: 0 },
    docName: label,
    docTitle: '',
    gone: true,
  };
}

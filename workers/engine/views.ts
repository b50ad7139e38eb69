/** The passage a citation opens, as the UI receives it: with a PDF's or an image's original bytes. */
import { PassageGoneError, type Passage } from '../../src/protocol/api.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { IdbIndexStore } from '../../src/browser-storage/idb-index-store.ts';

export async function passage(engine: LociEngine, store: IdbIndexStore, chunkId: string): Promise<Passage> {
  const view = engine.passage(chunkId);
  if (!view) throw new PassageGoneError('this passage is no longer in the library (its document was deleted)');
  const result: Passage = { ...view };
  // The page view draws the PDF page, or shows the image, itself.
  if (view.mime === 'application/pdf' || view.mime.startsWith('image/')) result.original = (await store.getOriginal(view.docId))?.bytes;
  return result;
}

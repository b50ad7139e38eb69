/**
 * The records behind an image-opened library, checked once it is quiet (a few seconds of reading
 * every record, which would otherwise compete with a first question or a drop), and damaged ones
 * written again from the image (restore-records.ts).
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { EngineEvents } from './engine-events.ts';
import { restoreDamagedRecords } from './restore-records.ts';
import type { Workspace } from './workspace.ts';

/** How long the library must be quiet before the records behind an image-opened library are checked. */
const RECORD_CHECK_QUIET_MS = 5000;

/** `engine`: the index open when the library has been quiet, if any (it may have been opened again meanwhile). */
export async function checkRecordsWhenQuiet(ws: Workspace, engine: () => LociEngine | undefined, events: EngineEvents): Promise<void> {
  await ws.library.whenSearchable(ws.library.quietMs ?? RECORD_CHECK_QUIET_MS);
  const open = engine();
  if (!open) return;
  try {
    const { restored } = await restoreDamagedRecords(ws.store, open, (docId) => ws.library.queue.has(docId));
    if (restored.length === 0) return;
    events.notify({ kind: 'restored', names: restored });
    // the records changed: the image is made again at their new revision
    ws.image.soon();
  } catch (error) {
    // a check that cannot read is no damage found; the next open from the records reads them anyway
    console.warn('Loci: the stored records could not be checked', error);
  }
}

/**
 * What follows every opening of the index: its image saved when it came from the records, from an
 * image a few writes behind them, or from an image whose search corpus could not be adopted (one
 * from a build whose BM25 held other entries, so laid out again on every open until replaced); its
 * damage said; the records behind an image checked once quiet; the first question's search steps
 * built ahead, once the page has shown what its start asked for (page-shown.ts).
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { IndexOpening } from '../../src/protocol/api.ts';
import type { EngineEvents } from './engine-events.ts';
import { sayDamage } from './open-notices.ts';
import { checkRecordsWhenQuiet } from './record-check.ts';
import { warmUpSearch } from './warm-up.ts';
import type { Workspace } from './workspace.ts';

export interface OpenedDeps {
  events: EngineEvents;
  /** The index open now, which a later open may have replaced by the time the records are checked. */
  engine: () => LociEngine | undefined;
}

export function indexOpened(ws: Workspace, engine: LociEngine, opening: IndexOpening, deps: OpenedDeps): void {
  performance.mark('loci:index-open');
  if (opening.from === 'image' && !opening.corpusAdopted) ws.store.replaceImage();
  if (opening.from === 'records' || !opening.corpusAdopted || opening.recordsSince > 0) ws.image.soon();
  sayDamage(deps.events, engine);
  if (opening.from === 'image') void checkRecordsWhenQuiet(ws, deps.engine, deps.events);
  // after the page's start: its requests are answered first, and an index opened again since is warmed by its own open
  void ws.page.whenShown.then(() => {
    if (deps.engine() === engine) warmUpSearch(engine, ws.settings.value.strategy);
  });
}

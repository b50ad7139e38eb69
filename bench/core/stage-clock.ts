/**
 * Wall time per indexing stage, from the engine's progress events: the time since the previous
 * event is charged to the stage of the current one, so each stage gets the work that led up to its
 * report (chunking is charged to `embed`, which reports right after it).
 */
import type { ManifestSettings } from '../../src/core/stored-index/manifest.ts';
import type { Progress, ProgressListener } from '../../src/core/ports.ts';

export class StageClock {
  private last = performance.now();
  readonly ms: Record<string, number> = {};

  /** A listener that records time and passes each event on. */
  listener(next?: ProgressListener): ProgressListener {
    return (p: Progress) => {
      this.charge(p.stage);
      next?.(p);
    };
  }

  /** Charges the time since the last event to `stage` (also for work that reports nothing). */
  charge(stage: string): void {
    const now = performance.now();
    this.ms[stage] = (this.ms[stage] ?? 0) + (now - this.last);
    this.last = now;
  }
}

/** The indexing stage that runs last under `settings`: the work after its last report is its own. */
export function lastIndexingStage(settings: Pick<ManifestSettings, 'preparse'>): string {
  return settings.preparse.mode !== 'off' ? 'preparse' : 'embed';
}

/** The stage that ends the making of clusters (LociEngine.makeClusters) under `settings`. */
export function lastClusteringStage(settings: Pick<ManifestSettings, 'raptor'>): string {
  return settings.raptor ? 'raptor' : 'cluster';
}

/**
 * The engine worker's memory by structure: the open index's (LociEngine.memoryReport) and what
 * the worker keeps beside it, the open image's saver's encoded blocks. bench:browser reads it
 * through the worker's global `lociMemoryReport` (workers/engine.worker.ts), at the moments it
 * measures the tab, beside what the browser measures for each worker.
 */
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { IndexMemory, IndexStructures } from '../../src/core/engine/memory-report.ts';
import type { ImageSaver } from './image-saver.ts';

export interface EngineWorkerMemory extends IndexMemory {
  structures: IndexStructures & {
    /** The image saver's encoded blocks of the records, kept so that the next save encodes only what changed. */
    imageSaverCache: number;
  };
  /** How long taking the report took here, ms (it walks every entry). */
  tookMs: number;
}

/** What bench:browser calls in the engine worker (Playwright evaluates in the worker's global scope). */
export interface MemoryReportHook {
  lociMemoryReport(): Promise<EngineWorkerMemory | undefined>;
}

export function engineWorkerMemory(engine: LociEngine, image: ImageSaver): EngineWorkerMemory {
  const t0 = performance.now();
  const index = engine.memoryReport();
  const { documents, groups } = engine.snapshot();
  const imageSaverCache = image.cachedBytes([...documents, ...groups]);
  return { ...index, structures: { ...index.structures, imageSaverCache }, tookMs: performance.now() - t0 };
}

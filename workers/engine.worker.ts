/// <reference lib="webworker" />
/** Engine worker entry: indexing, retrieval, answering and storage, off the main thread. */
import { expose } from 'comlink';
import { privateImageFile, readAhead } from '../src/browser-storage/open-image.ts';
import { EngineService } from './engine/engine-service.ts';
import type { MemoryReportHook } from './engine/memory-report.ts';

// A user-timing mark, like the index's below: bench:browser reads them to say where a reopen's time goes.
performance.mark('loci:engine-module');
// The open image is read while the page is still starting the engine (see readAhead).
const service = new EngineService(privateImageFile().then((file) => file && readAhead(file)));
expose(service);
// bench:browser reads the engine's memory by structure here, evaluating in this worker's scope
const hook: MemoryReportHook = { lociMemoryReport: () => service.memoryReport() };
Object.assign(self, hook);

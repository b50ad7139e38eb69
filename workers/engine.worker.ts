/// <reference lib="webworker" />
/** Engine worker entry: indexing, retrieval, answering and storage, off the main thread. */
import { expose } from 'comlink';
import { EngineService } from './engine/engine-service.ts';

expose(new EngineService());

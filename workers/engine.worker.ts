/// <reference lib="webworker" />
/** Engine worker entry: indexing, retrieval, answering and storage, off the main thread. */
import { expose } from 'comlink';
import { privateImageFile, readAhead } from '../src/browser-storage/open-image.ts';
import { EngineService } from './engine/engine-service.ts';

// The open image is read while the page is still starting the engine (see readAhead).
expose(new EngineService(privateImageFile().then((file) => file && readAhead(file))));

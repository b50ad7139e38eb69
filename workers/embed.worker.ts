/// <reference lib="webworker" />
/** Embed worker entry: transformers.js embeddings and reranking, off the main thread. */
import { EmbedService } from './embed/embed-service.ts';
import { serveOnConnect } from './shared/connect.ts';

serveOnConnect(new EmbedService());

/// <reference lib="webworker" />
/** LLM worker entry: the chat model (web-llm or transformers.js), off the main thread. */
import { LlmService } from './llm/llm-service.ts';
import { serveOnConnect } from './shared/connect.ts';

serveOnConnect(new LlmService());

/**
 * The page's second script, a classic one after WebRTC's removal (build/early-engine.ts): starts
 * the engine worker from the address its tag carries (`data-worker`), for the client to take
 * (early-engine.ts).
 */
import { startEarlyEngine } from './early-engine.ts';

const url = (document.currentScript as HTMLScriptElement | null)?.dataset.worker;
if (url) startEarlyEngine(url);

// A module with nothing to export: its bundle then defines no global of its own.
export {};

/**
 * The Content-Security-Policy of the page and of the workers. The page downloads nothing (the
 * models come to the workers), so its policy names no other origin and never changes: it is the
 * <meta> of index.html. A worker's policy is the one on its script's response, so it can name the
 * model source the settings chose: the service worker writes it on every worker script it serves
 * (workers/sw/guard.ts), and a static host sends it, with the first visit's source, before the
 * service worker is in control.
 *
 * blob: and data: stay on the device. 'wasm-unsafe-eval' only for the workers, where ONNX Runtime,
 * TF.js, web-llm, pdf.js and xxhash-wasm compile WebAssembly; the page compiles none. The workers'
 * scripts may also come from blob: URLs: ONNX Runtime fetches its own .mjs from the site and
 * imports it as a blob ("Failed to fetch dynamically imported module: blob:…" without it).
 */
import { FIRST_VISIT_SOURCE, modelSourceOrigins } from '../../src/protocol/origins.ts';

/** The directives both share: nothing from elsewhere, no inline script or style, no plugins. */
const COMMON = [
  "default-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  // ORT, pdf.js and USE-Lite start their own workers from the site's files.
  "worker-src 'self' blob:",
  "object-src 'none'",
  // No frame loads from anywhere, the site included: a same-origin document without the page's
  // first script (a JSON file, the service worker's script) would hand back a window with WebRTC.
  // Frames with no address (about:blank, srcdoc) are not fetched, so no policy refuses them:
  // src/client/remove-webrtc.ts guards those.
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

export const PAGE_POLICY = [...COMMON, "script-src 'self'", "connect-src 'self' blob: data:", "manifest-src 'self'"].join('; ');

/** `origins`: the model source's, besides the site (src/protocol/origins.ts). */
export function workerPolicy(origins: readonly string[]): string {
  return [...COMMON, "script-src 'self' 'wasm-unsafe-eval' blob:", ['connect-src', "'self'", 'blob:', 'data:', ...origins].join(' ')].join('; ');
}

/**
 * What a static host sends on every response: the workers' policy for the source a first visit
 * has. The page is held to its <meta> as well, and the stricter of the two wins.
 */
export const FIRST_VISIT_POLICY = workerPolicy(modelSourceOrigins(FIRST_VISIT_SOURCE));

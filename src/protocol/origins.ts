/**
 * The origins Loci may contact besides its own site: those of the model source in use. The page
 * shows them in the settings and hands them to the service worker, which refuses every other
 * origin and writes them into the Content-Security-Policy of the workers' scripts
 * (workers/sw/). One list, so what the settings say and what the browser enforces cannot drift.
 */
import type { ModelSourceSetting } from './workers.ts';

export type { ModelSourceSetting };

/**
 * huggingface.co answers a file with a redirect to its content servers (cdn-lfs*.huggingface.co,
 * cas-bridge.xethub.hf.co), and a policy checks every hop of a redirect.
 */
const HUB_ORIGINS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];

/**
 * web-llm's model libraries (the compiled .wasm of each model) live on GitHub, for the hub and for
 * a mirror alike: a mirror serves the hub's layout, which holds the weights only
 * (workers/llm/webllm-backend.ts `locations`).
 */
const WEBLLM_LIBRARIES = 'https://raw.githubusercontent.com';

/**
 * The source a visitor has before any setting is read: what a static host's header and the
 * service worker allow until the page says otherwise (the default of workers/engine/app-settings.ts).
 */
export const FIRST_VISIT_SOURCE: ModelSourceSetting = { kind: 'hub' };

/** The origins (CSP source expressions, `*.` for any subdomain) a model source downloads from. */
export function modelSourceOrigins(source: ModelSourceSetting): string[] {
  switch (source.kind) {
    case 'local':
      return [];
    case 'hub':
      return [...HUB_ORIGINS, WEBLLM_LIBRARIES];
    case 'mirror': {
      const origin = originOf(source.baseUrl);
      return origin === undefined ? [WEBLLM_LIBRARIES] : [origin, WEBLLM_LIBRARIES];
    }
  }
}

/** Whether `url` is on one of `origins` (exact, or a subdomain of a `*.` entry). */
export function originAllowed(url: URL, origins: readonly string[]): boolean {
  return origins.some((pattern) => {
    const wildcard = /^([a-z][a-z0-9+.-]*:)\/\/\*\.(.+)$/i.exec(pattern);
    if (!wildcard) return url.origin === pattern;
    const [, protocol, host] = wildcard;
    return url.protocol === protocol && url.host.endsWith(`.${host}`);
  });
}

/** Whether every origin of `wanted` is already in `granted`. */
export function coversOrigins(granted: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((origin) => granted.includes(origin));
}

function originOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

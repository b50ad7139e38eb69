/**
 * What may be contacted: the origins each model source names (one list for the settings, the
 * service worker and the workers' policy), how a request's URL is matched against them, and the
 * policies written from them.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_SOURCE, coversOrigins, modelSourceOrigins, originAllowed } from '../../src/protocol/origins.ts';
import { FIRST_VISIT_POLICY, PAGE_POLICY, workerPolicy } from '../../workers/sw/policy.ts';

/** The directive's sources, from a policy string. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.slice(1);
}

describe('the origins of a model source', () => {
  it('are none for the site\'s folder, the hub and its download servers for the hub, the mirror alone for a mirror', () => {
    expect(modelSourceOrigins({ kind: 'local' })).toEqual([]);
    expect(modelSourceOrigins({ kind: 'hub' })).toContain('https://huggingface.co');
    expect(modelSourceOrigins({ kind: 'mirror', baseUrl: 'https://hf-mirror.com/some/path/' })).toEqual(['https://hf-mirror.com', 'https://raw.githubusercontent.com']);
    // an address that is not one allows nothing new
    expect(modelSourceOrigins({ kind: 'mirror', baseUrl: 'not a url' })).toEqual(['https://raw.githubusercontent.com']);
    expect(modelSourceOrigins({ kind: 'mirror', baseUrl: 'javascript:alert(1)' })).toEqual(['https://raw.githubusercontent.com']);
  });

  it('match a request by its exact origin, or any subdomain of a *. entry, scheme and port included', () => {
    const hub = modelSourceOrigins({ kind: 'hub' });
    expect(originAllowed(new URL('https://huggingface.co/x/resolve/main/config.json'), hub)).toBe(true);
    expect(originAllowed(new URL('https://cdn-lfs-us-1.huggingface.co/repos/a/b'), hub)).toBe(true);
    expect(originAllowed(new URL('https://cas-bridge.xethub.hf.co/x'), hub)).toBe(true);
    expect(originAllowed(new URL('http://huggingface.co/x'), hub)).toBe(false);
    expect(originAllowed(new URL('https://huggingface.co.evil.example/x'), hub)).toBe(false);
    expect(originAllowed(new URL('https://evilhuggingface.co/x'), hub)).toBe(false);
    expect(originAllowed(new URL('http://127.0.0.1:8081/x'), ['http://127.0.0.1:8080'])).toBe(false);
  });

  it('cover another list only when they hold all of it', () => {
    expect(coversOrigins(modelSourceOrigins(FIRST_VISIT_SOURCE), [])).toBe(true);
    expect(coversOrigins([], ['https://hf-mirror.com'])).toBe(false);
  });
});

describe('the policies', () => {
  it('hold the page to its own site: no inline or evaluated script, no WebAssembly, no connection elsewhere', () => {
    expect(directive(PAGE_POLICY, 'script-src')).toEqual(["'self'"]);
    expect(directive(PAGE_POLICY, 'connect-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(directive(PAGE_POLICY, 'style-src')).toEqual(["'self'"]);
  });

  it('let no frame load, from the site or elsewhere, in the page, the workers or the host\'s header', () => {
    for (const policy of [PAGE_POLICY, workerPolicy([]), FIRST_VISIT_POLICY]) expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
  });

  it('let the workers compile WebAssembly and connect to the site and the source\'s origins only', () => {
    const policy = workerPolicy(['https://hf-mirror.com']);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'blob:', 'data:', 'https://hf-mirror.com']);
    expect(directive(FIRST_VISIT_POLICY, 'connect-src')).toEqual(["'self'", 'blob:', 'data:', ...modelSourceOrigins(FIRST_VISIT_SOURCE)]);
  });
});

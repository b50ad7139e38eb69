/**
 * A tab's memory as Chromium counts it: `performance.measureUserAgentSpecificMemory()` (the page
 * and its workers together, cross-origin isolated pages only), with the launch switch that makes
 * it measure at once instead of at the next garbage collection, up to 20 s later.
 */
import type { Page } from 'playwright-core';

export const MEMORY_SWITCH = '--enable-blink-features=ForceEagerMeasureMemory';

export interface TabMemory {
  /** Bytes the tab's page and workers hold. */
  total: number;
  /** The same by where it lives: the page (window) and each worker. */
  byScope: Record<string, number>;
}

export function tabMemory(page: Page): Promise<TabMemory | undefined> {
  return page.evaluate(async () => {
    type Measured = { bytes: number; breakdown: { bytes: number; attribution: { scope: string; url?: string }[] }[] };
    const measure = (performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<Measured> }).measureUserAgentSpecificMemory;
    if (!measure || !crossOriginIsolated) return undefined;
    const result = await measure.call(performance);
    const byScope: Record<string, number> = {};
    for (const part of result.breakdown) {
      const scope = part.attribution.map((a) => (a.scope === 'Window' ? 'page' : (a.url?.split('/').pop()?.split('-')[0] ?? a.scope))).join(', ') || 'shared';
      byScope[scope] = (byScope[scope] ?? 0) + part.bytes;
    }
    return { total: result.bytes, byScope };
  });
}

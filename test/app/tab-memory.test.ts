import { describe, expect, it } from 'vitest';
import { canMeasureTab, measureTab } from '../../src/app/lib/tab-memory.ts';

describe('the tab memory Settings › Storage shows', () => {
  const measurer = (bytes: number) => ({ measureUserAgentSpecificMemory: async () => ({ bytes }) });

  it('is measured only in a cross-origin isolated page whose browser has the API', () => {
    expect(canMeasureTab(measurer(1), true)).toBe(true);
    expect(canMeasureTab(measurer(1), false)).toBe(false);
    expect(canMeasureTab({}, true)).toBe(false);
  });

  it('gives the bytes the browser reports, and nothing when it refuses or reports none', async () => {
    // Node is not a cross-origin isolated page: the double stands for one
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated = true;
    try {
      expect(await measureTab(measurer(250e6))).toBe(250e6);
      expect(await measureTab(measurer(0))).toBeUndefined();
      expect(await measureTab({ measureUserAgentSpecificMemory: () => Promise.reject(new DOMException('not isolated', 'SecurityError')) })).toBeUndefined();
      expect(await measureTab({})).toBeUndefined();
    } finally {
      delete (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
    }
  });
});

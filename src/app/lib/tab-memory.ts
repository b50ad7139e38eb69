/**
 * The tab's memory, page and workers together, as Chromium counts it
 * (`performance.measureUserAgentSpecificMemory()`, which exists only in a cross-origin isolated
 * page, as the app is). Settings › Storage shows it beside the storage used (issue 57), so a person
 * whose library is large sees what it takes in a tab. The browser answers at its next garbage
 * collection, and waits up to a minute for onnxruntime's threads idle between inferences: the
 * panel says it is measuring meanwhile. Where the browser cannot tell, nothing is shown.
 */

/** What the page can call: `performance` itself in the app; doubles in tests. */
export interface MemoryMeasurer {
  measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }>;
}

/** Whether this page can measure (the API exists and the page is cross-origin isolated). */
export function canMeasureTab(measurer: MemoryMeasurer = currentMeasurer(), isolated: boolean = globalThis.crossOriginIsolated === true): boolean {
  return isolated && typeof measurer.measureUserAgentSpecificMemory === 'function';
}

/** Bytes the tab holds, or undefined when the browser cannot tell or refuses (a security error while the page is not isolated). */
export async function measureTab(measurer: MemoryMeasurer = currentMeasurer()): Promise<number | undefined> {
  if (!canMeasureTab(measurer)) return undefined;
  try {
    const { bytes } = await measurer.measureUserAgentSpecificMemory!();
    return Number.isFinite(bytes) && bytes > 0 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function currentMeasurer(): MemoryMeasurer {
  return (globalThis as { performance?: MemoryMeasurer }).performance ?? {};
}

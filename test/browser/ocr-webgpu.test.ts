/**
 * The OCR worker on WebGPU: headless Chromium's SwiftShader adapter, a software GPU, which the
 * worker takes only when the launch asks for WebGPU (tests); otherwise it reads on WebAssembly.
 * One printed line, read by a fresh worker each way: SwiftShader runs PP-OCRv4 correctly but
 * slowly (its recogniser took 18-24 s a line here, warm), so the page is kept to one line.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Harness } from './harness.ts';
import { offMachine, recordedContext, useBrowser } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const LINE = 'Loci reads scans';

describe('the OCR worker', () => {
  it('reads a line on WebGPU when asked for it, as it reads it on WebAssembly, and says which it used', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await page.goto(`${baseURL}/test/browser/harness.html?models=local`);
    await page.waitForFunction(() => 'lociHarness' in window);
    const read = (device: 'auto' | 'webgpu') =>
      page.evaluate(([text, d]) => (window as unknown as { lociHarness: Harness }).lociHarness.ocrInWorker(text, d), [LINE, device] as const);

    // a software adapter is not taken unasked
    const wasm = await read('auto');
    expect(wasm.runtime).toEqual({ provider: 'wasm', failures: [] });
    expect(wasm.lines.map((l) => l.text).join(' ')).toBe(LINE);

    const started = Date.now();
    const gpu = await read('webgpu');
    console.log(`[ocr-webgpu] one line read on SwiftShader's WebGPU in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(gpu.runtime).toEqual({ provider: 'webgpu', failures: [] });
    expect(gpu.lines.map((l) => l.text).join(' ')).toBe(LINE);
    // the same line found, within a pixel or two (the two runtimes round differently)
    expect(gpu.lines).toHaveLength(wasm.lines.length);
    gpu.lines.forEach((line, i) => line.box.forEach((edge, j) => expect(Math.abs(edge - wasm.lines[i]!.box[j]!)).toBeLessThanOrEqual(2)));

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

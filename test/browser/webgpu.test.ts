/**
 * The embed worker on WebGPU: headless Chromium's SwiftShader adapter (a software GPU, allowed
 * only through `?device=webgpu`), indexing a PDF and answering through the UI, with the embedder's
 * fp32 file, not the q8 one whose quantization nodes WebGPU leaves to the CPU. Every other browser
 * test runs the embedder on WebAssembly.
 */
import { describe, expect, inject, it } from 'vitest';
import { ask, embedderDevice, openApp, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { OUTLINE_PDF } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('embeddings on WebGPU', () => {
  it('indexes and answers with the embedder on the SwiftShader adapter', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL, 'models=local&device=webgpu');
    expect(await embedderDevice(page)).toBe('webgpu');

    const started = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', OUTLINE_PDF);
    await waitForStatus(page, 'pypdf_pdflatex-outline.pdf', 'ready');
    console.log(`[webgpu] PDF indexed on WebGPU in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const answer = await ask(page, 'What does the document say about sections and the outline?');
    expect(answer.length).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="source"]').count()).toBeGreaterThan(0);

    // The settings say in words where the models run.
    await page.click('[data-testid="open-settings"]');
    const device = page.locator('[data-testid="device"]');
    await device.waitFor();
    await device.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-device-webgpu');

    // SwiftShader has no shader-f16: the embedder's fp32 file
    const onnx = recorded.requests.filter((url) => url.includes('/onnx/')).map((url) => new URL(url).pathname);
    expect(onnx).toContain('/models/tiny-lexical-bert-zh/onnx/model.onnx');
    expect(onnx).not.toContain('/models/tiny-lexical-bert-zh/onnx/model_quantized.onnx');
    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

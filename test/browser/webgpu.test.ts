/**
 * The embed worker on WebGPU: headless Chromium's SwiftShader adapter (a software GPU, allowed
 * only through `?device=webgpu`), indexing a PDF and answering through the UI, with the embedder's
 * fp32 file, not the q8 one whose quantization nodes WebGPU leaves to the CPU. Every other browser
 * test runs the embedder on WebAssembly. A one-page PDF: SwiftShader took 70 s for the four pages
 * of the outline PDF beside two other test files, and more pages test nothing more here.
 */
import { describe, expect, inject, it } from 'vitest';
import { ask, embedderDevice, LOCAL, openApp, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { ONE_PAGE_PDF } from './support/files.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('embeddings on WebGPU', () => {
  it('indexes and answers with the embedder on the SwiftShader adapter', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    await openApp(page, baseURL, `${LOCAL}&device=webgpu`);
    expect(await embedderDevice(page)).toBe('webgpu');

    const started = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', ONE_PAGE_PDF);
    await waitForStatus(page, 'pypdf_google-doc-document.pdf', 'ready');
    console.log(`[webgpu] PDF indexed on WebGPU in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const answer = await ask(page, 'What is the capital of Austria?');
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

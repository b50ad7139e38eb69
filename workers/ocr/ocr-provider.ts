/**
 * Where the OCR models run: on WebGPU when there is a GPU, as the embedder does, with WebAssembly
 * behind it. A software adapter (SwiftShader) counts only when the launch asks for WebGPU (tests):
 * it ran PP-OCRv4's recogniser ten times slower than WebAssembly
 * (docs/decisions/2026-12-07-reading-models-and-page-measured.md).
 */
import type { DeviceReport } from '../../src/models/device.ts';
import type { LaunchOptions } from '../../src/protocol/workers.ts';

export type OcrProvider = 'webgpu' | 'wasm';

/** The providers to try, in order. */
export function ocrProviders(device: LaunchOptions['device'], gpu: Pick<DeviceReport, 'webgpu' | 'fallbackAdapter'>): OcrProvider[] {
  if (device === 'wasm' || !gpu.webgpu) return ['wasm'];
  if (gpu.fallbackAdapter && device !== 'webgpu') return ['wasm'];
  return ['webgpu', 'wasm'];
}

/** The first provider whose models load, with what loaded and why those before it did not; the last one's failure is thrown. */
export async function firstThatLoads<T>(
  providers: readonly OcrProvider[],
  load: (provider: OcrProvider) => Promise<T>,
): Promise<{ provider: OcrProvider; loaded: T; failures: string[] }> {
  const failures: string[] = [];
  let failure: unknown = new Error('no OCR provider to try');
  for (const provider of providers) {
    try {
      return { provider, loaded: await load(provider), failures };
    } catch (error) {
      failure = error;
      failures.push(`${provider}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw failure;
}

/**
 * What this device can run, decided once at start-up from WebGPU's adapter: where the embedder
 * runs and which backend generates. Takes the navigator as a parameter (structural types, not
 * the DOM's) so it runs in a window, in a worker, and in Node tests with doubles.
 */
import type { ModelInfo } from './registry.ts';

export interface GpuAdapterLike {
  features: { has(feature: string): boolean };
  limits: {
    maxBufferSize: number;
    maxStorageBufferBindingSize: number;
    maxComputeWorkgroupStorageSize?: number;
    maxStorageBuffersPerShaderStage?: number;
  };
  info?: { vendor?: string; architecture?: string; description?: string; isFallbackAdapter?: boolean };
  /** Where browsers before GPUAdapterInfo.isFallbackAdapter reported it. */
  isFallbackAdapter?: boolean;
}

export interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'low-power' | 'high-performance' }): Promise<GpuAdapterLike | null>;
}

export interface NavigatorLike {
  gpu?: GpuLike;
  hardwareConcurrency?: number;
}

export type EmbedderDevice = 'webgpu' | 'wasm';
export type GeneratorBackend = 'webllm-q4f16' | 'webllm-q4f32' | 'transformers-webgpu' | 'transformers-wasm';

export interface DeviceReport {
  /** A WebGPU adapter was granted. */
  webgpu: boolean;
  /** The adapter is a software rasterizer (SwiftShader): WebGPU that runs on the CPU. */
  fallbackAdapter: boolean;
  shaderF16: boolean;
  maxBufferSize?: number;
  maxStorageBufferBindingSize?: number;
  adapterName?: string;
  /** Logical cores, for the WASM thread count. */
  threads: number;
  embedderDevice: EmbedderDevice;
  generatorBackend: GeneratorBackend;
  /** Why, in words a person can read in the settings panel. */
  reasons: string[];
}

export interface ProbeOptions {
  /** Treat a software adapter as a GPU (headless test browsers have only SwiftShader). */
  allowFallbackAdapter?: boolean;
  /** Ignore WebGPU entirely (a user setting, or a GPU that misbehaves). */
  forceWasm?: boolean;
  /** The generator the person chose; one without web-llm builds runs on transformers.js. */
  generator?: ModelInfo;
}

const MiB = 1024 * 1024;
/**
 * The smallest limits web-llm 0.2.86 asks for when it creates its device (detectGPUDevice): below
 * them it throws at load, so we route to transformers.js instead of letting the load fail.
 */
const WEBLLM_MIN = {
  maxBufferSize: 256 * MiB,
  maxStorageBufferBindingSize: 128 * MiB,
  maxComputeWorkgroupStorageSize: 32 * 1024,
  maxStorageBuffersPerShaderStage: 10,
};

export async function probeDevice(nav: NavigatorLike, options: ProbeOptions = {}): Promise<DeviceReport> {
  const threads = Math.max(1, nav.hardwareConcurrency ?? 1);
  const cpuOnly = (reason: string, extra: Partial<DeviceReport> = {}): DeviceReport => ({
    webgpu: false,
    fallbackAdapter: false,
    shaderF16: false,
    threads,
    ...extra,
    embedderDevice: 'wasm',
    generatorBackend: 'transformers-wasm',
    reasons: [reason, `Models run on the CPU with WebAssembly (${threads} thread${threads === 1 ? '' : 's'}).`],
  });

  if (options.forceWasm) return cpuOnly('WebGPU is turned off in the settings.');
  if (!nav.gpu) return cpuOnly('This browser has no WebGPU.');

  let adapter: GpuAdapterLike | null;
  try {
    adapter = await nav.gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    adapter = null;
  }
  if (!adapter) return cpuOnly('WebGPU is present but no GPU adapter is available (no usable GPU, or it is blocked).');

  const fallbackAdapter = adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false;
  const shaderF16 = adapter.features.has('shader-f16');
  const facts = {
    webgpu: true,
    fallbackAdapter,
    shaderF16,
    maxBufferSize: adapter.limits.maxBufferSize,
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
    adapterName: adapterName(adapter),
  };

  if (fallbackAdapter && !options.allowFallbackAdapter) {
    return cpuOnly('The only WebGPU adapter is a software one, which is slower than WebAssembly.', facts);
  }

  const reasons: string[] = [
    fallbackAdapter
      ? 'Using the software WebGPU adapter (allowed for testing; expect it to be slow).'
      : `Embeddings run on the GPU${facts.adapterName ? ` (${facts.adapterName})` : ''}.`,
  ];
  const short = webLlmShortfall(adapter);
  let generatorBackend: GeneratorBackend;
  if (options.generator && !options.generator.webllm) {
    generatorBackend = 'transformers-webgpu';
    reasons.push(`${options.generator.id} has no web-llm build, so it runs on transformers.js with WebGPU.`);
  } else if (short) {
    generatorBackend = 'transformers-webgpu';
    reasons.push(`The GPU's ${short}, too small for web-llm; the language model runs on transformers.js with WebGPU.`);
  } else if (shaderF16) {
    generatorBackend = 'webllm-q4f16';
    reasons.push('The GPU supports 16-bit shaders (shader-f16): the language model uses the faster, smaller q4f16 build.');
  } else {
    generatorBackend = 'webllm-q4f32';
    reasons.push('The GPU lacks 16-bit shaders (shader-f16): the language model uses the q4f32 build, which needs more GPU memory.');
  }
  return { ...facts, threads, embedderDevice: 'webgpu', generatorBackend, reasons };
}

/** The first limit below web-llm's minimum, in words, or undefined when all suffice. */
function webLlmShortfall(adapter: GpuAdapterLike): string | undefined {
  const limits = adapter.limits;
  for (const key of Object.keys(WEBLLM_MIN) as (keyof typeof WEBLLM_MIN)[]) {
    const have = limits[key];
    const need = WEBLLM_MIN[key];
    if (have !== undefined && have < need) {
      return `${key} is ${formatLimit(key, have)} (web-llm needs ${formatLimit(key, need)})`;
    }
  }
  return undefined;
}

function formatLimit(key: keyof typeof WEBLLM_MIN, value: number): string {
  if (key === 'maxStorageBuffersPerShaderStage') return String(value);
  if (key === 'maxComputeWorkgroupStorageSize') return `${Math.round(value / 1024)} KiB`;
  return `${Math.round(value / MiB)} MiB`;
}

function adapterName(adapter: GpuAdapterLike): string | undefined {
  const info = adapter.info;
  if (!info) return undefined;
  const name = info.description || [info.vendor, info.architecture].filter(Boolean).join(' ');
  return name || undefined;
}

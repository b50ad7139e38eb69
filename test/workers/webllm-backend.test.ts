/**
 * The LLM worker's service on web-llm, with web-llm faked at its API (its cache lookup, and an
 * engine that replays web-llm 0.2.86's load reports: these machines have neither its weights nor
 * a GPU): which download the panel is told of, and how a question's sources are counted once the
 * model is loaded. The counting tokenizer is real: the tiny Qwen3's, in the folder of the model id.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AutoTokenizer } from '@huggingface/transformers';
import { CreateMLCEngine, hasModelInCache, type AppConfig, type InitProgressReport, type MLCEngine } from '@mlc-ai/web-llm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceReport } from '../../src/models/device.ts';
import { configureModelSource } from '../../src/models/source.ts';
import { estimateTokens } from '../../src/models/token-estimate.ts';
import type { DownloadProgress } from '../../src/protocol/api.ts';
import type { ModelLoadRequest } from '../../src/protocol/workers.ts';
import { LlmService } from '../../workers/llm/llm-service.ts';
import { MODELS_DIR } from '../support/paths.ts';

vi.mock('@mlc-ai/web-llm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@mlc-ai/web-llm')>()),
  CreateMLCEngine: vi.fn(),
  hasModelInCache: vi.fn(),
}));
vi.mock('../../workers/shared/transformers-env.ts', () => ({ configureOnnxRuntime: () => {}, configureSource: () => {} }));
vi.mock('../../src/models/device.ts', () => ({
  probeDevice: async (): Promise<DeviceReport> => ({
    webgpu: true,
    fallbackAdapter: false,
    shaderF16: false,
    threads: 2,
    embedderDevice: 'webgpu',
    generatorBackend: 'webllm-q4f32',
    reasons: [],
  }),
}));

const MODEL = 'onnx-community/Qwen2.5-0.5B-Instruct';
const BUILD = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const MIRROR = 'https://mirror.example/hf/';
const request: ModelLoadRequest = { modelId: MODEL, source: { kind: 'mirror', baseUrl: MIRROR }, device: 'auto' };

/** What web-llm 0.2.86 reports while it loads four shards (tvmjs fetchTensorCacheInternal, then the shaders, then reload's last word). */
function loadReports(cached: boolean): InitProgressReport[] {
  const reports: InitProgressReport[] = [{ progress: 0, timeElapsed: 0, text: 'Start to fetch params' }];
  const shards = [1, 2, 3, 4];
  if (!cached) for (const i of shards) reports.push({ progress: i / 4, timeElapsed: i, text: `Fetching param cache[${i}/4]: ${i * 70}MB fetched. ${i * 25}% completed, ${i} secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.` });
  for (const i of shards) reports.push({ progress: i / 4, timeElapsed: 5, text: `Loading model from cache[${i}/4]: ${i * 70}MB loaded. ${i * 25}% completed, 5 secs elapsed.` });
  reports.push({ progress: 0.5, timeElapsed: 6, text: 'Loading GPU shader modules[40/80]: 50% completed, 6 secs elapsed.' });
  reports.push({ progress: 1, timeElapsed: 7, text: 'Loading GPU shader modules[80/80]: 100% completed, 7 secs elapsed.' });
  reports.push({ progress: 1, timeElapsed: 7, text: 'Finish loading on WebGPU - SwiftShader' });
  return reports;
}

/** web-llm with these weights cached or not: its cache lookup, and an engine whose load replays its reports. */
function fakeWebLlm(cached: boolean): void {
  vi.mocked(hasModelInCache).mockResolvedValue(cached);
  vi.mocked(CreateMLCEngine).mockImplementation(async (_modelId, config) => {
    for (const report of loadReports(cached)) config?.initProgressCallback?.(report);
    const engine = { chat: { completions: { create: vi.fn() } }, interruptGenerate: vi.fn() };
    return engine as unknown as MLCEngine;
  });
}

async function load(): Promise<{ llm: LlmService; panel: DownloadProgress[] }> {
  const panel: DownloadProgress[] = [];
  const llm = new LlmService();
  const loaded = await llm.load(request, (progress) => void panel.push(progress));
  expect(loaded.backend).toBe('webllm-q4f32');
  return { llm, panel };
}

let modelsDir: string;

beforeAll(() => {
  // the registry id's folder holds the tiny Qwen3: its real tokenizer counts
  modelsDir = mkdtempSync(path.join(os.tmpdir(), 'loci-models-'));
  mkdirSync(path.join(modelsDir, 'onnx-community'));
  symlinkSync(path.join(path.resolve(MODELS_DIR), 'tiny-random-qwen3'), path.join(modelsDir, MODEL));
  configureModelSource({ kind: 'local', path: modelsDir });
});

afterAll(() => rmSync(modelsDir, { recursive: true }));

beforeEach(() => {
  vi.stubGlobal('navigator', {});
  vi.mocked(hasModelInCache).mockReset();
  vi.mocked(CreateMLCEngine).mockReset();
});

describe('web-llm in the LLM worker', () => {
  it('asks web-llm whether the build it loads is cached, and then opens no download panel', async () => {
    fakeWebLlm(true);
    const { panel } = await load();
    expect(panel).toEqual([]);
    // the MLC build, at the address it is loaded from, with the app config the engine is given
    const [modelId, appConfig] = vi.mocked(hasModelInCache).mock.calls[0] as [string, AppConfig];
    expect(modelId).toBe(BUILD);
    expect(appConfig.model_list.find((m) => m.model_id === BUILD)?.model).toBe(`${MIRROR}mlc-ai/${BUILD}`);
    expect(vi.mocked(CreateMLCEngine).mock.calls[0]?.[1]?.appConfig).toBe(appConfig);
  });

  it('reports a download as one file that grows to done, and not the reading onto the GPU after it', async () => {
    fakeWebLlm(false);
    const { panel } = await load();
    expect(new Set(panel.map((p) => `${p.model} ${p.file}`)).size).toBe(1);
    expect(panel[0]?.model).toBe(BUILD);
    const loaded = panel.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(loaded[0]).toBe(0);
    expect(loaded.at(-1)).toBe(panel[0]?.total);
    // the start and the four shards fetched; done once, at the end
    expect(panel.map((p) => p.done)).toEqual([false, false, false, false, true]);
  });

  it("counts a question's sources with the model's tokenizer once it is loaded, not with the estimate", async () => {
    fakeWebLlm(true);
    const { llm } = await load();
    const source = 'Quarterly revenue grew 12.5% to $4.82 billion, driven by cloud subscriptions in EMEA.';
    const tokenizer = await AutoTokenizer.from_pretrained(MODEL);
    const exact = tokenizer.encode(source, { add_special_tokens: false }).length;
    expect(exact).not.toBe(estimateTokens(source));
    expect(await llm.countTokens(request, source)).toBe(exact);
  });
});

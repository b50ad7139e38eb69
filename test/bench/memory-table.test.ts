import { describe, expect, it } from 'vitest';
import { accounted, memoryRows, STRUCTURE_LABELS } from '../../bench/browser/memory-table.ts';
import { modelsApart, scopeName, type MomentMemory, type TabMemory } from '../../bench/browser/tab-memory.ts';
import { scriptName } from '../../bench/browser/app-workers.ts';
import type { EngineWorkerMemory } from '../../workers/engine/memory-report.ts';

const worker = (script: string) => ({ scope: 'DedicatedWorkerGlobalScope', url: `http://localhost:4173/assets/${script}` });

describe('where the browser attributed a part of the tab', () => {
  it('names the page, the app workers by their scripts, the onnxruntime threads, and what no context holds', () => {
    expect(scopeName([{ scope: 'Window', url: 'http://localhost:4173/?models=local' }])).toBe('page');
    expect(scopeName([worker('engine.worker-BvXl-3JT.js')])).toBe('engine worker');
    expect(scopeName([worker('llm.worker-uYv62BZT.js')])).toBe('llm worker');
    expect(scopeName([{ scope: 'DedicatedWorkerGlobalScope', url: 'blob:http://localhost:4173/2f905336' }])).toBe('onnxruntime threads');
    expect(scopeName([])).toBe('shared');
    expect(scopeName([worker('other.js')])).toBe('other.js');
  });

  it("reads a worker's script name from its URL, none from a blob's", () => {
    expect(scriptName('http://localhost:4173/assets/embed.worker-CU7OFGns.js')).toBe('embed.worker-CU7OFGns.js');
    expect(scriptName('blob:http://localhost:4173/2f905336')).toBe('');
  });
});

describe('the memory table', () => {
  const tab = (total: number, byScope: Record<string, number>): TabMemory => ({ total, byScope, parts: [] });
  const structures = Object.fromEntries(Object.keys(STRUCTURE_LABELS).map((s) => [s, 1e6])) as unknown as EngineWorkerMemory['structures'];
  const engine: EngineWorkerMemory = { entries: 10, dimension: 4, structures, largeBuffers: [], recordsWithPendingVectors: 0, tookMs: 1 };
  const moments: MomentMemory[] = [
    { found: tab(50e6, { page: 10e6, 'engine worker': 40e6 }), held: tab(30e6, { page: 5e6, 'engine worker': 25e6 }), engine },
    { found: tab(20e6, { page: 20e6, 'llm worker': 0 }) },
  ];

  it('gives each moment a column in MB: the tab by scope as found and after a collection, the engine by structure', () => {
    const rows = memoryRows(moments);
    const row = (label: string) => rows.find((r) => r[0] === label)?.slice(1);
    expect(row('tab, as found')).toEqual([50, 20]);
    expect(row('  page, as found')).toEqual([10, 20]);
    expect(row('  engine worker, after a collection')).toEqual([25, undefined]);
    expect(row(`engine: ${STRUCTURE_LABELS.vectors}`)).toEqual([1, undefined]);
    const count = Object.keys(STRUCTURE_LABELS).length;
    expect(accounted(engine)).toBe(count * 1e6);
    expect(row('engine: accounted, all structures')).toEqual([count, undefined]);
    expect(row('engine worker after a collection, not accounted')).toEqual([25 - count, undefined]);
  });

  it('lists the page first, then the app workers, and shared memory last', () => {
    const scopes = memoryRows([{ found: tab(1, { shared: 1, 'llm worker': 1, page: 1, 'engine worker': 1 }) }])
      .map((r) => String(r[0]))
      .filter((label) => label.endsWith(', as found') && label.startsWith('  '));
    expect(scopes).toEqual(['  page, as found', '  engine worker, as found', '  llm worker, as found', '  shared, as found']);
  });
});

describe('the tab with the models apart', () => {
  it("counts the embed, LLM and OCR workers and onnxruntime's threads as the models, and the rest as the library's", () => {
    const byScope = { page: 4e6, 'engine worker': 100e6, 'embed worker': 50e6, 'llm worker': 120e6, 'onnxruntime threads': 3e6, shared: 1e6 };
    expect(modelsApart({ total: 278e6, byScope, parts: [] })).toEqual({ models: 173e6, rest: 105e6 });
    expect(modelsApart({ total: 5e6, byScope: { page: 5e6 }, parts: [] })).toEqual({ models: 0, rest: 5e6 });
  });
});

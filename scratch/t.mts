const t0 = performance.now();
const { FileIndexStore } = await import('../src/cli/file-store.ts');
const { loadNodeModels } = await import('../src/models/node.ts');
const t1 = performance.now();
const store = await FileIndexStore.open('/tmp/r4.loci');
const t2 = performance.now();
const models = await loadNodeModels({ modelsDir: '/work/shared/models', embedder: 'tiny-lexical-bert-zh' });
const t3 = performance.now();
console.log('imports', (t1 - t0).toFixed(0), 'store open', (t2 - t1).toFixed(0), 'models', (t3 - t2).toFixed(0));

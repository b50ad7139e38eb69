import path from 'node:path';
import { buildApp, startPreview } from '../../test/browser/support/server.ts';
import { launchBrowser } from '../../test/browser/support/browser.ts';
import { browserCall, openBenchPage } from './browser-side.ts';
import { loadNodeSide, nodeEmbedMs } from './node-side.ts';
import { pdfChunks } from './chunks.ts';
import { E5, servedModels, standInsDir } from './stand-ins.ts';
const standIns = standInsDir();
process.env.LOCI_MODELS_DIR = servedModels(standIns, path.resolve('../shared/models'));
if (!process.argv.includes('--skip-build')) await buildApp();
const server = await startPreview();
const browser = await launchBrowser();
const node = await loadNodeSide(standIns, 'q8', false);
const texts = await pdfChunks(path.resolve('../shared/data/financebench/pdfs/NIKE_2019_10K.pdf'), node.embedder, 16);
const page = await browser.newPage();
page.on('console', (m) => console.log('[page]', m.text()));
await openBenchPage(page, server.url);
const configs: Record<string, { threads?: number; plain?: boolean; dtype?: 'fp32' | 'q8' }> = {
  t2: { threads: 2 }, t2plain: { threads: 2, plain: true }, t2fp32: { threads: 2, dtype: 'fp32' }, t2plainfp32: { threads: 2, plain: true, dtype: 'fp32' },
};
for (const [name, c] of Object.entries(configs)) {
  try {
    await browserCall(page, name, { kind: 'load', options: { device: 'wasm', embedder: E5, ...c } });
    await browserCall(page, name, { kind: 'embed', texts: texts.slice(0, 4), batch: 64 });
  } catch (e) { console.log(name, 'failed', String(e).slice(0, 300)); delete configs[name]; }
}
await nodeEmbedMs(node, texts.slice(0, 4), 64);
for (let r = 0; r < 2; r++) {
  const row: string[] = [];
  row.push(`node ${(16 / ((await nodeEmbedMs(node, texts, 64)) / 1000)).toFixed(2)}`);
  for (const name of Object.keys(configs)) row.push(`${name} ${(16 / ((await browserCall(page, name, { kind: 'embed', texts, batch: 64 })) / 1000)).toFixed(2)}`);
  console.log(row.join('  '));
}
await browser.close(); await server.close(); await node.dispose();

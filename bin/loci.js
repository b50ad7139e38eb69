#!/usr/bin/env node
// The CLI is TypeScript run as is: tsx compiles it on load, so there is no separate build step.
import { register } from 'tsx/esm/api';

// Node loads a module through tsx's hooks several times slower than on its own, and pdf.js and
// transformers.js are large: the two pdf.js builds and transformers.js took 1.5 s through the hooks
// against 0.3 s without. A command that will load them imports them here, before the hooks are in
// place; the CLI's own imports then find them loaded. `loci index` of one 10-Q (three runs each):
// 6.7-7.2 s as it was, 5.6-6.3 s with source maps off (below), 4.6-5.3 s with this too; time every
// run pays again, resumed runs included. The small dependencies gain nothing (about 0.2 s either way).
const MODELS = ['@huggingface/transformers'];
const DOCUMENTS = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', ...MODELS];
const LOADS = { index: DOCUMENTS, repair: DOCUMENTS, eval: DOCUMENTS, bench: DOCUMENTS, ask: MODELS, inspect: MODELS };
const command = process.argv[2];
// pdf.js's legacy build replaces JSON's methods and Array.prototype.push with slow script
// versions on Node 20, and src/core/ingest/pdfjs.ts, which puts Node's own back, would now take
// the replacements for them.
const native = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };
await Promise.all((Object.hasOwn(LOADS, command) ? LOADS[command] : []).map((name) => import(name)));
JSON.parse = native.parse;
JSON.stringify = native.stringify;
Array.prototype.push = native.push;

register();
// tsx turns Node's source maps on, and Node then reads and parses the map of every module it loads,
// pdf.js's megabytes of them included. A stack trace then shows the compiled lines;
// `node --enable-source-maps bin/loci.js` keeps the TypeScript ones.
if (!process.execArgv.includes('--enable-source-maps')) process.setSourceMapsEnabled(false);
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

import { readFile } from 'node:fs/promises';
import { decodeIndex } from '../src/core/stored-index/binary-format.ts';
const bytes = new Uint8Array(await readFile('/tmp/lib-v3.loci'));
for (let i = 0; i < 3; i++) { const t = performance.now(); await decodeIndex(bytes); console.log('decode', (performance.now() - t).toFixed(0)); }

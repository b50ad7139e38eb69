/**
 * A source file bundled into a classic script of its own, not a chunk of the app's build: the
 * service worker's importScripts, and the scripts that must run before the page's modules
 * (content-security-policy.ts), need everything they use inside them.
 */
import path from 'node:path';
import { build } from 'vite';

export async function bundleClassicScript(entry: string, fileName: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.resolve(entry), formats: ['iife'], name: 'loci', fileName: () => fileName },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`${entry} was not bundled`);
}

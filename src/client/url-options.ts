/**
 * Launch options from the page's URL: `?models=local` runs on the site's /models/ folder with the
 * tiny models (tests, offline demos); `?device=webgpu` lets the embedder use a software WebGPU
 * adapter (tests on SwiftShader), `?device=wasm` keeps everything on WebAssembly. With
 * `models=local`, `&embedder=ID` picks another embedder from that folder (the models benchmark's
 * production-shaped stand-ins), and `&quiet=MS` shortens the quiet time before the library's idle
 * work (tests), and `&reply=N` caps every reply of the chat model at N tokens (tests: the tiny
 * random model never stops by itself).
 */
import type { LaunchOptions } from '../protocol/workers.ts';

export function launchOptions(search: string = globalThis.location?.search ?? ''): LaunchOptions {
  const params = new URLSearchParams(search);
  const device = params.get('device');
  const embedder = params.get('embedder');
  const localModels = params.get('models') === 'local';
  const quiet = Number(params.get('quiet') ?? NaN);
  const reply = Number(params.get('reply') ?? NaN);
  return {
    localModels,
    device: device === 'webgpu' || device === 'wasm' ? device : 'auto',
    ...(embedder ? { localEmbedder: embedder } : {}),
    ...(localModels && Number.isFinite(quiet) && quiet >= 0 ? { quietMs: quiet } : {}),
    ...(localModels && Number.isInteger(reply) && reply > 0 ? { replyTokens: reply } : {}),
  };
}

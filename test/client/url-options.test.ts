import { describe, expect, it } from 'vitest';
import { launchOptions } from '../../src/client/url-options.ts';

describe('launch options from the URL', () => {
  it('reads the tests\' quiet time and reply cap beside the local models', () => {
    expect(launchOptions('?models=local&quiet=100&reply=32')).toEqual({ localModels: true, device: 'auto', quietMs: 100, replyTokens: 32 });
  });

  it('ignores them without the local models, and ignores a reply cap that is not a whole number above 0', () => {
    expect(launchOptions('?quiet=100&reply=32')).toEqual({ localModels: false, device: 'auto' });
    expect(launchOptions('?models=local&reply=0')).toEqual({ localModels: true, device: 'auto' });
    expect(launchOptions('?models=local&reply=2.5')).toEqual({ localModels: true, device: 'auto' });
  });

  it('keeps the device and the embedder asked for', () => {
    expect(launchOptions('?models=local&device=wasm&embedder=use-lite-en')).toEqual({ localModels: true, device: 'wasm', localEmbedder: 'use-lite-en' });
    expect(launchOptions('?device=cuda')).toEqual({ localModels: false, device: 'auto' });
  });
});

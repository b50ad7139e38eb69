import { describe, expect, it } from 'vitest';
import { modelSize } from '../../src/app/lib/model-size.ts';

const model = { id: 'tiny-lexical-bert-zh', repo: 'tiny-lexical-bert-zh', sizeMB: 3 };

describe('modelSize', () => {
  it('is the registry estimate until the model is cached, then the cached bytes', () => {
    expect(modelSize(model, undefined)).toEqual({ bytes: 3 * 1024 * 1024, kind: 'estimate' });
    expect(modelSize(model, [{ id: 'other', bytes: 5 }])).toEqual({ bytes: 3 * 1024 * 1024, kind: 'estimate' });
    expect(modelSize(model, [{ id: 'tiny-lexical-bert-zh', bytes: 3_461_000 }])).toEqual({ bytes: 3_461_000, kind: 'exact' });
  });

  it('finds a hub model under its repository and says when the cached size is only a floor', () => {
    const hub = { id: 'bge-small-zh', repo: 'Xenova/bge-small-zh-v1.5', sizeMB: 24 };
    expect(modelSize(hub, [{ id: 'Xenova/bge-small-zh-v1.5', bytes: 100, approximate: true }])).toEqual({ bytes: 100, kind: 'floor' });
  });
});

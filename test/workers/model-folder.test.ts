/** A picked folder of models: which repo each file belongs to. (The cache writes are tested in the browser.) */
import { describe, expect, it } from 'vitest';
import { modelFilePaths } from '../../workers/engine/model-folder.ts';

const KNOWN = ['Xenova/multilingual-e5-small', 'tiny-lexical-bert-zh', 'tiny-random-qwen3'];

describe('modelFilePaths', () => {
  it('maps a folder of models (one or two levels of names) to repo paths, and leaves the rest out', () => {
    const paths = modelFilePaths(
      [
        'models/README.md',
        'models/tiny-lexical-bert-zh/config.json',
        'models/tiny-lexical-bert-zh/onnx/model_quantized.onnx',
        'models/Xenova/multilingual-e5-small/config.json',
        'models/Xenova/multilingual-e5-small/tokenizer.json',
      ],
      KNOWN,
    );
    expect(Object.fromEntries(paths)).toEqual({
      'models/tiny-lexical-bert-zh/config.json': { repo: 'tiny-lexical-bert-zh', file: 'config.json' },
      'models/tiny-lexical-bert-zh/onnx/model_quantized.onnx': { repo: 'tiny-lexical-bert-zh', file: 'onnx/model_quantized.onnx' },
      'models/Xenova/multilingual-e5-small/config.json': { repo: 'Xenova/multilingual-e5-small', file: 'config.json' },
      'models/Xenova/multilingual-e5-small/tokenizer.json': { repo: 'Xenova/multilingual-e5-small', file: 'tokenizer.json' },
    });
  });

  it('takes a picked folder that is itself a model by the known repo it names', () => {
    const paths = modelFilePaths(['multilingual-e5-small/config.json', 'multilingual-e5-small/onnx/model.onnx', 'mystery/config.json'], KNOWN);
    expect(paths.get('multilingual-e5-small/onnx/model.onnx')).toEqual({ repo: 'Xenova/multilingual-e5-small', file: 'onnx/model.onnx' });
    expect(paths.get('mystery/config.json')).toEqual({ repo: 'mystery', file: 'config.json' });
  });
});

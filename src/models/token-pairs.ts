/**
 * Query–passage pairs for cross-encoders, built from token ids. Letting transformers.js 4.3.1
 * truncate a pair cuts its tail and with it the closing separator; cutting the text and tokenizing
 * again encodes everything twice, and a decode/encode round trip can change the length. So each
 * text is encoded once, cut at the id level, and wrapped in the tokenizer's own pair layout.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';

/** The special tokens a tokenizer puts around a pair, e.g. `[CLS] q [SEP] p [SEP]`. */
export interface PairLayout {
  prefix: number[];
  middle: number[];
  suffix: number[];
  /** Segment ids of each part, for tokenizers that make them (BERT does, XLM-R does not). */
  types?: { prefix: number[]; query: number; middle: number[]; passage: number; suffix: number[] };
}

export interface PairSequence {
  ids: number[];
  types?: number[];
}

export function pairLayout(tokenizer: PreTrainedTokenizer): PairLayout {
  // Two probe words whose plain ids appear inside the encoded pair show where the specials are.
  const query = tokenizer.encode('hello', { add_special_tokens: false });
  const passage = tokenizer.encode('world', { add_special_tokens: false });
  const pair = tokenizer('hello', { text_pair: 'world', return_tensor: false });
  const ids = pair.input_ids;
  const q = query.length > 0 ? indexOf(ids, query, 0) : -1;
  const p = q >= 0 && passage.length > 0 ? indexOf(ids, passage, q + query.length) : -1;
  if (p < 0) throw new Error('Cannot tell how this tokenizer lays out a query–passage pair.');
  const qEnd = q + query.length;
  const pEnd = p + passage.length;
  const layout: PairLayout = { prefix: ids.slice(0, q), middle: ids.slice(qEnd, p), suffix: ids.slice(pEnd) };
  const types = pair.token_type_ids;
  if (types) {
    layout.types = {
      prefix: types.slice(0, q),
      query: types[q],
      middle: types.slice(qEnd, p),
      passage: types[p],
      suffix: types.slice(pEnd),
    };
  }
  return layout;
}

/**
 * One sequence per passage, each at most `maxTokens` long with its closing special tokens. The
 * query keeps at most half the room so that a long question cannot crowd out the passage.
 */
export function encodePairs(
  tokenizer: PreTrainedTokenizer,
  layout: PairLayout,
  query: string,
  passages: readonly string[],
  maxTokens: number,
): PairSequence[] {
  const room = Math.max(0, maxTokens - layout.prefix.length - layout.middle.length - layout.suffix.length);
  const q = tokenizer.encode(query, { add_special_tokens: false }).slice(0, Math.floor(room / 2));
  return passages.map((text) => {
    const p = tokenizer.encode(text, { add_special_tokens: false }).slice(0, room - q.length);
    const sequence: PairSequence = { ids: [...layout.prefix, ...q, ...layout.middle, ...p, ...layout.suffix] };
    const t = layout.types;
    if (t) {
      sequence.types = [
        ...t.prefix,
        ...q.map(() => t.query),
        ...t.middle,
        ...p.map(() => t.passage),
        ...t.suffix,
      ];
    }
    return sequence;
  });
}

function indexOf(haystack: readonly number[], needle: readonly number[], from: number): number {
  for (let start = from; start + needle.length <= haystack.length; start++) {
    if (needle.every((id, i) => haystack[start + i] === id)) return start;
  }
  return -1;
}

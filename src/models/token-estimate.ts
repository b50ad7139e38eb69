/**
 * A tokenizer-free token count for backends that expose no tokenizer (web-llm's engine API).
 * It errs high, so context packing that trusts it never overflows: each CJK character counts
 * as one token (Qwen's BPE averages more than one character per token on Chinese) and other text
 * as one token per three characters (English averages about four per token).
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, '').length;
  return cjk + Math.ceil(rest / 3);
}

/**
 * Overlapping character bigrams of every run of Han characters: what Lucene's and Elasticsearch's
 * CJK analyzers index. A dictionary segmenter splits the same phrase differently in a question
 * and in a passage ("数据安全法" as one word or as "数据"+"安全法"), and misses words it does not
 * know; bigrams match across both.
 */
const HAN_RUN = /\p{Script=Han}+/gu;

export function hanBigrams(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(HAN_RUN) ?? []) {
    const chars = Array.from(run);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

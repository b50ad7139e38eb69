/**
 * Text in the legacy CJK encodings people still have (GBK/GB18030, Big5, Shift-JIS, EUC-KR),
 * recognised once UTF-8 has failed. These encodings share byte ranges, so one set of bytes often
 * decodes without error under two of them; what tells them apart is which decoding reads as
 * real text. Each encoding lays out its most frequent characters in a block of its own (GB2312's
 * level-1 hanzi, Big5's frequent hanzi, JIS level-1 kanji plus kana, KS X 1001's Hangul), and
 * text in that encoding draws nearly all its characters from there, while the same bytes read
 * under another encoding land in rare characters, symbols, kana or private-use slots.
 *
 * So each candidate that decodes without error is scored as a simple model would: its text draws
 * each character uniformly from the encoding's frequent block, or with a small chance from
 * anywhere else. The likeliest reading wins — the block it needs most of the characters from,
 * the smaller that block the better (Korean read as GBK lands wholly in GB2312's level-1 hanzi
 * too, but 2,350 Hangul explain it better than 3,755 hanzi) — provided most of its characters are
 * frequent ones, i.e. it reads as text at all.
 */

import { countNonAscii } from './non-ascii.ts';

export type LegacyCjkEncoding = 'gb18030' | 'big5' | 'shift_jis' | 'euc-kr';

// Enough text to judge by; the whole file is decoded only under the encoding chosen.
const SAMPLE_BYTES = 64 * 1024;
// Real text uses some characters outside the frequent blocks (rarer hanzi, names); bytes whose
// best reading is this poor are not text in any of these encodings.
const MIN_SHARE = 0.8;
// The model's chance that a character comes from outside the frequent block, and how many
// characters "outside" holds: a rare character costs far more than a frequent one.
const RARE_CHANCE = 0.05;
const RARE_CHARACTERS = 20_000;

/** Byte ranges of each encoding's frequent characters: [first lead, last lead, trail ranges]. */
const FREQUENT_BYTES: Record<LegacyCjkEncoding, { leads: [number, number]; trails: [number, number][] }> = {
  // GB2312 level 1: the 3,755 most used hanzi
  gb18030: { leads: [0xb0, 0xd7], trails: [[0xa1, 0xfe]] },
  // Big5 frequently used hanzi (0xA440–0xC67E)
  big5: { leads: [0xa4, 0xc6], trails: [[0x40, 0x7e], [0xa1, 0xfe]] },
  // JIS X 0208 level 1 kanji (0x889F–0x9872)
  shift_jis: { leads: [0x88, 0x98], trails: [[0x40, 0x7e], [0x80, 0xfc]] },
  // KS X 1001 Hangul: the 2,350 syllables of everyday Korean
  'euc-kr': { leads: [0xb0, 0xc8], trails: [[0xa1, 0xfe]] },
};

const CANDIDATES = Object.keys(FREQUENT_BYTES) as LegacyCjkEncoding[];

let frequentSets: Map<LegacyCjkEncoding, Set<number>> | undefined;

/** Each encoding's frequent characters, made by decoding its own frequent byte block. */
function frequent(encoding: LegacyCjkEncoding): Set<number> {
  frequentSets ??= new Map(CANDIDATES.map((e) => [e, buildFrequent(e)]));
  return frequentSets.get(encoding)!;
}

function buildFrequent(encoding: LegacyCjkEncoding): Set<number> {
  const { leads, trails } = FREQUENT_BYTES[encoding];
  const bytes: number[] = [];
  for (let lead = leads[0]; lead <= leads[1]; lead++) {
    for (const [from, to] of trails) for (let trail = from; trail <= to; trail++) bytes.push(lead, trail);
  }
  const set = new Set<number>();
  for (const c of new TextDecoder(encoding).decode(new Uint8Array(bytes))) set.add(c.codePointAt(0)!);
  set.delete(0xfffd);
  // Japanese is written in kana as much as in kanji
  if (encoding === 'shift_jis') for (let c = 0x3041; c <= 0x30ff; c++) set.add(c);
  return set;
}

/** Punctuation every CJK text uses: ideographic 、。「」, fullwidth ，！？, and “” … —. */
function isCommonPunctuation(c: number): boolean {
  return (c >= 0x3000 && c <= 0x303f) || (c >= 0xff01 && c <= 0xff5e) || (c >= 0x2010 && c <= 0x2027);
}

export interface LegacyReading {
  /** Share of the non-ASCII characters that are frequent in the encoding (or common punctuation). */
  share: number;
  /** Log-likelihood of the text's non-ASCII characters under the encoding's model. */
  logLikelihood: number;
}

/** How well `text` reads as text in `encoding`; ASCII is left out (every candidate reads it alike). */
export function legacyReading(text: string, encoding: LegacyCjkEncoding): LegacyReading {
  const common = frequent(encoding);
  const { wide, good } = countNonAscii(text, (c) => common.has(c) || isCommonPunctuation(c));
  const frequentCost = Math.log((1 - RARE_CHANCE) / common.size);
  const rareCost = Math.log(RARE_CHANCE / RARE_CHARACTERS);
  return { share: wide === 0 ? 0 : good / wide, logLikelihood: good * frequentCost + (wide - good) * rareCost };
}

/** The text and the encoding it was read in, or undefined when no candidate reads as text. */
export function decodeLegacyCjk(bytes: Uint8Array): { text: string; encoding: LegacyCjkEncoding } | undefined {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let best: ({ encoding: LegacyCjkEncoding } & LegacyReading) | undefined;
  for (const encoding of CANDIDATES) {
    let text: string;
    try {
      // streaming, so a character cut at the sample's end is not an error
      text = new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: sample.length < bytes.length });
    } catch {
      continue;
    }
    const reading = legacyReading(text, encoding);
    if (!best || reading.logLikelihood > best.logLikelihood) best = { encoding, ...reading };
  }
  if (!best || best.share < MIN_SHARE) return undefined;
  try {
    return { text: new TextDecoder(best.encoding, { fatal: true }).decode(bytes), encoding: best.encoding };
  } catch {
    return undefined;
  }
}

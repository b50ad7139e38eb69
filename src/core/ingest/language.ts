import type { Lang } from '../types.ts';

/**
 * Which language a document is mostly in, from its characters: enough Han characters make it
 * Chinese; Latin text made of English function words makes it English; anything else (German,
 * Japanese, numbers only) is 'other'. Looks at a bounded sample so huge documents stay cheap.
 */

const SAMPLE_CHARS = 200_000;
// A Han character carries about as much as a short Latin word, so a modest share of Han among
// letters already means the running text is Chinese (English terms inside Chinese text are common).
const HAN_SHARE_ZH = 0.2;
// Kana beside Han means Japanese, not Chinese.
const KANA_SHARE_OTHER = 0.15;
// In English prose function words are a large share of the words; other Latin-script languages share few of them.
const STOPWORD_SHARE_EN = 0.18;
const MIN_WORDS_EN = 3;

const STOPWORDS = new Set(
  (
    'the of and to a in is it that for was on are with as be by this at or from an not but have ' +
    'has had were which you he she they we his her their its if will would can all there been ' +
    'one what when who so no do does than then these those them into about more also i my our'
  ).split(' '),
);

export function detectLanguage(text: string): Lang {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const han = countMatches(sample, /\p{Script=Han}/gu);
  const kana = countMatches(sample, /[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const latin = countMatches(sample, /[A-Za-z]/g);
  if (han > 0 && han >= HAN_SHARE_ZH * (han + latin)) {
    return kana > KANA_SHARE_OTHER * han ? 'other' : 'zh';
  }
  const words = sample.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
  if (words.length < MIN_WORDS_EN) return 'other';
  let stop = 0;
  for (const w of words) if (STOPWORDS.has(w)) stop++;
  return stop / words.length >= STOPWORD_SHARE_EN ? 'en' : 'other';
}

function countMatches(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
}

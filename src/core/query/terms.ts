import { hanBigrams } from '../text/han-bigrams.ts';
import { words } from '../text/words.ts';

/**
 * Content terms of a text, to tell a real rewrite of a question from noise: a paraphrase, a
 * standalone version or a hypothetical answer of a question nearly always repeats one of its content
 * terms (a name, a number, a key noun), while the output of an untrained or confused model does not.
 */

// Function words that any English text shares; they prove nothing about relatedness.
const STOPWORDS = new Set(
  (
    'a an the of to in on at for by with from and or not no is are was were be been being do does did ' +
    'what which who whom whose when where why how that this these those it its as about into than then ' +
    'there their they them he she his her i you your we our me my can could would should will shall may ' +
    'might must any some all more most other such only same so too very just also if but because while ' +
    'during after before over under again once here both each few nor now please tell explain describe ' +
    'give list'
  ).split(' '),
);

const HAN = /\p{Script=Han}/u;

/**
 * Latin-script words (lower-cased, a possessive or plural `s` folded, function words dropped) and the character
 * bigrams of every Han run. Bigrams rather than segmented words, because a paraphrase may segment
 * differently ("健康饮食" and "饮食健康" share both bigrams but not the same segmentation).
 */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const word of words(text)) {
    if (HAN.test(word)) continue;
    const base = word.replace(/['’]s$/u, '');
    if (STOPWORDS.has(base)) continue;
    if (base.length < 2 && !/\d/.test(base)) continue;
    terms.add(base.length > 3 && base.endsWith('s') ? base.slice(0, -1) : base);
  }
  for (const bigram of hanBigrams(text)) terms.add(bigram);
  return terms;
}

/**
 * Whether `candidate` shares a content term with any of the `references`. When the references have
 * no content terms at all (a one-character question), nothing can be judged and the answer is yes.
 */
export function sharesContent(candidate: string, references: string[]): boolean {
  const reference = new Set<string>();
  for (const text of references) for (const term of contentTerms(text)) reference.add(term);
  if (reference.size === 0) return true;
  for (const term of contentTerms(candidate)) if (reference.has(term)) return true;
  return false;
}

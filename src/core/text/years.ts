/**
 * Years as Loci reads them: a year of the last five centuries, 1500–2099, not part of a longer
 * number ("2022年", "FY2018", "in 1988"; not 120221). The named-year step reads the years a
 * question names and a candidate states.
 */

const DIGITS = '(?:1[5-9]|20)\\d\\d';
const IN_TEXT = new RegExp(`(?<!\\d)${DIGITS}(?!\\d)`, 'g');

/** The years a text states, once each. */
export function yearsIn(text: string): Set<string> {
  return new Set(text.match(IN_TEXT) ?? []);
}

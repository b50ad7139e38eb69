/**
 * Character references in Markdown text (marked leaves them as written; its renderer would pass
 * them on to a browser). Numeric references and the named ones people actually type.
 */

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™',
  hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', middot: '·',
  times: '×', divide: '÷', deg: '°', euro: '€', pound: '£', yen: '¥', sect: '§', para: '¶', laquo: '«',
  raquo: '»', bull: '•', larr: '←', rarr: '→', uarr: '↑', darr: '↓', plusmn: '±', le: '≤', ge: '≥', ne: '≠',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (whole, dec, hex, name) => {
    if (dec !== undefined || hex !== undefined) {
      const cp = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16);
      return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
    }
    return NAMED[name] ?? whole;
  });
}

/**
 * Plain text of an HTML article (QuALITY ships one article as Gutenberg HTML). Block elements become
 * paragraph breaks; the hard line wraps inside a paragraph are folded, as a reader sees them.
 */
import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'blockquote', 'pre', 'tr', 'title']);
const SKIPPED = new Set(['script', 'style', 'head']);

export function htmlToText(html: string): string {
  const paragraphs: string[] = [];
  let current = '';
  let skipping = 0;
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) => line.replace(/\s+/gu, ' ').trim())
      .filter((line) => line.length > 0)
      .join('\n');
    if (text.length > 0) paragraphs.push(text);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) flush();
        else if (name === 'br') current += '\n';
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) flush();
      },
      ontext(text) {
        // newlines in the source are wraps, not breaks: only <br> breaks a line
        if (skipping === 0) current += text.replace(/\s+/gu, ' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return paragraphs.join('\n\n');
}

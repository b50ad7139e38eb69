/**
 * How deep a Markdown source nests block quotes and lists, measured by a line scan before marked
 * runs. marked's lexer recurses once per level and its time grows with the cube of list depth,
 * until the stack overflows (docs/decisions/2026-12-07-reading-models-and-page-measured.md), so a
 * file nested beyond any real document's depth is
 * refused up front with the reason instead.
 */
import { IngestError } from './errors.ts';

/** Far beyond real documents (a few levels), and still parsed in milliseconds. */
export const MAX_MARKDOWN_DEPTH = 100;

const QUOTES = /^(?:[ \t]*>)+/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const FENCE = /^[ \t>]*(?:```|~~~)/;

/** Throws IngestError 'too-deep' when the source nests more than `MAX_MARKDOWN_DEPTH` levels. */
export function checkMarkdownDepth(file: string, source: string, limit = MAX_MARKDOWN_DEPTH): void {
  const depth = markdownDepth(source, limit);
  if (depth > limit) {
    throw new IngestError(file, 'too-deep', `the Markdown nests quotes or lists more than ${limit} levels deep, too deep to read`);
  }
}

/**
 * The deepest quote + list nesting of any line, stopping once past `stopAbove`. An estimate that
 * errs high, never low: a list item opens a level when it starts inside the previous item's
 * content column; levels close only at a shallower list item, or at a line after a blank line
 * that is not indented to the item's content (right after text, a plain line may be a lazy
 * continuation that closes nothing).
 */
export function markdownDepth(source: string, stopAbove = Infinity): number {
  let deepest = 0;
  let fenced = false;
  // content columns of the open list items, outermost first
  const open: number[] = [];
  let afterBlank = false;
  for (const line of source.split(/\r\n?|\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    if (line.trim() === '') {
      afterBlank = true;
      continue;
    }
    const quotes = line.match(QUOTES)?.[0] ?? '';
    const rest = line.slice(quotes.length);
    const item = LIST_ITEM.exec(rest);
    if (item) {
      const indent = columns(item[1]);
      while (open.length > 0 && indent < open[open.length - 1]) open.pop();
      open.push(indent + item[2].length + Math.max(1, columns(item[3])));
    } else if (afterBlank) {
      const indent = columns(/^[ \t]*/.exec(line)![0]);
      while (open.length > 0 && indent < open[open.length - 1]) open.pop();
    }
    afterBlank = false;
    const depth = countChar(quotes, '>') + open.length;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAbove) break;
  }
  return deepest;
}

/** Width of leading whitespace, a tab counting as 4 columns. */
function columns(space: string): number {
  let n = 0;
  for (const c of space) n += c === '\t' ? 4 : 1;
  return n;
}

function countChar(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

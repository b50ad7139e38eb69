import { Parser } from 'htmlparser2';
import type { Block, BlockKind, ParsedDocument } from '../types.ts';

/**
 * HTML → blocks with htmlparser2's streaming parser (no DOM, so it runs in workers and Node).
 * Headings, list items, table rows and preformatted text keep their kind; any other text becomes
 * paragraphs split at block-level elements. Also reads the XHTML of DOCX (via mammoth) and EPUB.
 * Block texts are raw; the caller normalizes them.
 */

export interface HtmlOptions {
  /** XHTML: honour `<a/>`-style self-closing tags. */
  xhtml?: boolean;
}

// Elements whose content is never document text.
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'canvas', 'iframe', 'object', 'select']);

// Elements that start and end a block of running text.
const CONTAINERS = new Set([
  'p', 'div', 'section', 'article', 'main', 'header', 'footer', 'aside', 'nav', 'blockquote', 'figure',
  'figcaption', 'address', 'center', 'body', 'html', 'caption', 'details', 'summary', 'form', 'fieldset',
  'legend', 'dl', 'dt', 'dd', 'hgroup', 'ul', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'hr', 'td', 'th',
]);

interface Frame {
  tag: string;
  kind: BlockKind;
  level?: number;
  /** A container inside a heading, list item, row or pre: its text joins the enclosing block. */
  absorbed: boolean;
  /** Cells opened so far (table rows). */
  cells: number;
}

function frameKind(tag: string): { kind: BlockKind; level?: number } | undefined {
  if (/^h[1-6]$/.test(tag)) return { kind: 'heading', level: Number(tag[1]) };
  if (tag === 'li') return { kind: 'list-item' };
  if (tag === 'tr') return { kind: 'table-row' };
  if (tag === 'pre') return { kind: 'code' };
  if (CONTAINERS.has(tag)) return { kind: 'paragraph' };
  return undefined;
}

export function parseHtml(html: string, options: HtmlOptions = {}): ParsedDocument {
  const blocks: Block[] = [];
  const frames: Frame[] = [];
  let text = '';
  let skipDepth = 0;
  /** The element whose content is being skipped (the outermost one). */
  let skipRoot: string | undefined;
  let titleText: string | undefined;
  let inTitle = false;

  const owner = (): Frame | undefined => {
    for (let i = frames.length - 1; i >= 0; i--) if (!frames[i].absorbed) return frames[i];
    return undefined;
  };
  const flush = (): void => {
    if (text.trim() !== '') {
      const f = owner();
      const block: Block = { kind: f?.kind ?? 'paragraph', text };
      if (f?.level !== undefined) block.level = f.level;
      blocks.push(block);
    }
    text = '';
  };

  const parser = new Parser(
    {
      onopentag(name) {
        // The page's title is in <head> (or, in sloppy pages, outside any skipped element); a
        // <title> inside <svg> and the like names an icon, not the document.
        const pageLevel = skipDepth === 0 || (skipDepth === 1 && skipRoot === 'head');
        if (name === 'title' && titleText === undefined && pageLevel) {
          inTitle = true;
          titleText = '';
        }
        if (skipDepth > 0 || SKIPPED.has(name)) {
          if (skipDepth === 0) skipRoot = name;
          skipDepth++;
          return;
        }
        if (name === 'br') {
          text += '\n';
          return;
        }
        const outer = owner();
        if ((name === 'td' || name === 'th') && outer?.kind === 'table-row') {
          // Empty cells add no separator, so a row never shows "| |" or starts with "|".
          if (outer.cells++ > 0 && text.trim() !== '' && !text.trimEnd().endsWith('|')) text += ' | ';
          frames.push({ tag: name, kind: 'paragraph', absorbed: true, cells: 0 });
          return;
        }
        const k = frameKind(name);
        if (!k) return;
        const atomicOuter = outer !== undefined && outer.kind !== 'paragraph';
        // Paragraphs inside a list item or a cell belong to it; anything inside <pre> is code.
        if (atomicOuter && (k.kind === 'paragraph' || outer.kind === 'code')) {
          frames.push({ tag: name, kind: k.kind, absorbed: true, cells: 0 });
          if (outer.kind !== 'code') text += ' ';
          return;
        }
        flush();
        frames.push({ tag: name, ...k, absorbed: false, cells: 0 });
      },
      ontext(data) {
        if (inTitle) titleText += data;
        else if (skipDepth === 0) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        let i = frames.length - 1;
        while (i >= 0 && frames[i].tag !== name) i--;
        if (i < 0) return;
        // Close this frame and any left open inside it (htmlparser2 usually closes them itself).
        while (frames.length > i) {
          const f = frames[frames.length - 1];
          if (f.absorbed) {
            if (owner()?.kind !== 'code') text += ' ';
          } else {
            flush();
          }
          frames.pop();
        }
      },
    },
    { decodeEntities: true, recognizeSelfClosing: options.xhtml === true },
  );
  parser.write(html);
  parser.end();
  flush();

  const doc: ParsedDocument = { blocks };
  const title = titleText?.trim();
  if (title) doc.title = title;
  else {
    const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1);
    if (h1) doc.title = h1.text;
  }
  return doc;
}

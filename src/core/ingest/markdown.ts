import { lexer, type Token, type Tokens } from 'marked';
import type { Block, ParsedDocument } from '../types.ts';
import { decodeEntities } from './entities.ts';
import { parseHtml } from './html.ts';
import { pushAll } from '../util/push-all.ts';

/**
 * Markdown → blocks with marked's lexer (its token tree, never its HTML). Inline markup is dropped
 * so only the words remain: link text without the URL, code spans without backticks.
 */
export function parseMarkdown(source: string): ParsedDocument {
  const blocks: Block[] = [];
  emitBlocks(lexer(source), blocks);
  const doc: ParsedDocument = { blocks };
  const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (h1) doc.title = h1.text;
  return doc;
}

function emitBlocks(tokens: readonly Token[], out: Block[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const t = token as Tokens.Heading;
        out.push({ kind: 'heading', level: t.depth, text: inlineText(t.tokens) });
        break;
      }
      case 'paragraph':
      case 'text': {
        const t = token as Tokens.Paragraph | Tokens.Text;
        out.push({ kind: 'paragraph', text: t.tokens ? inlineText(t.tokens) : decodeEntities(t.text) });
        break;
      }
      case 'list':
        for (const item of (token as Tokens.List).items) emitListItem(item, out);
        break;
      case 'table': {
        const t = token as Tokens.Table;
        for (const row of [t.header, ...t.rows]) {
          out.push({ kind: 'table-row', text: row.map((cell) => inlineText(cell.tokens)).join(' | ') });
        }
        break;
      }
      case 'code':
        out.push({ kind: 'code', text: (token as Tokens.Code).text });
        break;
      case 'blockquote':
        emitBlocks((token as Tokens.Blockquote).tokens, out);
        break;
      case 'html':
        // Block HTML (comments, <div>s, <details>…) carries text only when it is not a comment.
        pushAll(out, parseHtml((token as Tokens.HTML).text).blocks);
        break;
      default:
        // space, hr, def: no text.
        break;
    }
  }
}

/** One block per item; a nested list's items follow their parent's text as blocks of their own. */
function emitListItem(item: Tokens.ListItem, out: Block[]): void {
  const parts: string[] = [];
  const nested: Block[] = [];
  for (const child of item.tokens) {
    if (child.type === 'list') {
      for (const sub of (child as Tokens.List).items) emitListItem(sub, nested);
    } else if (child.type === 'code') {
      nested.push({ kind: 'code', text: (child as Tokens.Code).text });
    } else if (child.type !== 'space') {
      const t = child as Tokens.Generic;
      parts.push(t.tokens ? inlineText(t.tokens) : decodeEntities(String(t.text ?? '')));
    }
  }
  const text = parts.join(' ');
  if (text.trim() !== '') out.push({ kind: 'list-item', text });
  pushAll(out, nested);
}

function inlineText(tokens: readonly Token[]): string {
  let s = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'codespan':
        // Code spans are literal: no character references inside them.
        s += (token as Tokens.Codespan).text;
        break;
      case 'escape':
        s += (token as Tokens.Escape).text;
        break;
      case 'br':
        s += '\n';
        break;
      case 'html':
      case 'checkbox':
        break;
      default: {
        const t = token as Tokens.Generic;
        s += t.tokens && t.tokens.length > 0 ? inlineText(t.tokens) : decodeEntities(String(t.text ?? ''));
      }
    }
  }
  return s;
}

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/ingest/index.ts';
import type { Block } from '../../../src/core/types.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const simple = (blocks: Block[]): [string, string, number?][] =>
  blocks.map((b) => (b.level !== undefined ? [b.kind, b.text, b.level] : [b.kind, b.text]));

describe('plain text', () => {
  it('splits paragraphs on blank lines and folds line breaks inside them', async () => {
    const doc = await parseDocument('notes.txt', utf8('First line\nstill first.\n\n  \nSecond\r\n\r\nThird'));
    expect(doc.format).toBe('txt');
    expect(doc.mime).toBe('text/plain');
    expect(simple(doc.blocks)).toEqual([
      ['paragraph', 'First line still first.'],
      ['paragraph', 'Second'],
      ['paragraph', 'Third'],
    ]);
  });

  it('decodes UTF-16 with a byte order mark', async () => {
    const text = '中文 text';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
    }
    const doc = await parseDocument('u16.txt', bytes);
    expect(doc.blocks[0].text).toBe('中文 text');
  });
});

describe('markdown', () => {
  const source = [
    '# The **Title**',
    '',
    '<!-- INFO END -->',
    '',
    'A [link](http://x.test) with `code` and *emphasis* &amp; more\\*.',
    '',
    '## Lists',
    '',
    '- one',
    '  - nested *two*',
    '- three',
    '',
    '1. first',
    '',
    '| Name | Value |',
    '|------|-------|',
    '| a    | 1     |',
    '',
    '```js',
    'if (x) {',
    '  y();',
    '}',
    '```',
    '',
    '> quoted text',
  ].join('\n');

  it('emits headings, paragraphs, list items, table rows and code with markup stripped', async () => {
    const doc = await parseDocument('doc.md', utf8(source));
    expect(doc.format).toBe('md');
    expect(doc.title).toBe('The Title');
    expect(simple(doc.blocks)).toEqual([
      ['heading', 'The Title', 1],
      ['paragraph', 'A link with code and emphasis & more*.'],
      ['heading', 'Lists', 2],
      ['list-item', 'one'],
      ['list-item', 'nested two'],
      ['list-item', 'three'],
      ['list-item', 'first'],
      ['table-row', 'Name | Value'],
      ['table-row', 'a | 1'],
      ['code', 'if (x) {\n  y();\n}'],
      ['paragraph', 'quoted text'],
    ]);
  });
});

describe('html', () => {
  const page = `<!DOCTYPE html><html><head><title>Page &amp; Title</title>
    <style>p { color: red }</style><script>var hidden = 1;</script></head>
    <body><nav><noscript>no script</noscript></nav>
    <h1>Main</h1><div>Loose <b>div</b> text<p>A para-<br>graph</p>tail</div>
    <ul><li><p>Item one</p></li><li>Item two<ul><li>Sub item</li></ul></li></ul>
    <table><tr><th>H1</th><th></th><th>H3</th></tr><tr><td><p>a</p></td><td>b</td><td>c</td></tr></table>
    <pre>  indented
    code</pre><blockquote>Quote</blockquote><template><p>never</p></template>
    <h3>Small</h3></body></html>`;

  it('keeps block kinds, skips scripts/styles/templates and takes the <title>', async () => {
    const doc = await parseDocument('page.html', utf8(page));
    expect(doc.format).toBe('html');
    expect(doc.title).toBe('Page & Title');
    expect(simple(doc.blocks)).toEqual([
      ['heading', 'Main', 1],
      ['paragraph', 'Loose div text'],
      ['paragraph', 'A para- graph'],
      ['paragraph', 'tail'],
      ['list-item', 'Item one'],
      ['list-item', 'Item two'],
      ['list-item', 'Sub item'],
      ['table-row', 'H1 | H3'],
      ['table-row', 'a | b | c'],
      ['code', '  indented\n    code'],
      ['paragraph', 'Quote'],
      ['heading', 'Small', 3],
    ]);
  });

  it('honours self-closing tags in XHTML', async () => {
    const xhtml = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><div/><p>one</p><p>two</p></body></html>';
    const doc = await parseDocument('page.xhtml', utf8(xhtml));
    expect(simple(doc.blocks)).toEqual([
      ['paragraph', 'one'],
      ['paragraph', 'two'],
    ]);
  });

  it('falls back to the first h1 for the title', async () => {
    const doc = await parseDocument('x.htm', utf8('<body><p>intro</p><h1>Heading One</h1></body>'));
    expect(doc.title).toBe('Heading One');
  });

  it('never takes the <title> of an inline icon for the page title', async () => {
    const icon = '<svg viewBox="0 0 8 8"><title>Icon</title><path d="M0 0h8v8z"/></svg>';
    const untitled = await parseDocument('x.html', utf8(`<html><body>${icon}<h1>Heading One</h1><p>text</p></body></html>`));
    expect(untitled.title).toBe('Heading One');
    expect(untitled.blocks.map((b) => b.text)).toEqual(['Heading One', 'text']);
    const iconFirst = `<html><head>${icon}<title>Page</title></head><body><p>text</p></body></html>`;
    expect((await parseDocument('y.html', utf8(iconFirst))).title).toBe('Page');
    const bare = await parseDocument('z.html', utf8(`<title>Bare</title><p>${icon}text</p>`));
    expect(bare.title).toBe('Bare');
  });
});

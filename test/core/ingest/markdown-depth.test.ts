/** Markdown nested past any real document's depth is refused up front, not left to overflow marked's stack. */
import { describe, expect, it } from 'vitest';
import { IngestError, parseDocument } from '../../../src/core/ingest/index.ts';
import { markdownDepth, MAX_MARKDOWN_DEPTH } from '../../../src/core/ingest/markdown-depth.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');

describe('markdownDepth', () => {
  it('counts quote markers, spaced or not', () => {
    expect(markdownDepth('>>> deep\n')).toBe(3);
    expect(markdownDepth('> > > deep\n> back\n')).toBe(3);
    expect(markdownDepth('plain text\n')).toBe(0);
  });

  it('counts a list item as nested only inside its parent item\'s content column', () => {
    expect(markdownDepth(nestedList(3))).toBe(3);
    expect(markdownDepth('- a\n- b\n- c\n')).toBe(1);
    // one space is short of "- a"'s content column (2), two of " - b"'s (3): siblings, as CommonMark reads them
    expect(markdownDepth('- a\n - b\n  - c\n')).toBe(1);
    expect(markdownDepth('1. a\n   1. b\n      1. c\n')).toBe(3);
    // a shallower item closes the deeper lists, and so does text after a blank line; a lazy line does not
    expect(markdownDepth(`${nestedList(3)}\n- again\n  - child\n`)).toBe(3);
    expect(markdownDepth(`${nestedList(3)}\n\n> quoted\n`)).toBe(3);
    expect(markdownDepth(`${nestedList(3)}\nlazy\n${' '.repeat(6)}- deeper\n`)).toBe(4);
  });

  it('adds quotes and lists, and skips fenced code', () => {
    expect(markdownDepth('> - a\n>   - b\n')).toBe(3);
    expect(markdownDepth('```\n>>>>>>>> not a quote\n```\ntext\n')).toBe(0);
  });
});

describe('deeply nested Markdown', () => {
  it('a quote nested 5,000 levels is refused by name with the reason, not a stack overflow', async () => {
    const error = await parseDocument('deep.md', encode(`${'>'.repeat(5000)} text\n`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({
      reason: 'too-deep',
      message: `deep.md: the Markdown nests quotes or lists more than ${MAX_MARKDOWN_DEPTH} levels deep, too deep to read`,
    });
  });

  it('a list nested 1,000 levels (12 s in marked) is refused the same way', async () => {
    await expect(parseDocument('list.md', encode(nestedList(1000)))).rejects.toMatchObject({ name: 'IngestError', reason: 'too-deep' });
  });

  it('nesting up to the limit is read', async () => {
    const parsed = await parseDocument('ok.md', encode(`${nestedList(MAX_MARKDOWN_DEPTH)}\n\n${'>'.repeat(MAX_MARKDOWN_DEPTH)} quoted\n`));
    expect(parsed.blocks).toHaveLength(MAX_MARKDOWN_DEPTH + 1);
    expect(parsed.blocks.at(-1)).toMatchObject({ text: 'quoted' });
  });
});

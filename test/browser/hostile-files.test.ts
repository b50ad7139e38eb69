/**
 * The files people really have, dropped in the app: a GBK text is read (and says so) and answers
 * a question in Chinese; a Markdown of headings only, a quote nested past any real one and an EPUB
 * that unpacks past the limit (a ZIP bomb), an image whose header claims 20,000 × 20,000 pixels and
 * a JPEG torn after its first bytes are each refused on their own row with the reason,
 * naming the file; the document already in the library is not touched and goes on answering; and
 * a copy of it under another name is named on its row instead of being added.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { ZIP_LIMITS } from '../../src/core/ingest/zip-bounds.ts';
import { DOCUMENTS_DIR } from '../support/paths.ts';
import { ask, docRow, statuses, waitForStatus } from './support/app-page.ts';
import { offMachine, recordedContext, screenshot, useBrowser } from './support/browser.ts';
import { DATA_SECURITY_LAW, memoryFile } from './support/files.ts';
import { readIndex } from './support/idb.ts';
import { appWithOneLaw } from './support/one-law.ts';

const baseURL = inject('baseURL');
const GOOD = '数据安全法_2021.md';
const browser = useBrowser();

// 数据处理者应当履行数据安全保护义务。 in GBK,
// written out (TextEncoder only makes UTF-8), from the legacy-encodings node test's bytes
const GBK_LINE = [0xca, 0xfd, 0xbe, 0xdd, 0xb4, 0xa6, 0xc0, 0xed, 0xd5, 0xdf, 0xd3, 0xa6, 0xb5, 0xb1, 0xc2, 0xc4, 0xd0, 0xd0, 0xca, 0xfd, 0xbe, 0xdd, 0xb0, 0xb2, 0xc8, 0xab, 0xb1, 0xa3, 0xbb, 0xa4, 0xd2, 0xe5, 0xce, 0xf1, 0xa1, 0xa3];

/** A real EPUB whose largest markup file is swapped for one that unpacks past the limit. */
function epubBomb(): Buffer {
  const files = unzipSync(new Uint8Array(readFileSync(path.join(DOCUMENTS_DIR, 'epub/alice_gutenberg.epub'))));
  const target = Object.keys(files)
    .filter((name) => /\.x?html?$/.test(name))
    .sort((a, b) => files[b].length - files[a].length)[0];
  files[target] = new Uint8Array(ZIP_LIMITS.maxUnzippedBytes + 1024).fill(0x20);
  return Buffer.from(zipSync(files, { level: 1 }));
}

/** A PNG of nothing but its header, claiming `width` × `height` pixels. */
function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A JPEG's first marker, then noise. */
function tornJpeg(): Buffer {
  const bytes = Buffer.alloc(2048);
  let x = 7;
  for (let i = 0; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]).copy(bytes);
  return bytes;
}

describe('the files people really have', () => {
  it('reads a GBK text and refuses the hostile ones by name, leaving the library alone', async () => {
    const recorded = await recordedContext(browser());
    const page = await recorded.newPage();
    const { row: goodRow, index: before } = await appWithOneLaw(page, baseURL);

    await page.setInputFiles('[data-testid="file-input"]', [
      memoryFile('旧文件.txt', 'text/plain', Buffer.from(GBK_LINE)),
      memoryFile('outline.md', 'text/markdown', Buffer.from('# 计划\n\n## 第一部分\n\n## 第二部分\n')),
      memoryFile('nested.md', 'text/markdown', Buffer.from(`${'>'.repeat(500)} deep\n`)),
      memoryFile('bomb.epub', 'application/epub+zip', epubBomb()),
      memoryFile('huge.png', 'image/png', pngHeader(20_000, 20_000)),
      memoryFile('torn.jpg', 'image/jpeg', tornJpeg()),
    ]);
    await waitForStatus(page, '旧文件.txt', 'ready');
    for (const name of ['outline.md', 'nested.md', 'bomb.epub', 'huge.png', 'torn.jpg']) await waitForStatus(page, name, 'error');
    expect(await statuses(page)).toEqual({
      [GOOD]: 'ready',
      '旧文件.txt': 'ready',
      'outline.md': 'error',
      'nested.md': 'error',
      'bomb.epub': 'error',
      'huge.png': 'error',
      'torn.jpg': 'error',
    });

    expect(await docRow(page, '旧文件.txt').textContent()).toMatch(/read as GBK · 1 passage(?!s)/);
    // each row names its format
    const formatOf = (name: string) => docRow(page, name).locator('[data-testid="doc-format"]').textContent();
    expect([await formatOf('旧文件.txt'), await formatOf('outline.md'), await formatOf('bomb.epub')]).toEqual(['TXT', 'MD', 'EPUB']);
    const errorOf = async (name: string) => (await docRow(page, name).locator('[role="alert"]').textContent())?.trim() ?? '';
    expect(await errorOf('outline.md')).toContain('outline.md: the file has only headings (3) and no text under them to index');
    expect(await errorOf('nested.md')).toMatch(/nested\.md: the Markdown nests quotes or lists more than \d+ levels deep, too deep to read/);
    expect(await errorOf('bomb.epub')).toContain('bomb.epub: the book unpacks to more than 128 MB of text markup, the limit (it may be a ZIP bomb)');
    expect(await errorOf('huge.png')).toContain('huge.png: the image is 20,000 × 20,000 pixels, more than the 100 million an image may have here');
    expect(await errorOf('torn.jpg')).toMatch(/torn\.jpg: the image (is damaged|could not be decoded)/);
    await screenshot(page, 'library-hostile-files');

    // The good document: same row, same records; and the GBK text answers in Chinese.
    expect(await docRow(page, GOOD).textContent()).toBe(goodRow);
    const after = await readIndex(page);
    for (const [docId, chunkIds] of Object.entries(before.chunks)) expect(after.chunks[docId]).toEqual(chunkIds);
    for (const [owner, entries] of Object.entries(before.entries)) expect(after.entries[owner]).toEqual(entries);
    await ask(page, '数据处理者应当履行什么义务？');
    const sources = await page.locator('[data-testid="source"]').allTextContents();
    expect(sources.join(' ')).toContain('旧文件');

    // The same bytes under another name: named on the row of the document they copy, not added.
    await page.setInputFiles('[data-testid="file-input"]', memoryFile('副本.md', 'text/markdown', readFileSync(DATA_SECURITY_LAW)));
    await expect.poll(() => docRow(page, GOOD).locator('[data-testid="doc-copies"]').textContent()).toBe(
      '副本.md: the same content as this document, not added again',
    );
    expect(Object.keys(await statuses(page))).toEqual([GOOD, '旧文件.txt', 'outline.md', 'nested.md', 'bomb.epub', 'huge.png', 'torn.jpg']);

    expect(offMachine(recorded.requests)).toEqual([]);
    await recorded.context.close();
  });
});

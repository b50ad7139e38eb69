import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/core/chunk/index.ts';
import { blockTexts, FINANCE_PDFS_DIR, loadDoc } from './fixtures.ts';

/**
 * A real filing, small enough to ingest in a test (24 pages, about 1 s): FinanceBench asks about
 * the statement of earnings on its page 10 (evidence page 9, 0-based).
 */
const JNJ = path.join(FINANCE_PDFS_DIR, 'JOHNSON_JOHNSON_2023Q2_EARNINGS.pdf');
const countWords = async (texts: string[]) => texts.map((t) => t.split(/\s+/).filter(Boolean).length);

describe('JOHNSON_JOHNSON_2023Q2_EARNINGS', () => {
  it('drops the running title printed at the top of 10 of its 24 pages', async () => {
    const doc = await loadDoc(JNJ);
    expect(blockTexts(doc).filter((t) => t === 'Johnson & Johnson and Subsidiaries')).toEqual([]);
  });

  it('reads the statement of earnings as one table row per line', async () => {
    const doc = await loadDoc(JNJ);
    const page10 = doc.blocks.filter((b) => b.page === 10).map((b) => [b.kind, doc.text.slice(b.start, b.end)]);
    expect(page10.slice(0, 2)).toEqual([
      ['paragraph', 'Condensed Consolidated Statement of Earnings'],
      ['paragraph', '(Unaudited; in Millions Except Per Share Figures)'],
    ]);
    expect(page10).toContainEqual(['table-row', 'Sales to customers 25,530$ 100.0 24,020$ 100.0 6.3']);
    expect(page10).toContainEqual(['table-row', 'Net earnings 5,144$ 20.1 4,814$ 20.0 6.9']);
  });

  it('chunks the statement without cutting a row, every row under the statement’s title', async () => {
    const doc = await loadDoc(JNJ);
    const chunks = await chunkDocument(doc, countWords, { chunkTokens: 100, overlapTokens: 10 });
    for (const b of doc.blocks.filter((x) => x.kind === 'table-row')) {
      expect(chunks.some((c) => c.start <= b.start && b.end <= c.end)).toBe(true);
    }
    const netEarnings = doc.text.indexOf('Net earnings 5,144$ 20.1');
    const holding = chunks.filter((c) => c.start <= netEarnings && netEarnings < c.end);
    expect(holding.length).toBeGreaterThan(0);
    for (const c of holding) {
      expect(c.page).toBe(10);
      expect(`${c.headingPath.join(' ')} ${c.text}`).toContain('Condensed Consolidated Statement of Earnings');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fusionLine, printSources, printTrace, secondHopLines } from '../../src/cli/print.ts';
import type { Chunk, RetrievedChunk, TraceRow } from '../../src/core/types.ts';

/** The lines a printer writes. */
function printed(write: (out: NodeJS.WritableStream) => void): string[] {
  let text = '';
  write({ write: (s: string) => ((text += s), true) } as unknown as NodeJS.WritableStream);
  return text.split('\n');
}

describe('loci inspect lines', () => {
  it('states the hybrid weight and where it came from', () => {
    const calibration = { queries: 48, mrrDense: 0.4123, mrrLexical: 0.58, mrrFused: 0.6 };
    expect(fusionLine({ dense: 0.35, source: 'calibrated', calibration })).toBe(
      'hybrid weight: dense 35% · lexical 65%, calibrated on 48 pseudo-queries of this index (MRR dense 0.412, lexical 0.580, fused 0.600)',
    );
    // a weight held at an even share says what the pseudo-queries preferred, and why it was held
    expect(fusionLine({ dense: 0.5, source: 'calibrated', calibration: { ...calibration, preferred: 0.7 } })).toMatch(
      /^hybrid weight: dense 50% · lexical 50%, calibrated on 48 pseudo-queries .*; they preferred dense 70%, held at half: /,
    );
    expect(fusionLine({ dense: 0.5, source: 'default' })).toBe('hybrid weight: dense 50% · lexical 50% (default: too few chunks to calibrate)');
    expect(fusionLine({ dense: 0.8, source: 'given' })).toBe('hybrid weight: dense 80% · lexical 20% (given)');
  });

  it('lists the second hop’s terms and the chunks it added', () => {
    const label = (id: string) => `#${id.split(':')[1]} a.md`;
    expect(secondHopLines({ query: 'q Ada Lovelace', terms: ['Ada Lovelace'], added: ['d:3'] }, label)).toEqual([
      'second hop: searched again with "Ada Lovelace"',
      '  query: q Ada Lovelace',
      '  added: #3 a.md',
    ]);
    expect(secondHopLines({ query: 'q x', terms: ['x'], added: [] }, label)[2]).toBe('  added: nothing the first hop had not found');
    expect(secondHopLines({ query: 'q x', terms: ['x'], linked: ['wallace.md', 'b.md'], added: [] }, label)[2]).toBe(
      '  documents the best chunks name, searched too: wallace.md, b.md',
    );
  });

  it('adds a hop column only when a second hop ran', () => {
    const row = (rank: number, hop?: number): TraceRow => ({ rank, score: 0.5, entryId: 'e', kind: 'chunk', level: 'whole', fromCluster: false, text: 't', added: ['d:1'], backtracksTo: ['d:1'], hop });
    const print = (rows: TraceRow[]) => printed((out) => printTrace(out, rows, (id) => id));
    expect(print([row(1)])[0]).toMatch(/^rank\s+score/);
    const two = print([row(1), row(1, 2)]);
    expect(two[0]).toMatch(/^hop\s+rank\s+score/);
    expect(two[1]).toMatch(/^1\s+1\s+0\.5000/);
    expect(two[2]).toMatch(/^2\s+1\s+0\.5000/);
  });

  it('numbers sources (retrieved chunks best first) and says which the second hop or a cluster found', () => {
    const chunk = (ordinal: number, headingPath: string[]): Chunk => ({ id: `d:${ordinal}`, docId: 'd', ordinal, text: 'Some  text.', headingPath, start: 0, end: 0, tokens: 2 });
    const found = (ordinal: number, via: RetrievedChunk['via']): RetrievedChunk => ({ chunk: chunk(ordinal, ['Ch 1']), docName: 'a.md', docTitle: 'A', score: 1, firstRank: 1, via });
    expect(printed((out) => printSources(out, [found(3, 'chunk'), found(7, 'hop'), found(1, 'cluster')], { ordinals: true }))).toEqual([
      '[1] #3 a.md › Ch 1',
      '    Some text.',
      '[2] #7 a.md › Ch 1 (via the second hop)',
      '    Some text.',
      '[3] #1 a.md › Ch 1 (via cluster)',
      '    Some text.',
      '',
    ]);
    // A packed source keeps the number the answer cites it by.
    const packed = { n: 4, label: '[4] B', chunk: { ...chunk(2, []), page: 9 }, docName: 'b.pdf', docTitle: 'B' };
    expect(printed((out) => printSources(out, [packed]))[0]).toBe('[4] b.pdf › p. 9');
  });
});

/**
 * The lint rule that keeps measured figures out of code comments (scripts/check-comment-figures.ts,
 * run by `npm run lint:deps`): which lines it counts, that an exception allows only its own line
 * and goes stale when that line goes, and that the code holds no figure but its named exceptions.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCommentFigures, EXCEPTIONS, figuresIn, MAX_EXCEPTIONS } from '../../scripts/check-comment-figures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'loci-figures-'));
  temps.push(root);
  for (const dir of ['src', 'workers', 'build']) mkdirSync(path.join(root, dir), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  return root;
}

describe('figures in comments', () => {
  it('counts comment lines that quote a time, a size, a share or a measure, and nothing else', () => {
    const text = [
      '// the save took 1.5 s in one task',
      ' * 20.8 MB of a 100k-entry library',
      '/* R@5 went up */',
      '   * a 64 KB window, 0.4-ms slices',
      '// measured ~35% faster than the plain loop',
      ' * 96 % of the positives state the year',
      ' * (nDCG@10 63.38 against BM25\'s 63.39)',
      ' * MRR 0.47 against 0.37; CER 2.0 → 5.9',
      'const SLICE = 16 * 1024; // not a comment line',
      ' * in the ranges 1..min(k, n) and 3 series of 20 saves',
      ' * docs/decisions/2026-12-03-reopen-first-sources.md',
      ' * the mean with its 95 % bootstrap interval, and nDCG@10 as a name',
    ].join('\n');
    expect(figuresIn('a.ts', text).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('allows a named exception its own line only, and calls an exception that allows nothing stale', () => {
    const root = tree({ 'src/a.ts': '// a 4 ms clamp\n// a 3 s wait\n' });
    const exception = { file: 'src/a.ts', text: '4 ms clamp', reason: 'a rule of the standard' };
    const checked = checkCommentFigures(root, [exception, { file: 'src/gone.ts', text: '9 s', reason: 'gone' }]);
    expect(checked.findings).toHaveLength(2);
    expect(checked.refused.map((f) => f.text)).toEqual(['// a 3 s wait']);
    expect(checked.stale.map((e) => e.file)).toEqual(['src/gone.ts']);
  });

  it('finds no figure in src/, workers/ or build/ but the named exceptions, at most fifteen', () => {
    const { refused, stale, tooMany } = checkCommentFigures(ROOT);
    expect(refused.map((f) => `${f.file}:${f.line}`)).toEqual([]);
    expect(stale).toEqual([]);
    expect(tooMany).toBe(false);
    expect(EXCEPTIONS.length).toBeLessThanOrEqual(MAX_EXCEPTIONS);
  });
});

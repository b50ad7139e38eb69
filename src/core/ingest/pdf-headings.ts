import type { OutlineHeading } from './pdf-outline.ts';
import type { PageLine } from './pdf-paragraphs.ts';

/**
 * Which lines of a PDF are headings. With an outline, each bookmark is looked for on its page
 * (title text, allowing a section number in front and a title wrapped over up to three lines); a
 * bookmark whose text is not on the page is inserted there as a heading of its own, so the section
 * structure is never lost. Without an outline, lines set clearly larger than the body text are
 * headings, the largest size being level 1.
 */

const MAX_WRAP = 3;
const LARGER = 1.15;
const MAX_HEADING_CHARS = 150;
const NUMBER_PREFIX =
  /^(?:(?:chapter|section|part|appendix|kapitel|abschnitt|teil|anhang)?[\divxlcdm]{0,12}|[a-z]\d*|第[\p{N}一二三四五六七八九十百千零〇]+[章节篇部编])$/u;

/** Marks lines of `pages` (0-based) in place; returns how many bookmarks were placed. */
export function markOutlineHeadings(pages: PageLine[][], outline: readonly OutlineHeading[]): number {
  const cursors = new Map<number, number>();
  let placed = 0;
  outline.forEach((entry, id) => {
    const lines = pages[entry.pageIndex];
    const titleKey = matchKey(entry.title);
    if (!lines || titleKey === '') return;
    const cursor = cursors.get(entry.pageIndex) ?? 0;
    const level = Math.min(6, entry.level);
    const found =
      (entry.top !== undefined ? findTitle(lines, titleKey, cursor, entry.top) : undefined) ??
      findTitle(lines, titleKey, cursor, undefined);
    if (found) {
      for (let i = found.index; i < found.index + found.count; i++) {
        lines[i].heading = level;
        lines[i].headingId = id;
      }
      cursors.set(entry.pageIndex, found.index + found.count);
    } else {
      let at = cursor;
      if (entry.top !== undefined) {
        const top = entry.top;
        while (at < lines.length && lines[at].y >= top) at++;
      }
      const next = lines[at] ?? lines[lines.length - 1];
      const size = next?.size ?? 10;
      lines.splice(at, 0, {
        text: entry.title.trim(),
        y: entry.top ?? (next ? next.y + size : 0),
        x0: next?.x0 ?? 0,
        x1: next?.x1 ?? 0,
        size,
        heading: level,
        headingId: id,
      });
      cursors.set(entry.pageIndex, at + 1);
    }
    placed++;
  });
  return placed;
}

function findTitle(
  lines: readonly PageLine[],
  titleKey: string,
  from: number,
  top: number | undefined,
): { index: number; count: number } | undefined {
  for (let i = from; i < lines.length; i++) {
    if (lines[i].heading !== undefined) continue;
    if (top !== undefined && lines[i].y > top + lines[i].size) continue;
    let joined = '';
    for (let count = 1; count <= MAX_WRAP && i + count - 1 < lines.length; count++) {
      joined += matchKey(lines[i + count - 1].text);
      if (joined.endsWith(titleKey) && NUMBER_PREFIX.test(joined.slice(0, joined.length - titleKey.length))) {
        return { index: i, count };
      }
      if (joined.length >= titleKey.length + 16) break;
    }
  }
  return undefined;
}

/** Letters and digits only, case-folded: spacing, punctuation and dots in "1.2" do not matter. */
function matchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Marks lines set clearly larger than the body as headings; returns how many headings. */
export function markSizeHeadings(pages: PageLine[][]): number {
  const body = bodySize(pages);
  if (body === 0) return 0;
  const isCandidate = (l: PageLine): boolean =>
    l.size >= body * LARGER && l.text.length <= MAX_HEADING_CHARS && /\p{L}.*\p{L}/su.test(l.text);
  const sizes = new Set<number>();
  for (const lines of pages) for (const l of lines) if (isCandidate(l)) sizes.add(roundSize(l.size));
  const ranked = [...sizes].sort((a, b) => b - a);
  let id = 0;
  let count = 0;
  for (const lines of pages) {
    let prev: PageLine | undefined;
    let wrapped = 0;
    for (const line of lines) {
      if (!isCandidate(line)) {
        prev = undefined;
        continue;
      }
      const level = Math.min(6, ranked.indexOf(roundSize(line.size)) + 1);
      const continues =
        prev !== undefined && prev.heading === level && wrapped < MAX_WRAP && prev.y - line.y > 0 && prev.y - line.y < 2 * line.size;
      if (continues) {
        wrapped++;
      } else {
        id++;
        count++;
        wrapped = 1;
      }
      line.heading = level;
      line.headingId = id;
      prev = line;
    }
  }
  return count;
}

/** The font size of most of the text (median weighted by characters). */
function bodySize(pages: readonly PageLine[][]): number {
  const weights = new Map<number, number>();
  let total = 0;
  for (const lines of pages) {
    for (const l of lines) {
      const size = roundSize(l.size);
      weights.set(size, (weights.get(size) ?? 0) + l.text.length);
      total += l.text.length;
    }
  }
  let seen = 0;
  for (const size of [...weights.keys()].sort((a, b) => a - b)) {
    seen += weights.get(size) ?? 0;
    if (seen >= total / 2) return size;
  }
  return 0;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

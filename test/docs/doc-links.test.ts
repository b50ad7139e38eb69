/**
 * The README and every page under docs/ link only to files that exist (pages, records, images),
 * so moving or renaming a document shows up here rather than as a dead link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const at = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(at);
    return entry.name.endsWith('.md') ? [at] : [];
  });
}

const PAGES = ['README.md', 'ARCHITECTURE.md', ...markdownUnder('docs')];

/** Relative targets of Markdown links and images, and of <img src>, without their #anchor. */
function targets(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
  return links.filter((link) => !/^[a-z]+:/.test(link) && !link.startsWith('#')).map((link) => link.split('#')[0]);
}

describe('links in the documentation', () => {
  it('finds the pages', () => {
    expect(PAGES.length).toBeGreaterThan(40);
  });

  it.each(PAGES)('%s links only to files that exist', (page) => {
    const dir = path.dirname(path.join(ROOT, page));
    const dead = targets(readFileSync(path.join(ROOT, page), 'utf8')).filter((target) => !existsSync(path.resolve(dir, target)));
    expect(dead, `${page} links to missing files`).toEqual([]);
  });
});

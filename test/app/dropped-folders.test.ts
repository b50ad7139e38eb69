import { describe, expect, it } from 'vitest';
import { folderFiles } from '../../src/app/lib/dropped-folders.ts';

function fileAt(path: string): File {
  const file = new File(['x'], path.split('/').at(-1)!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('a chosen folder', () => {
  it('gives its files, from every level, under its own name, and leaves the system\'s hidden files out', () => {
    const folders = folderFiles([fileAt('Laws/a.md'), fileAt('Laws/old/b.md'), fileAt('Laws/.DS_Store'), fileAt('Laws/.git/c.md')]);
    expect(folders.map((f) => [f.name, f.files.map((x) => x.name)])).toEqual([['Laws', ['a.md', 'b.md']]]);
  });

  it('is no folder when the files carry no path', () => {
    expect(folderFiles([new File(['x'], 'loose.md')])).toEqual([]);
  });
});

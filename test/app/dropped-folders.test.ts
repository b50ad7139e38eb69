import { describe, expect, it } from 'vitest';
import { folderFiles, readDrop } from '../../src/app/lib/dropped-folders.ts';

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

interface FolderEntry {
  name: string;
  isDirectory: true;
  isFile: false;
  createReader(): { readEntries(done: (entries: unknown[]) => void): void };
}

/** A dropped folder as the entries API gives it: its reader hands out `batch` entries a call, then none. */
function folderEntry(name: string, children: (File | FolderEntry)[], batch = 2): FolderEntry {
  return {
    name,
    isDirectory: true as const,
    isFile: false as const,
    createReader() {
      let at = 0;
      return {
        readEntries(done: (entries: unknown[]) => void) {
          const entries = children.slice(at, at + batch).map((c) => (c instanceof File ? fileEntry(c) : c));
          at += batch;
          queueMicrotask(() => done(entries));
        },
      };
    },
  };
}

function fileEntry(file: File) {
  return { name: file.name, isDirectory: false, isFile: true, file: (done: (f: File) => void) => queueMicrotask(() => done(file)) };
}

/** What a drop event's dataTransfer holds: one item per thing dropped. */
function dropOf(...things: (File | FolderEntry)[]): DataTransfer {
  const items = things.map((thing) => ({
    kind: 'file',
    webkitGetAsEntry: () => (thing instanceof File ? fileEntry(thing) : thing),
    getAsFile: () => (thing instanceof File ? thing : new File([], thing.name)),
  }));
  return { items, files: things.filter((t) => t instanceof File) } as unknown as DataTransfer;
}

describe('a drop', () => {
  it('gives loose files as they are, and a folder its files from every level, read batch after batch, hidden ones left out', async () => {
    const file = (name: string) => new File(['x'], name);
    const laws = folderEntry('Laws', [file('a.md'), file('.DS_Store'), folderEntry('old', [file('b.md'), file('c.md'), file('d.md')]), file('e.md')]);
    const dropped = await readDrop(dropOf(file('loose.md'), laws, file('.hidden')));
    expect(dropped.files.map((f) => f.name)).toEqual(['loose.md']);
    expect(dropped.folders.map((f) => [f.name, f.files.map((x) => x.name)])).toEqual([['Laws', ['a.md', 'b.md', 'c.md', 'd.md', 'e.md']]]);
  });
});

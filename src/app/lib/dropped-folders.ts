/**
 * Folders among dropped or chosen files: each becomes a collection named after it (issue: a person
 * drops the folder of one year's filings and asks within it). A chosen folder's files carry their
 * path (`webkitRelativePath`, the folder's own name first); a dropped folder is read through the
 * entries API, which must be asked during the drop event itself.
 */

export interface FolderFiles {
  name: string;
  files: File[];
}

/** What a drop held: loose files, and the files of each folder (from every level below it). */
export interface Dropped {
  files: File[];
  folders: FolderFiles[];
}

/** The system's own files (".DS_Store", "._x") are nobody's documents. */
function isHidden(name: string): boolean {
  return name.startsWith('.');
}

/** A chosen folder's files, by the folder they came from (the first part of their path). */
export function folderFiles(files: readonly File[]): FolderFiles[] {
  const byFolder = new Map<string, File[]>();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/');
    if (parts.some(isHidden)) continue;
    const name = parts.length > 1 ? parts[0] : '';
    byFolder.set(name, [...(byFolder.get(name) ?? []), file]);
  }
  return [...byFolder].filter(([name]) => name !== '').map(([name, list]) => ({ name, files: list }));
}

/**
 * The drop's entries, taken at once (the browser forgets them when the event ends), then read.
 * Without the entries API, the files as the browser lists them.
 */
export function readDrop(data: DataTransfer): Promise<Dropped> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null));
  if (entries.length === 0 || entries.some((entry) => entry === undefined)) return Promise.resolve({ files: [...data.files], folders: [] });
  const loose = [...data.items].map((item) => item.getAsFile());
  return (async () => {
    const dropped: Dropped = { files: [], folders: [] };
    for (const [i, entry] of entries.entries()) {
      if (entry?.isDirectory) dropped.folders.push({ name: entry.name, files: await filesIn(entry as FileSystemDirectoryEntry) });
      else if (loose[i] && !isHidden(loose[i].name)) dropped.files.push(loose[i]);
    }
    return dropped;
  })();
}

/** Every file below a dropped folder, hidden ones left out. */
async function filesIn(folder: FileSystemDirectoryEntry): Promise<File[]> {
  const out: File[] = [];
  const reader = folder.createReader();
  // readEntries gives a batch at a time (100 in Chromium) until an empty one
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const entry of batch) {
      if (isHidden(entry.name)) continue;
      if (entry.isDirectory) out.push(...(await filesIn(entry as FileSystemDirectoryEntry)));
      else out.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
    }
  }
  return out;
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

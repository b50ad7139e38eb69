/// <reference lib="webworker" />
/**
 * Test-only worker of the harness page: the open image's file read where the engine reads it, in a
 * dedicated worker, through a synchronous access handle, and through a Blob when another handle
 * holds the file. Answers one message: the file's name.
 */
import { privateImageFile, readPartsSync, type ImageBytes } from '../../src/browser-storage/open-image.ts';

export interface ImageFileCheck {
  /** Bytes as laid out in parts, for each read: [index, corpus] or [whole]. */
  written: number[][];
  syncRead?: number[][];
  /** What the synchronous read gave while another handle held the file ('none': it stood aside). */
  syncWhileHeld?: number[][] | 'none';
  readWhileHeld?: number[][];
  whole: { written: number[]; read?: number[][] };
  error?: string;
}

const parts = (bytes: ImageBytes | undefined): number[][] | undefined =>
  bytes === undefined ? undefined : bytes instanceof Uint8Array ? [[...bytes]] : [[...bytes.index], [...bytes.corpus]];

/** A LIM3 image's shape: the 16-byte header, an index of 40 bytes, a corpus of 24. */
function lim3(): Uint8Array {
  const bytes = new Uint8Array(16 + 40 + 24).map((_, i) => (i * 7) % 251);
  bytes.set([0x4c, 0x49, 0x4d, 0x33], 0);
  new DataView(bytes.buffer).setFloat64(4, 12, true);
  new DataView(bytes.buffer).setUint32(12, 40, true);
  return bytes;
}

self.onmessage = async (event: MessageEvent<string>) => {
  const name = event.data;
  try {
    const image = (await privateImageFile(name))!;
    const bytes = lim3();
    await image.write(bytes);
    const handle = await (await navigator.storage.getDirectory()).getFileHandle(name);
    const check: ImageFileCheck = { written: [[...bytes.subarray(0, 56)], [...bytes.subarray(56)]], whole: { written: [] } };
    check.syncRead = parts(await readPartsSync(handle));
    const held = await handle.createSyncAccessHandle();
    try {
      check.syncWhileHeld = parts(await readPartsSync(handle)) ?? 'none';
      check.readWhileHeld = parts(await image.read());
    } finally {
      held.close();
    }
    // not an image: read whole
    const other = new Uint8Array(33).map((_, i) => i + 1);
    await image.write(other);
    check.whole = { written: [...other], read: parts(await image.read()) };
    await image.remove();
    self.postMessage(check);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};

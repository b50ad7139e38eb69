/**
 * Reads one file for indexing, bounded: the open handle itself must be a regular file (a path can
 * be swapped for a FIFO or a device between the folder walk and the read), and no more than its
 * size, and never more than the size limit, is read.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { DEFAULT_MAX_BYTES, tooLarge } from '../core/ingest/index.ts';
import { fsReason, kindOf } from './gather-files.ts';

/** A path that cannot be read as a file; the message names the path and says why. */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'UnreadableFileError';
  }
}

// Opening a FIFO for reading blocks until a writer comes; non-blocking, it returns at once and
// fstat then refuses it. Windows has no such flag (nor FIFOs at a path).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The file's bytes; UnreadableFileError, or IngestError 'too-large' when over `maxBytes`. */
export async function readRegularFile(file: string, name: string, maxBytes = DEFAULT_MAX_BYTES): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (error) {
    throw new UnreadableFileError(file, fsReason(error, false));
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableFileError(file, `not a regular file: ${kindOf(info)}`);
    if (info.size > maxBytes) throw tooLarge(name, info.size, maxBytes);
    const bytes = new Uint8Array(info.size);
    let filled = 0;
    // A file that shrinks while read ends early; one that grows is read to its size when opened.
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } catch (error) {
    if (error instanceof UnreadableFileError || (error instanceof Error && error.name === 'IngestError')) throw error;
    throw new UnreadableFileError(file, fsReason(error, false));
  } finally {
    await handle.close();
  }
}

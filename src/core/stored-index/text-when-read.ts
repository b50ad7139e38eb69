/**
 * A decoded document whose text is decoded from its UTF-8 when first read: opening a large
 * library decoded every document's text (most of the heap an opened index holds) though a
 * question reads a few passages' documents; the search corpus adopts its posting lists and
 * vectors, and a chunk's id and length come from its columns
 * (docs/decisions/2026-12-07-chunks-made-when-read.md). The block's checksum was checked on open.
 */
import type { Doc } from '../types.ts';
import { strictUtf8 } from '../util/strict-utf8.ts';

const BYTES = Symbol('text bytes');

type WithBytes = Doc & { [BYTES]?: Uint8Array };

function readText(this: WithBytes): string {
  const text = strictUtf8(this[BYTES]!);
  writeText.call(this, text);
  return text;
}

function writeText(this: WithBytes, value: string): void {
  Object.defineProperty(this, 'text', { configurable: true, enumerable: true, writable: true, value });
  delete this[BYTES];
}

/** `doc` with `text` decoded from `bytes` (UTF-8, which must not be a view of a larger buffer kept for nothing else) when first read. */
export function textWhenRead<D extends Doc>(doc: D, bytes: Uint8Array): D {
  Object.defineProperty(doc, BYTES, { configurable: true, enumerable: false, writable: false, value: bytes });
  Object.defineProperty(doc, 'text', { configurable: true, enumerable: true, get: readText, set: writeText });
  return doc;
}

/** The UTF-8 of a document's text still to be decoded, or undefined once it is (or never was). */
export function pendingText(doc: Pick<Doc, 'text'>): Uint8Array | undefined {
  return (doc as WithBytes)[BYTES];
}

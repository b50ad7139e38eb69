/**
 * A document's own record as a column pack (the `text` block of index format version 7,
 * column-pack.ts): the document's text as UTF-8, its placed blocks (five int32 each: kind by
 * number, level, page, start, end) and its pre-parse progress (three each: the chunk's ordinal,
 * done or failed, entry count) as columns, and the rest (name, title, table of contents, job) as
 * a small JSON head. A block or progress record the columns cannot say exactly (an unknown field,
 * a failure's message, a source that is no chunk of the document) is kept whole in the head.
 */
import type { Doc, PlacedBlock, PreparseRecord } from '../types.ts';
import { chunkId } from '../ids.ts';
import { chunkRefWriter } from './chunk-refs.ts';
import { ABSENT, decodePack, decodePackBytes, encodePack, fitsInt32 } from './column-pack.ts';
import { textWhenRead } from './text-when-read.ts';
import type { DocumentRecord } from './snapshot.ts';

/** The document's record without what other blocks hold. */
export type DocumentPart = Omit<DocumentRecord, 'chunks' | 'entries' | 'vectors' | 'terms'>;

const BLOCK_WIDTH = 5;
const PREPARSE_WIDTH = 3;
const BLOCK_FIELDS = new Set(['kind', 'level', 'page', 'start', 'end']);
const PREPARSE_FIELDS = new Set(['sourceId', 'sourceType', 'status', 'entryCount']);
const STATUSES = ['done', 'failed'] as const;

interface Head {
  /** The record with `doc.text`, `doc.blocks` and `preparse` as 0, which keeps their places among the fields. */
  record: Record<string, unknown> & { doc: Record<string, unknown> };
  kinds: string[];
  blocks: number;
  keptBlocks: [number, PlacedBlock][];
  preparse: number;
  keptPreparse: [number, PreparseRecord][];
}

export function encodeDocumentColumns(part: DocumentPart): Uint8Array {
  const { doc, preparse } = part;
  const kinds: string[] = [];
  const keptBlocks: [number, PlacedBlock][] = [];
  const keptPreparse: [number, PreparseRecord][] = [];
  const ints = new Int32Array(BLOCK_WIDTH * doc.blocks.length + PREPARSE_WIDTH * preparse.length);
  doc.blocks.forEach((block, i) => {
    const at = BLOCK_WIDTH * i;
    if (!plainBlock(block)) {
      ints[at] = -1;
      keptBlocks.push([i, block]);
      return;
    }
    let kind = kinds.indexOf(block.kind);
    if (kind < 0) kind = kinds.push(block.kind) - 1;
    ints.set([kind, block.level ?? ABSENT, block.page ?? ABSENT, block.start, block.end], at);
  });
  const ref = chunkRefWriter([doc.id]);
  preparse.forEach((record, i) => {
    const at = BLOCK_WIDTH * doc.blocks.length + PREPARSE_WIDTH * i;
    const source = record.sourceType === 'chunk' ? ref(record.sourceId) : undefined;
    if (typeof source !== 'number' || !fitsInt32(source) || !plainPreparse(record)) {
      ints[at] = -1;
      keptPreparse.push([i, record]);
      return;
    }
    ints.set([source, STATUSES.indexOf(record.status), record.entryCount], at);
  });
  const head: Head = {
    record: { ...part, doc: { ...doc, text: 0, blocks: 0 }, preparse: 0 },
    kinds,
    blocks: doc.blocks.length,
    keptBlocks,
    preparse: preparse.length,
    keptPreparse,
  };
  return encodePack(head, ints, doc.text);
}

/**
 * The record again, its pre-parse progress as columns made into records when asked for
 * (PreparseColumns); undefined when the bytes are not a document's columns, its progress included.
 * With `copyText`, the text is decoded when first read from the copy it makes of its UTF-8
 * (text-when-read.ts), not now.
 */
export function decodeDocumentColumns(bytes: Uint8Array, copyText?: (utf8: Uint8Array) => Uint8Array): { part: Omit<DocumentPart, 'preparse'>; preparse: PreparseColumns } | undefined {
  const pack = copyText ? decodePackBytes(bytes) : decodePack(bytes);
  const head = pack?.head as Partial<Head> | undefined;
  if (!pack || !head?.record?.doc || !Array.isArray(head.kinds) || !Array.isArray(head.keptBlocks) || !Array.isArray(head.keptPreparse)) return undefined;
  const { blocks: blockCount, preparse: preparseCount } = head;
  const { ints } = pack;
  if (!Number.isInteger(blockCount) || !Number.isInteger(preparseCount)) return undefined;
  if (ints.length !== BLOCK_WIDTH * blockCount! + PREPARSE_WIDTH * preparseCount!) return undefined;
  const keptBlocks = new Map(head.keptBlocks);
  const blocks: PlacedBlock[] = new Array(blockCount);
  for (let i = 0; i < blockCount!; i++) {
    const at = BLOCK_WIDTH * i;
    const kind = head.kinds[ints[at]] as PlacedBlock['kind'] | undefined;
    const kept = ints[at] < 0 ? keptBlocks.get(i) : undefined;
    if (kept) {
      blocks[i] = kept;
      continue;
    }
    if (kind === undefined) return undefined;
    const level = ints[at + 1];
    const page = ints[at + 2];
    const start = ints[at + 3];
    const end = ints[at + 4];
    // one literal a shape, so the blocks of a library share a few hidden classes
    if (level === ABSENT) blocks[i] = page === ABSENT ? { kind, start, end } : { kind, page, start, end };
    else blocks[i] = page === ABSENT ? { kind, level, start, end } : { kind, level, page, start, end };
  }
  const { record } = head;
  const doc = record.doc as unknown as Doc;
  if ('text' in pack) doc.text = pack.text;
  else textWhenRead(doc, copyText!(pack.textBytes));
  doc.blocks = blocks;
  delete record.preparse;
  const from = BLOCK_WIDTH * blockCount!;
  const kept = new Map(head.keptPreparse);
  // checked now, made when read
  for (let i = 0; i < preparseCount!; i++) {
    const at = from + PREPARSE_WIDTH * i;
    if (ints[at] < 0 ? !kept.has(i) : STATUSES[ints[at + 1]] === undefined) return undefined;
  }
  // a copy: the numbers are a view over the file's bytes, which must not live on until the progress is read
  return { part: record as unknown as Omit<DocumentPart, 'preparse'>, preparse: new PreparseColumns(doc.id, ints.slice(from), kept) };
}

/** A document's pre-parse progress as its columns, checked whole: three int32 a record, and those the columns cannot say kept. */
export class PreparseColumns {
  constructor(
    private readonly docId: string,
    private readonly ints: Int32Array,
    private readonly kept: ReadonlyMap<number, PreparseRecord>,
  ) {}

  /**
   * The records, each source the loaded chunk's own id string: `chunkIdAt(n)`, the id of the
   * chunk of ordinal `n` when the document's `n`-th chunk is it.
   */
  records(chunkIdAt: (n: number) => string | undefined): PreparseRecord[] {
    const { ints } = this;
    const out: PreparseRecord[] = new Array(ints.length / PREPARSE_WIDTH);
    for (let i = 0; i < out.length; i++) {
      const at = PREPARSE_WIDTH * i;
      const source = ints[at];
      if (source < 0) {
        out[i] = this.kept.get(i)!;
        continue;
      }
      out[i] = { sourceId: chunkIdAt(source) ?? chunkId(this.docId, source), sourceType: 'chunk', status: STATUSES[ints[at + 1]], entryCount: ints[at + 2] };
    }
    return out;
  }
}

function plainBlock(block: PlacedBlock): boolean {
  for (const [key, value] of Object.entries(block)) if (value !== undefined && !BLOCK_FIELDS.has(key)) return false;
  return (
    typeof block.kind === 'string' &&
    fitsInt32(block.start) &&
    fitsInt32(block.end) &&
    (block.level === undefined || fitsInt32(block.level)) &&
    (block.page === undefined || fitsInt32(block.page))
  );
}

function plainPreparse(record: PreparseRecord): boolean {
  for (const [key, value] of Object.entries(record)) if (value !== undefined && !PREPARSE_FIELDS.has(key)) return false;
  return STATUSES.includes(record.status) && fitsInt32(record.entryCount);
}

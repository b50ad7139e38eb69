/** What indexFiles says about files it does not index: text-less ones fail, duplicates are named. */
import { describe, expect, it } from 'vitest';
import { LociEngine } from '../../../src/core/engine/engine.ts';
import { IngestError } from '../../../src/core/ingest/index.ts';
import { MemoryIndexStore } from '../../../src/core/stored-index/memory-store.ts';
import { hashEmbedder } from '../../support/hash-embedder.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const NOTE = encode('# Notes\n\nThe glacier ice melts in summer.\n\nRiver boats carry the trade.\n');

async function open() {
  const store = new MemoryIndexStore();
  return { store, engine: await LociEngine.open({ embedder: hashEmbedder(), store }) };
}

describe('indexFiles', () => {
  it('names a file with the bytes of one already indexed under another name, and indexes it once', async () => {
    const { engine } = await open();
    const first = await engine.indexFiles([
      { name: 'notes.md', bytes: NOTE },
      { name: 'notes (copy).md', bytes: NOTE.slice() },
    ]);
    const id = first.added[0].doc.id;
    expect(first.duplicates).toEqual([{ name: 'notes (copy).md', sameAs: 'notes.md', id }]);
    expect(first.added.map((r) => r.doc.name)).toEqual(['notes.md']);
    expect(engine.documents.map((r) => r.doc.name)).toEqual(['notes.md']);

    // the same file under its own name again is a re-run, not a duplicate; a new name is one
    const again = await engine.indexFiles([{ name: 'notes.md', bytes: NOTE }]);
    expect(again.duplicates).toEqual([]);
    const renamed = await engine.indexFiles([{ name: 'renamed.md', bytes: NOTE }]);
    expect(renamed.duplicates).toEqual([{ name: 'renamed.md', sameAs: 'notes.md', id }]);
  });

  it('fails a file of headings only, and stores nothing of it', async () => {
    const { engine, store } = await open();
    const errors: [string, Error][] = [];
    const result = await engine.indexFiles(
      [
        { name: 'outline.md', bytes: encode('# Plan\n## Part one\n## Part two\n') },
        { name: 'notes.md', bytes: NOTE },
      ],
      { onFileError: (name, error) => errors.push([name, error]) },
    );
    expect(result.failed.map((f) => f.name)).toEqual(['outline.md']);
    expect(errors[0][1]).toBeInstanceOf(IngestError);
    expect(errors[0][1].message).toBe('outline.md: the file has only headings (3) and no text under them to index');
    expect((await store.load())!.documents.map((d) => d.doc.name)).toEqual(['notes.md']);
    expect(engine.documents.every((d) => d.chunks.length > 0 && d.job.stage === 'ready')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { splitFileName } from '../../../src/core/ingest/file-name.ts';
import { ingest } from '../../../src/core/ingest/index.ts';

describe('splitFileName', () => {
  it('splits at the last dot of the last path segment', () => {
    expect(splitFileName('dir.v1/Report.v2.PDF')).toEqual({ stem: 'Report.v2', extension: 'PDF' });
    expect(splitFileName('notes')).toEqual({ stem: 'notes', extension: '' });
    expect(splitFileName('.profile')).toEqual({ stem: '.profile', extension: '' });
    expect(splitFileName('trailing.')).toEqual({ stem: 'trailing', extension: '' });
  });

  it('names an untitled document after its file, and picks the format from the extension', async () => {
    const doc = await ingest('papers/Field Notes.MD', new TextEncoder().encode('just text, no heading'));
    expect(doc.title).toBe('Field Notes');
    expect(doc.mime).toBe('text/markdown');
  });
});

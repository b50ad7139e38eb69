import { describe, expect, it } from 'vitest';
import type { Damage } from '../../src/core/stored-index/damage.ts';
import type { DocumentRecord, GroupRecord } from '../../src/core/stored-index/snapshot.ts';
import { restoreDamagedRecords } from '../../workers/engine/restore-records.ts';

const doc = (id: string) => ({ doc: { id, name: `${id}.md` }, entries: [{ id: `${id}:0|chunk|whole|0`, text: 'Alpha beta.' }] }) as unknown as DocumentRecord;
const group = (id: string) => ({ group: { id, docIds: ['a'] }, entries: [] }) as unknown as GroupRecord;
const damage = (kind: Damage['kind'], id: string, docIds = [id]): Damage => ({ kind, id, name: `${id}.md`, docIds, parts: [kind === 'group' ? 'clusters' : 'chunks'] });

describe('restoreDamagedRecords', () => {
  it('writes damaged documents and groups again from the open index, and leaves busy or unknown ones', async () => {
    const written: string[] = [];
    const counted: (number | undefined)[] = [];
    const store = {
      findRecordDamage: async () => [damage('document', 'a'), damage('document', 'a'), damage('group', 'g', ['a', 'b']), damage('document', 'busy'), damage('document', 'gone')],
      putDocument: async (record: DocumentRecord) => void (written.push(`doc ${record.doc.id}`), counted.push(record.terms?.entries)),
      putGroup: async (record: GroupRecord) => void written.push(`group ${record.group.id}`),
    };
    const copies = { document: (id: string) => (id === 'gone' ? undefined : doc(id)), group: (id: string) => (id === 'g' ? group(id) : undefined) };
    const result = await restoreDamagedRecords(store, copies, (id) => id === 'busy');
    // a document damaged in two parts is written once
    expect(written).toEqual(['doc a', 'group g']);
    // the image's copy keeps no counted words: they are counted again for the stored record
    expect(counted).toEqual([1]);
    expect(result.restored).toEqual(['a.md', 'g.md']);
    expect(result.left.map((d) => d.id)).toEqual(['busy', 'gone']);
  });

  it('writes nothing when nothing is damaged', async () => {
    const store = { findRecordDamage: async () => [], putDocument: async () => expect.fail('no write'), putGroup: async () => expect.fail('no write') };
    expect(await restoreDamagedRecords(store, { document: () => undefined, group: () => undefined }, () => false)).toEqual({ restored: [], left: [] });
  });
});

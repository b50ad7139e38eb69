import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import './fixtures.ts';
import { appendMessage, appendMessages, createChat, deleteChat, getChat, listChats, renameChat } from '../../src/browser-storage/chats.ts';
import { openLociDb } from '../../src/browser-storage/open.ts';

describe('chat history', () => {
  it('creates, appends, lists newest first, renames and deletes', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const first = await createChat(db, 'Sales rules', 1_000);
    const second = await createChat(db, '销售管理', 2_000);
    expect(first.id).not.toBe(second.id);

    await appendMessage(db, first.id, { role: 'user', content: 'Who approves refunds?', sources: [], created: 1_100 });
    const after = await appendMessage(db, first.id, {
      role: 'assistant',
      content: 'The branch manager [1].',
      sources: [{ chunkId: 'aaaa:3', label: '[1] rules › 第二节 销售管理' }],
      strategy: 'cap-rag',
      created: 1_200,
    });
    expect(after.messages).toHaveLength(2);

    const stored = await getChat(db, first.id);
    expect(stored).toEqual({
      id: first.id,
      title: 'Sales rules',
      created: 1_000,
      messages: [
        { role: 'user', content: 'Who approves refunds?', sources: [], created: 1_100 },
        {
          role: 'assistant',
          content: 'The branch manager [1].',
          sources: [{ chunkId: 'aaaa:3', label: '[1] rules › 第二节 销售管理' }],
          strategy: 'cap-rag',
          created: 1_200,
        },
      ],
    });

    expect(await listChats(db)).toEqual([
      { id: second.id, title: '销售管理', created: 2_000, messageCount: 0, updated: 2_000 },
      { id: first.id, title: 'Sales rules', created: 1_000, messageCount: 2, updated: 1_200 },
    ]);

    await renameChat(db, second.id, 'Renamed');
    expect((await getChat(db, second.id))?.title).toBe('Renamed');

    await deleteChat(db, first.id);
    expect(await getChat(db, first.id)).toBeUndefined();
    expect((await listChats(db)).map((chat) => chat.id)).toEqual([second.id]);
    db.close();
  });

  it('keeps every message when appends run concurrently', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const chat = await createChat(db, 'busy');
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => appendMessage(db, chat.id, { role: 'user', content: `m${i}`, sources: [] })),
    );
    expect((await getChat(db, chat.id))?.messages.map((m) => m.content).sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    db.close();
  });

  it('creates a chat under the id its caller chose, once', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    expect(await createChat(db, 'named', 1_000, 'chat-1')).toEqual({ id: 'chat-1', title: 'named', created: 1_000, messages: [] });
    await expect(createChat(db, 'again', 2_000, 'chat-1')).rejects.toThrow();
    expect((await getChat(db, 'chat-1'))?.title).toBe('named');
    db.close();
  });

  it('stores a question and its answer together or not at all', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    const chat = await createChat(db, 'turns');
    await appendMessages(db, chat.id, [
      { role: 'user', content: 'Q', sources: [], created: 10 },
      { role: 'assistant', content: 'partial', sources: [], created: 11, error: 'the model stopped' },
    ]);
    expect((await getChat(db, chat.id))?.messages).toEqual([
      { role: 'user', content: 'Q', sources: [], created: 10 },
      { role: 'assistant', content: 'partial', sources: [], created: 11, error: 'the model stopped' },
    ]);
    // An answer that cannot be stored takes its question down with it.
    const unstorable = { role: 'assistant' as const, content: 'A', sources: [], trace: [(() => 0) as never] };
    await expect(appendMessages(db, chat.id, [{ role: 'user', content: 'Q2', sources: [] }, unstorable])).rejects.toThrow();
    expect((await getChat(db, chat.id))?.messages.map((m) => m.content)).toEqual(['Q', 'partial']);
    db.close();
  });

  it('refuses to append to a chat that does not exist', async () => {
    const db = await openLociDb({ factory: new IDBFactory() });
    await expect(appendMessage(db, 'missing', { role: 'user', content: 'x', sources: [] })).rejects.toThrow(/no chat/);
    db.close();
  });
});

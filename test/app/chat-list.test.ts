import { describe, expect, it } from 'vitest';
import { ChatList, type KeyValueStore } from '../../src/app/lib/chat-list.ts';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('ChatList', () => {
  it('remembers the open chat and lists new ones first', () => {
    const store = memory();
    const chats = new ChatList(store);
    chats.open('a', 1);
    chats.open('b', 2);
    expect(chats.current()).toBe('b');
    expect(chats.list().map((c) => c.id)).toEqual(['b', 'a']);
    // Reopening does not duplicate.
    chats.open('a', 3);
    expect(chats.list()).toHaveLength(2);
    expect(new ChatList(store).current()).toBe('a');
  });

  it('names a chat after its first question only', () => {
    const chats = new ChatList(memory());
    chats.open('a');
    chats.titled('a', '  What is CAP-RAG?  ');
    chats.titled('a', 'And RAPTOR?');
    expect(chats.list()[0].title).toBe('What is CAP-RAG?');
  });

  it('survives corrupted storage and a missing store', () => {
    const store = memory();
    store.data.set('loci.chats', '{not json');
    expect(new ChatList(store).list()).toEqual([]);
    store.data.set('loci.chats', JSON.stringify([{ id: 'x', title: 't', created: 1 }, { id: 5 }]));
    expect(new ChatList(store).list().map((c) => c.id)).toEqual(['x']);
    const none = new ChatList(undefined);
    expect(none.open('a')).toHaveLength(1);
    expect(none.current()).toBeUndefined();
  });

  it('removes a chat', () => {
    const chats = new ChatList(memory());
    chats.open('a');
    chats.open('b');
    expect(chats.remove('a').map((c) => c.id)).toEqual(['b']);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../src/protocol/api.ts';
import { OpenChatMemory, chatToOpen, matchingChats, withOpenChat, type KeyValueStore } from '../../src/app/lib/chat-list.ts';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const stored: ChatEntry[] = [
  { id: 'b', title: 'Later', updated: 2 },
  { id: 'a', title: 'Earlier', updated: 1 },
];

describe('chat list', () => {
  it('shows an open chat with no question yet first, and a stored one once', () => {
    expect(withOpenChat(stored, 'new', 3).map((c) => c.id)).toEqual(['new', 'b', 'a']);
    expect(withOpenChat(stored, 'a').map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('reopens the remembered chat if it is stored, else the latest (an imported library)', () => {
    expect(chatToOpen(stored, 'a')).toBe('a');
    expect(chatToOpen(stored, 'gone')).toBe('b');
    expect(chatToOpen(stored, undefined)).toBe('b');
    expect(chatToOpen([], 'gone')).toBeUndefined();
  });

  it('drops the list an older version kept in localStorage, and keeps only which chat is open', () => {
    const store = memory();
    store.setItem('loci.chats', JSON.stringify([{ id: 'a', title: 'Earlier', created: 1 }]));
    const open = new OpenChatMemory(store);
    expect(store.data.has('loci.chats')).toBe(false);
    open.remember('a');
    expect(new OpenChatMemory(store).current()).toBe('a');
    expect([...store.data.keys()]).toEqual(['loci.chat']);
  });

  it('finds chats by every word of their title, ignoring case and accents; Chinese by substring', () => {
    const chats = [
      { id: '1', title: 'Refund rules for the café' },
      { id: '2', title: '数据处理者应当履行哪些数据安全保护义务？' },
      { id: '3', title: '' },
      { id: '4', title: 'Rules of the road' },
    ];
    const ids = (query: string) => matchingChats(chats, query, 'New chat').map((c) => c.id);
    expect(ids('')).toEqual(['1', '2', '3', '4']);
    expect(ids('  RULES ')).toEqual(['1', '4']);
    expect(ids('cafe refund')).toEqual(['1']);
    expect(ids('安全保护')).toEqual(['2']);
    expect(ids('new chat')).toEqual(['3']);
    expect(ids('refund road')).toEqual([]);
  });
});

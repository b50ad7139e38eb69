/** Chat history: one record per conversation, messages appended in place. */
import type { Scope } from '../core/engine/scope.ts';
import type { StoredChat, StoredMessage } from './records.ts';
import type { LociDb } from './schema.ts';
import { inWriteTransaction } from './transaction.ts';

export interface ChatSummary {
  id: string;
  title: string;
  created: number;
  messageCount: number;
  /** `created` of the last message, or of the chat when it has none. */
  updated: number;
  scope?: Scope;
}

export type NewMessage = Omit<StoredMessage, 'created'> & { created?: number };

/** A new chat; `id` when the caller names its chats (the UI does), else a random one. */
export async function createChat(db: LociDb, title: string, now: number = Date.now(), id: string = crypto.randomUUID(), scope?: Scope): Promise<StoredChat> {
  const chat: StoredChat = { id, title, created: now, messages: [], ...(scope ? { scope } : {}) };
  await db.add('chats', chat);
  return chat;
}

export async function appendMessage(db: LociDb, chatId: string, message: NewMessage): Promise<StoredChat> {
  return appendMessages(db, chatId, [message]);
}

/**
 * Appends in the same transaction that reads, so two appends never overwrite each other, and
 * several messages (a question and its answer) are stored together or not at all.
 */
export async function appendMessages(db: LociDb, chatId: string, messages: NewMessage[]): Promise<StoredChat> {
  return inWriteTransaction(db, ['chats'], async (tx) => {
    const chats = tx.objectStore('chats');
    const chat = await chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    const now = Date.now();
    for (const message of messages) chat.messages.push({ ...message, created: message.created ?? now });
    await chats.put(chat);
    return chat;
  });
}

/**
 * Removes the last question and its answer (to ask it again); a chat whose last message is not
 * an answer to a question is left alone. Returns whether a turn was removed.
 */
export async function removeLastTurn(db: LociDb, chatId: string): Promise<boolean> {
  return inWriteTransaction(db, ['chats'], async (tx) => {
    const chats = tx.objectStore('chats');
    const chat = await chats.get(chatId);
    const [question, answer] = chat?.messages.slice(-2) ?? [];
    if (!chat || question?.role !== 'user' || answer?.role !== 'assistant') return false;
    await chats.put({ ...chat, messages: chat.messages.slice(0, -2) });
    return true;
  });
}

export async function renameChat(db: LociDb, chatId: string, title: string): Promise<void> {
  await inWriteTransaction(db, ['chats'], async (tx) => {
    const chats = tx.objectStore('chats');
    const chat = await chats.get(chatId);
    if (!chat) throw new Error(`no chat ${chatId}`);
    await chats.put({ ...chat, title });
  });
}

/** Keeps what the chat's questions are asked within; false when no such chat is stored. */
export async function setChatScope(db: LociDb, chatId: string, scope: Scope): Promise<boolean> {
  return inWriteTransaction(db, ['chats'], async (tx) => {
    const chats = tx.objectStore('chats');
    const chat = await chats.get(chatId);
    if (!chat) return false;
    await chats.put({ ...chat, scope });
    return true;
  });
}

/** Newest first. */
export async function listChats(db: LociDb): Promise<ChatSummary[]> {
  const chats = await db.getAllFromIndex('chats', 'by-created');
  return chats.reverse().map((chat) => ({
    id: chat.id,
    title: chat.title,
    created: chat.created,
    messageCount: chat.messages.length,
    updated: chat.messages.at(-1)?.created ?? chat.created,
    ...(chat.scope ? { scope: chat.scope } : {}),
  }));
}

export async function getChat(db: LociDb, chatId: string): Promise<StoredChat | undefined> {
  return db.get('chats', chatId);
}

export async function deleteChat(db: LociDb, chatId: string): Promise<void> {
  await db.delete('chats', chatId);
}

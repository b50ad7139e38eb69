/**
 * Which chats exist and which one is open. The engine keeps each chat's turns (client.history)
 * but has no list of chats, so the list lives with the UI, in localStorage, and survives reloads.
 */

export interface ChatInfo {
  id: string;
  /** The first question, once there is one. */
  title: string;
  created: number;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const LIST_KEY = 'loci.chats';
const CURRENT_KEY = 'loci.chat';
const MAX_CHATS = 50;

function isChatInfo(value: unknown): value is ChatInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.title === 'string' && typeof v.created === 'number';
}

export function newChatId(): string {
  return `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export class ChatList {
  constructor(private readonly store: KeyValueStore | undefined) {}

  list(): ChatInfo[] {
    try {
      const parsed: unknown = JSON.parse(this.store?.getItem(LIST_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isChatInfo) : [];
    } catch {
      // A corrupted entry must not keep the app from starting.
      return [];
    }
  }

  current(): string | undefined {
    return this.store?.getItem(CURRENT_KEY) ?? undefined;
  }

  /** Makes `id` the open chat, adding it to the list if it is new. */
  open(id: string, now = Date.now()): ChatInfo[] {
    const list = this.list();
    if (!list.some((c) => c.id === id)) list.unshift({ id, title: '', created: now });
    this.save(list);
    this.store?.setItem(CURRENT_KEY, id);
    return list;
  }

  /** Names a chat after its first question; later questions leave the title alone. */
  titled(id: string, question: string): ChatInfo[] {
    const list = this.list();
    const chat = list.find((c) => c.id === id);
    if (chat && chat.title === '') chat.title = question.trim().slice(0, 80);
    this.save(list);
    return list;
  }

  remove(id: string): ChatInfo[] {
    const list = this.list().filter((c) => c.id !== id);
    this.save(list);
    return list;
  }

  private save(list: ChatInfo[]): void {
    try {
      this.store?.setItem(LIST_KEY, JSON.stringify(list.slice(0, MAX_CHATS)));
    } catch {
      // Storage full or blocked: the chat still works, it is only missing from the list later.
    }
  }
}

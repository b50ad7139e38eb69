/**
 * The chat list as the UI shows it. The chats themselves, and the list of them, live in the
 * engine's IndexedDB (client.chats), so an imported library brings its chats along. Only which
 * chat was open is remembered here, in localStorage: a preference of this tab, not chat data.
 */
import type { ChatEntry } from '../../protocol/api.ts';
import { matchingWords } from './word-match.ts';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where an older version kept its own copy of the list; read once, then removed. */
const LEGACY_LIST_KEY = 'loci.chats';
const CURRENT_KEY = 'loci.chat';

export function newChatId(): string {
  return `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The stored chats, with the open one first when it has no question yet (it is not stored until then). */
export function withOpenChat(stored: readonly ChatEntry[], openId: string, now = Date.now()): ChatEntry[] {
  if (stored.some((c) => c.id === openId)) return [...stored];
  return [{ id: openId, title: '', updated: now }, ...stored];
}

/** Which chat to open at start: the one open before, if it still exists, else the latest one. */
export function chatToOpen(stored: readonly ChatEntry[], remembered: string | undefined): string | undefined {
  if (remembered !== undefined && stored.some((c) => c.id === remembered)) return remembered;
  return stored[0]?.id;
}

export class OpenChatMemory {
  constructor(private readonly store: KeyValueStore | undefined) {
    this.dropLegacyList();
  }

  current(): string | undefined {
    return this.store?.getItem(CURRENT_KEY) ?? undefined;
  }

  remember(id: string): void {
    try {
      this.store?.setItem(CURRENT_KEY, id);
    } catch {
      // Storage full or blocked: the latest chat is opened after a reload instead.
    }
  }

  /**
   * The old list is dropped, not copied: every chat on it that had a question already has its
   * IndexedDB record with the same title (the engine creates it with the first question), and one
   * without a question held nothing.
   */
  private dropLegacyList(): void {
    try {
      this.store?.removeItem(LEGACY_LIST_KEY);
    } catch {
      // Blocked storage: nothing was kept there either.
    }
  }
}

/** The chats whose title holds every word of `query`, in their order (see matchingWords). */
export function matchingChats<T extends Pick<ChatEntry, 'title'>>(chats: readonly T[], query: string, untitled: string): T[] {
  return matchingWords(chats, query, (chat) => chat.title || untitled);
}

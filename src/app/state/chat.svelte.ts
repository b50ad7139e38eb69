/**
 * One conversation at a time: its turns (from the engine's history, then live ones), the answer
 * being streamed, stop, new chat. The engine rewrites follow-ups from the chat's history itself
 * and takes the search options from the settings, so the UI only names the chat.
 */
import { WHOLE_LIBRARY, type AppSettings, type ChatEntry, type LociClient, type Scope } from '../../protocol/api.ts';
import type { AskStreamEvent, ChatTurn } from '../../protocol/ask.ts';
import { DEFAULT_RETRIEVAL } from '../../protocol/vocabulary.ts';
import { OpenChatMemory, chatToOpen, newChatId, withOpenChat, type KeyValueStore } from '../lib/chat-list.ts';
import { messageOf } from './errors.ts';

/** A stored turn plus what the screen needs while it streams. */
export interface TurnView extends ChatTurn {
  /** The standalone question retrieval ran on, when the engine rewrote a follow-up. */
  rewritten?: string;
  phase: 'searching' | 'writing' | 'done';
  /** While searching: the document whose topics are being made for this question, and how far. */
  preparing?: { document: string; share: number };
  /** The engine's `done` event came (what `data-done` reports). */
  done: boolean;
  aborted: boolean;
}

function fromHistory(turn: ChatTurn): TurnView {
  return { ...turn, phase: 'done', done: true, aborted: false };
}

export class ChatModel {
  chatId = $state('');
  /** What this chat's questions are asked within (kept with the chat by the engine). */
  scope = $state.raw<Scope>(WHOLE_LIBRARY);
  chats = $state.raw<ChatEntry[]>([]);
  turns = $state<TurnView[]>([]);
  streaming = $state(false);
  loading = $state(false);
  readonly #memory: OpenChatMemory;
  /** The engine's list, as last fetched. */
  #stored: ChatEntry[] = [];
  /** A chat was opened or started by the person: the start's restore must not replace it. */
  #chosen = false;

  constructor(
    private readonly client: LociClient,
    private readonly settings: () => AppSettings | undefined,
    storage: KeyValueStore | undefined,
  ) {
    this.#memory = new OpenChatMemory(storage);
  }

  /** Reopens the chat that was open before the reload (or the latest), or starts one. */
  async init(): Promise<void> {
    await this.#fetchList();
    // a New chat clicked (or a chat opened) while the start was fetching the list wins over the restore
    if (this.#chosen) return;
    await this.open(chatToOpen(this.#stored, this.#memory.current()) ?? newChatId(), false);
  }

  /** After the store changed under the UI (a library imported): the list again, and the open chat if it went away. */
  async refresh(): Promise<void> {
    await this.#fetchList();
    if (this.turns.length > 0 || this.streaming) return;
    const latest = chatToOpen(this.#stored, this.chatId);
    if (latest !== undefined && latest !== this.chatId) await this.open(latest);
  }

  async #fetchList(): Promise<void> {
    this.#stored = await this.client.chats();
    this.chats = withOpenChat(this.#stored, this.chatId);
  }

  /** `chosen` is false only for the start's restore, which a person's own choice overrides. */
  async open(chatId: string, chosen = true): Promise<void> {
    if (chosen) this.#chosen = true;
    if (this.streaming) await this.stop();
    this.chatId = chatId;
    this.scope = this.#stored.find((c) => c.id === chatId)?.scope ?? WHOLE_LIBRARY;
    this.#memory.remember(chatId);
    this.chats = withOpenChat(this.#stored, chatId);
    this.turns = [];
    this.loading = true;
    try {
      const history = await this.client.history(chatId);
      // A quick switch to another chat must not receive this one's turns; a question asked while
      // the history was on its way stays, after it.
      if (this.chatId === chatId) this.turns = [...history.map(fromHistory), ...this.turns];
    } finally {
      if (this.chatId === chatId) this.loading = false;
    }
  }

  async newChat(): Promise<void> {
    // An empty chat is reused rather than piling up untitled ones (none is open before the start's restore).
    if (this.chatId !== '' && this.turns.length === 0 && !this.loading) {
      this.scope = WHOLE_LIBRARY;
      return;
    }
    await this.open(newChatId());
  }

  /** Asks this chat's next questions within `scope`; a stored chat keeps it at once. */
  async setScope(scope: Scope): Promise<void> {
    this.scope = scope;
    await this.client.setChatScope(this.chatId, scope);
    // the list carries each chat's scope, which reopening it reads: changed here, not fetched again
    this.#stored = this.#stored.map((c) => (c.id === this.chatId ? { ...c, scope } : c));
  }

  /**
   * A chat of its own for a document or a collection ("Ask this document", "Summarize"): a new
   * one within `scope`, unless the open chat is empty; with `question`, asked at once.
   */
  async askWithin(scope: Scope, question?: string): Promise<void> {
    if (this.chatId === '' || this.turns.length > 0 || this.loading || this.streaming) await this.open(newChatId());
    this.scope = scope;
    if (question) await this.ask(question);
  }

  async rename(title: string, chatId: string = this.chatId): Promise<void> {
    await this.client.renameChat(chatId, title);
    await this.#fetchList();
  }

  /** Deletes a chat (the open one by default); deleting the open one opens a new chat. */
  async clear(chatId: string = this.chatId): Promise<void> {
    await this.client.clearHistory(chatId);
    await this.#fetchList();
    if (chatId === this.chatId) await this.open(newChatId());
  }

  /** The engine checks the question (a blank one is refused with its reason, in the turn). */
  async ask(question: string): Promise<void> {
    if (this.streaming) return;
    const text = question.trim();
    // Shown until the engine says which strategy it used (the `sources` event).
    const strategy = this.settings()?.strategy ?? DEFAULT_RETRIEVAL.strategy;
    this.turns.push({
      id: `turn-${Date.now().toString(36)}`,
      question: text,
      answer: '',
      sources: [],
      trace: [],
      cited: [],
      citations: [],
      strategy,
      created: Date.now(),
      phase: 'searching',
      done: false,
      notFound: false,
      aborted: false,
    });
    // The proxied element, so the updates below re-render.
    const live = this.turns[this.turns.length - 1];
    this.streaming = true;
    // Titled at once, as the engine will store it; the engine's list replaces it when the turn is stored.
    const chatId = this.chatId;
    this.chats = this.chats.map((c) => (c.id === chatId && c.title === '' ? { ...c, title: text.slice(0, 80) } : c));
    try {
      await this.client.ask(text, { chatId: this.chatId, scope: this.scope }, (event) => apply(live, event));
    } catch (error) {
      live.error = messageOf(error);
    } finally {
      this.streaming = false;
      live.phase = 'done';
    }
    await this.#fetchList().catch(() => undefined);
  }

  /** Asks the last question again, the new answer replacing the old one (stored and shown). */
  async regenerate(): Promise<void> {
    const last = this.turns.at(-1);
    if (!last || this.streaming) return;
    await this.client.removeLastTurn(this.chatId);
    this.turns.pop();
    await this.ask(last.question);
  }

  async stop(): Promise<void> {
    if (this.streaming) await this.client.stop();
  }
}

/** An event of the engine's, into the turn on screen: the fields it carries are the turn's own. */
function apply(turn: TurnView, event: AskStreamEvent): void {
  if (event.type === 'rewritten') {
    turn.rewritten = event.question;
  } else if (event.type === 'preparing') {
    turn.preparing = { document: event.document, share: event.total > 0 ? event.done / event.total : 0 };
  } else if (event.type === 'error') {
    turn.error = event.message;
  } else {
    const { type, ...fields } = event;
    Object.assign(turn, fields);
    turn.phase = type === 'done' ? 'done' : 'writing';
    if (type === 'done') turn.done = true;
  }
}

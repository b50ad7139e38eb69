/**
 * Questions and conversations: a question runs through the engine with the conversation so far
 * (a follow-up is rewritten into a standalone question before retrieval), its events stream to
 * the UI, and the turn is stored with its sources, citations and retrieval trace. A turn that
 * fails or is stopped is stored too, with what was generated so far (and the error), so the
 * question is never lost.
 */
import { markOnce } from '../shared/mark-once.ts';
import type { AppSettings, ChatEntry, Collection, Scope } from '../../src/protocol/api.ts';
import { RETRIEVAL_CHOICES, type AskRequest, type AskStreamEvent, type ChatTurn, type RetrievalChoices } from '../../src/protocol/ask.ts';
import { finishAnswer, type AnswerDone } from '../../src/core/answer/answer.ts';
import type { AskOptions } from '../../src/core/engine/ask.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import { goneSource } from '../../src/core/engine/gone-source.ts';
import { isWholeLibrary, scopeDocuments } from '../../src/core/engine/scope.ts';
import { turnRetrieval, type Turn } from '../../src/core/engine/turn.ts';
import type { ChatMessage, ProgressListener } from '../../src/core/ports.ts';
import type { Source } from '../../src/core/types.ts';
import { appendTurn, storedTurns } from '../../src/browser-storage/chat-turns.ts';
import { createChat, deleteChat, getChat, listChats, removeLastTurn, renameChat, setChatScope } from '../../src/browser-storage/chats.ts';
import type { StoredChat, StoredSource } from '../../src/browser-storage/records.ts';
import type { LociDb } from '../../src/browser-storage/schema.ts';
import { untilAbortedEach } from '../shared/abortable.ts';
import { post, release } from '../shared/callbacks.ts';

/** Earlier turns given to the model: enough for a follow-up, little enough for a small context. */
const HISTORY_TURNS = 3;

export interface ChatsDeps {
  db: LociDb;
  engine: () => LociEngine | undefined;
  /** The library's collections, which a chat's scope may name. */
  collections: () => Promise<Collection[]>;
  settings: () => AppSettings;
  /** Whether a reranker is configured (rerank is ignored without one). */
  canRerank: () => boolean;
  /** False while the index is open but its embedding model still loads: questions are then searched by their words. */
  meaningReady?: () => boolean;
}

export class Chats {
  private asking: AbortController | undefined;

  constructor(private readonly deps: ChatsDeps) {}

  async ask(question: string, request: AskRequest, onEvent: (event: AskStreamEvent) => void): Promise<void> {
    this.asking?.abort();
    const controller = new AbortController();
    const { signal } = controller;
    this.asking = controller;
    let last = Promise.resolve();
    const send = (event: AskStreamEvent) => (last = post(onEvent, event));
    const { chatId, ...overrides } = request;
    const chosen = resolveChoices(this.deps.settings(), overrides);
    // a keyword search needs no model: asked before the embedder is there, the question is one
    const waitingForMeaning = chosen.retriever !== 'lexical' && this.deps.meaningReady?.() === false;
    const choices: typeof chosen = waitingForMeaning ? { ...chosen, retriever: 'lexical' } : chosen;
    // what the turn has gathered so far, stored whichever way it ends
    const turn: Turn = { question, answer: '', sources: [], trace: [], cited: [], citations: [], notFound: false, strategy: choices.strategy, retriever: choices.retriever, created: Date.now() };
    const end = (done: AnswerDone): void => {
      turn.answer = done.answer;
      turn.cited = done.cited.map((s) => s.n);
      turn.citations = done.citations;
      turn.notFound = done.notFound;
    };
    let chat: StoredChat | undefined;
    /** The chat's record: read, or for a new chat still being written. */
    let opened: Promise<StoredChat> | undefined;
    try {
      // A follow-up needs its chat's history first. A new chat's record is written while its first
      // question is searched, and is there before anything is said about it (the first event waits
      // for it): written first, it was a tenth or more of a question's time to its sources.
      const existing = await getChat(this.deps.db, chatId);
      const scope = request.scope ?? existing?.scope;
      const record = existing ? this.keepScope(existing, request.scope) : this.createChat(chatId, question, scope);
      opened = record;
      // awaited at the first event, or on failure below: never left to reject unheard
      record.catch(() => undefined);
      const engine = this.deps.engine();
      if (!engine) throw new Error('the library is still opening; ask again in a moment');
      const history = existing ? historyOf(existing) : [];
      // an exact filter on every list the search makes, never a weight (core/search/scoped-corpus.ts)
      const within = isWholeLibrary(scope) ? undefined : scopeDocuments(scope, await this.deps.collections(), engine.documents.map((r) => r.doc.id));
      if (within) turn.within = within.map((id) => engine.document(id)?.doc.name ?? id);
      const options: AskOptions = {
        ...choices,
        ...(within ? { within } : {}),
        // Without a reranker model chosen, a request to rerank is ignored rather than failing.
        rerank: choices.rerank && this.deps.canRerank(),
        history: history.length > 0 ? history : undefined,
        signal,
        // said once the record is there too, and before the sources, which wait for the same record
        onProgress: preparing((event) => void record.then(() => send(event), () => undefined)),
      };
      // Stop ends the wait at once, even for a step that cannot itself be interrupted (the chat
      // model's tokenizer fetched while the sources' tokens are counted, or the model loading).
      for await (const event of untilAbortedEach(engine.ask(question, options), signal, 'the question')) {
        chat ??= await opened;
        if (event.type === 'retrieved') {
          markOnce('retrieved');
          // a question cut to the embedder's window was not rewritten: the cut is said on its own
          const { cut } = event.retrieval;
          const searched = cut ? question.slice(0, cut.keptChars) : question;
          // a follow-up made standalone, said once: the page shows it as it comes
          if (event.retrieval.question.trim() !== searched.trim()) send({ type: 'rewritten', question: event.retrieval.question });
          turn.sources = event.sources;
          turn.trace = event.retrieval.result.trace;
          Object.assign(turn, turnRetrieval(event.retrieval.result));
          if (cut) turn.questionCut = cut;
          if (waitingForMeaning) turn.modelLoading = true;
          send({ type: 'sources', sources: turn.sources, trace: turn.trace, strategy: turn.strategy, ...turnRetrieval(turn) });
        } else if (event.type === 'token') {
          turn.answer = event.answer;
          send({ type: 'token', answer: event.answer });
        } else {
          end(event);
          await appendTurn(this.deps.db, chatId, turn);
          send({ type: 'done', answer: turn.answer, cited: turn.cited, citations: turn.citations, notFound: turn.notFound, aborted: event.aborted });
        }
      }
    } catch (error) {
      // the engine never finished this answer: it is finished here from what was shown, as the engine finishes one
      const done = finishAnswer(turn.answer, turn.sources, true);
      end(done);
      if (!signal.aborted) turn.error = error instanceof Error ? error.message : String(error);
      // A failure to store must not hide the failure the person is waiting to hear about.
      chat ??= await opened?.catch(() => undefined);
      if (chat) await appendTurn(this.deps.db, chatId, turn).catch(() => undefined);
      if (turn.error === undefined) send({ type: 'done', answer: turn.answer, cited: turn.cited, citations: turn.citations, notFound: turn.notFound, aborted: true });
      else send({ type: 'error', message: turn.error });
    } finally {
      if (this.asking === controller) this.asking = undefined;
      await last;
      release(onEvent);
    }
  }

  stop(): void {
    this.asking?.abort();
  }

  /** Most recently used first, so an imported library's chats are listed like local ones. */
  async list(): Promise<ChatEntry[]> {
    const stored = await listChats(this.deps.db);
    return stored.map(({ id, title, updated, scope }) => ({ id, title, updated, ...(scope ? { scope } : {}) })).sort((a, b) => b.updated - a.updated);
  }

  /** A stored chat's new scope; a chat not stored yet is given it with its first question. */
  async setScope(chatId: string, scope: Scope): Promise<void> {
    await setChatScope(this.deps.db, chatId, scope);
  }

  async history(chatId: string): Promise<ChatTurn[]> {
    const chat = await getChat(this.deps.db, chatId);
    if (!chat) return [];
    return storedTurns(chat).map(({ index, sources, strategy, trace, ...turn }) => ({
      ...turn,
      id: `${chatId}:${index}`,
      sources: this.sourcesOf(sources),
      strategy: strategy ?? this.deps.settings().strategy,
      trace: trace ?? [],
    }));
  }

  /** Forgets the last turn, so asking its question again (regenerate) replaces it. */
  async removeLastTurn(chatId: string): Promise<boolean> {
    return removeLastTurn(this.deps.db, chatId);
  }

  async clear(chatId: string): Promise<void> {
    await deleteChat(this.deps.db, chatId);
  }

  async rename(chatId: string, title: string): Promise<void> {
    const trimmed = title.trim();
    if (trimmed === '') throw new Error('a chat needs a title: type one, or keep the one it has');
    await renameChat(this.deps.db, chatId, trimmed);
  }

  /** The chat, its scope changed to the request's when it brings another. */
  private async keepScope(chat: StoredChat, scope: Scope | undefined): Promise<StoredChat> {
    if (!scope || JSON.stringify(scope) === JSON.stringify(chat.scope)) return chat;
    await setChatScope(this.deps.db, chat.id, scope);
    return { ...chat, scope };
  }

  private async createChat(chatId: string, question: string, scope: Scope | undefined): Promise<StoredChat> {
    // The UI names its chats. Two first questions may race to create one: the loser reads it.
    return createChat(this.deps.db, question.slice(0, 80), Date.now(), chatId, scope && !isWholeLibrary(scope) ? scope : undefined).catch(async (error: unknown) => {
      const created = await getChat(this.deps.db, chatId);
      if (!created) throw error;
      return created;
    });
  }

  /** Sources are stored by chunk id; a chunk whose document left the library since is kept as gone (core/engine/gone-source.ts). */
  private sourcesOf(sources: readonly StoredSource[]): Source[] {
    const engine = this.deps.engine();
    if (!engine) return [];
    return sources.map((stored, i) => {
      const found = engine.chunk(stored.chunkId);
      return found ? { n: i + 1, label: stored.label, ...found } : goneSource(i + 1, stored.label, stored.chunkId);
    });
  }
}

/**
 * How this question is searched: the request's own choices over the settings. The one place the
 * app's settings become the engine's options (the UI sends none of them).
 */
function resolveChoices(settings: AppSettings, overrides: Partial<RetrievalChoices>): RetrievalChoices {
  return Object.fromEntries(RETRIEVAL_CHOICES.map((key) => [key, overrides[key] ?? settings[key]])) as RetrievalChoices;
}

/** The conversation so far, for a follow-up; a turn that failed is left out. */
function historyOf(chat: StoredChat): ChatMessage[] {
  const messages = chat.messages.filter((m, i) => !m.error && !chat.messages[i + 1]?.error);
  return messages.slice(-2 * HISTORY_TURNS).map((m) => ({ role: m.role, content: m.content }));
}

/**
 * A question's wait for a document's clusters, said as it goes: one event per whole percent, not
 * one per step of the layout's hundreds.
 */
function preparing(send: (event: AskStreamEvent) => void): ProgressListener {
  let said = '';
  return ({ stage, item, done, total }) => {
    if (stage !== 'cluster' || item === undefined) return;
    const now = `${item}:${Math.floor((100 * done) / Math.max(1, total))}`;
    if (now === said) return;
    said = now;
    send({ type: 'preparing', document: item, done, total });
  };
}

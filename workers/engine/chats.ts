/**
 * Questions and conversations: a question runs through the engine with the conversation so far
 * (a follow-up is rewritten into a standalone question before retrieval), its events stream to
 * the UI, and the finished turn is stored with its sources, citations and retrieval trace.
 */
import type { AppSettings, AskStreamEvent, ChatTurn } from '../../src/client/api.ts';
import { validateCitations } from '../../src/core/answer/citations.ts';
import type { AskOptions } from '../../src/core/engine/ask.ts';
import type { LociEngine } from '../../src/core/engine/engine.ts';
import type { ChatMessage } from '../../src/core/ports.ts';
import type { Source, TraceRow } from '../../src/core/types.ts';
import { appendMessage, deleteChat, getChat } from '../../src/storage/chats.ts';
import type { StoredChat, StoredMessage } from '../../src/storage/records.ts';
import type { LociDb } from '../../src/storage/schema.ts';
import { post, release } from '../shared/callbacks.ts';

/** An answer as stored: StoredMessage plus what the inspector and the citation chips need. */
type AnswerMessage = StoredMessage & { cited?: number[]; trace?: TraceRow[] };

/** Earlier turns given to the model: enough for a follow-up, little enough for a small context. */
const HISTORY_TURNS = 3;

export interface ChatsDeps {
  db: LociDb;
  engine: () => LociEngine | undefined;
  settings: () => AppSettings;
  /** Whether a reranker is configured (rerank is ignored without one). */
  canRerank: () => boolean;
}

export type AskRequest = Partial<AskOptions> & { chatId: string };

export class Chats {
  private asking: AbortController | undefined;

  constructor(private readonly deps: ChatsDeps) {}

  async ask(question: string, request: AskRequest, onEvent: (event: AskStreamEvent) => void): Promise<void> {
    this.asking?.abort();
    const controller = new AbortController();
    this.asking = controller;
    let last = Promise.resolve();
    const send = (event: AskStreamEvent) => (last = post(onEvent, event));
    try {
      const engine = this.deps.engine();
      if (!engine) throw new Error('the library is still opening; ask again in a moment');
      const { chatId, signal: _ignored, ...overrides } = request;
      const chat = await this.openChat(chatId, question);
      const settings = this.deps.settings();
      const history = historyOf(chat);
      const options: AskOptions = {
        strategy: settings.strategy,
        n: settings.n,
        m: settings.m,
        hybrid: settings.hybrid,
        ...overrides,
        // Without a reranker model chosen, a request to rerank is ignored rather than failing.
        rerank: (overrides.rerank ?? settings.rerank) && this.deps.canRerank(),
        history: history.length > 0 ? history : undefined,
        signal: controller.signal,
      };
      let sources: Source[] = [];
      let trace: TraceRow[] = [];
      for await (const event of engine.ask(question, options)) {
        if (event.type === 'retrieved') {
          if (event.retrieval.question !== question) send({ type: 'rewritten', question: event.retrieval.question });
          sources = event.sources;
          trace = event.retrieval.result.trace;
          send({ type: 'sources', sources, trace });
        } else if (event.type === 'token') {
          send({ type: 'token', text: event.text });
        } else {
          const cited = event.cited.map((s) => s.n);
          await this.saveTurn(chatId, question, { answer: event.answer, sources, cited, trace, strategy: options.strategy });
          send({ type: 'done', answer: event.answer, cited, notFound: event.notFound, aborted: event.aborted });
        }
      }
    } catch (error) {
      if (controller.signal.aborted) send({ type: 'done', answer: '', cited: [], notFound: false, aborted: true });
      else send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (this.asking === controller) this.asking = undefined;
      await last;
      release(onEvent);
    }
  }

  stop(): void {
    this.asking?.abort();
  }

  async history(chatId: string): Promise<ChatTurn[]> {
    const chat = await getChat(this.deps.db, chatId);
    if (!chat) return [];
    const turns: ChatTurn[] = [];
    chat.messages.forEach((message, i) => {
      const reply = chat.messages[i + 1];
      if (message.role !== 'user' || reply?.role !== 'assistant') return;
      const answer = reply as AnswerMessage;
      const sources = this.sourcesOf(answer);
      turns.push({
        id: `${chatId}:${i}`,
        question: message.content,
        answer: answer.content,
        sources,
        trace: answer.trace ?? [],
        cited: answer.cited ?? validateCitations(answer.content, new Set(sources.map((s) => s.n))).cited,
        strategy: answer.strategy ?? this.deps.settings().strategy,
        created: message.created,
      });
    });
    return turns;
  }

  async clear(chatId: string): Promise<void> {
    await deleteChat(this.deps.db, chatId);
  }

  private async openChat(chatId: string, question: string): Promise<StoredChat> {
    const existing = await getChat(this.deps.db, chatId);
    if (existing) return existing;
    // The UI names its chats; createChat() would invent an id of its own.
    const chat: StoredChat = { id: chatId, title: question.slice(0, 80), created: Date.now(), messages: [] };
    await this.deps.db.put('chats', chat);
    return chat;
  }

  private async saveTurn(
    chatId: string,
    question: string,
    turn: { answer: string; sources: Source[]; cited: number[]; trace: TraceRow[]; strategy: AnswerMessage['strategy'] },
  ): Promise<void> {
    await appendMessage(this.deps.db, chatId, { role: 'user', content: question, sources: [] });
    const answer: AnswerMessage = {
      role: 'assistant',
      content: turn.answer,
      sources: turn.sources.map((s) => ({ chunkId: s.chunk.id, label: s.label })),
      strategy: turn.strategy,
      created: Date.now(),
      cited: turn.cited,
      trace: turn.trace,
    };
    await appendMessage(this.deps.db, chatId, answer);
  }

  /** Sources are stored by chunk id; a chunk whose document was deleted since is left out. */
  private sourcesOf(message: StoredMessage): Source[] {
    const engine = this.deps.engine();
    if (!engine) return [];
    const sources: Source[] = [];
    message.sources.forEach((stored, i) => {
      const record = engine.indexer.documents.get(stored.chunkId.slice(0, stored.chunkId.lastIndexOf(':')));
      const chunk = record?.chunks.find((c) => c.id === stored.chunkId);
      if (!record || !chunk) return;
      sources.push({ n: i + 1, label: stored.label, chunk, docName: record.doc.name, docTitle: record.doc.title });
    });
    return sources;
  }
}

function historyOf(chat: StoredChat): ChatMessage[] {
  return chat.messages.slice(-2 * HISTORY_TURNS).map((m) => ({ role: m.role, content: m.content }));
}

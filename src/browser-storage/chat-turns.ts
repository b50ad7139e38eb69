/**
 * A turn kept as the two messages a chat stores (records.ts): written together, read back in
 * pairs. The one place the stored names (`content`, sources by chunk id) meet the turn's.
 */
import { turnRetrieval, type Turn } from '../core/engine/turn.ts';
import { appendMessages } from './chats.ts';
import type { StoredChat, StoredMessage, StoredSource } from './records.ts';
import type { LociDb } from './schema.ts';

/** A turn as stored: its sources by the chunk they name (the chunks are the index's); older answers lack some fields. */
export type StoredTurn = Omit<Turn, 'sources' | 'strategy' | 'trace'> & Partial<Pick<Turn, 'strategy' | 'trace'>> & { sources: StoredSource[]; index: number };

/** The question and its answer, in one transaction: both are stored or neither is. */
export async function appendTurn(db: LociDb, chatId: string, turn: Turn): Promise<void> {
  const answer: StoredMessage = {
    role: 'assistant',
    content: turn.answer,
    sources: turn.sources.map((s) => ({ chunkId: s.chunk.id, label: s.label })),
    strategy: turn.strategy,
    created: Date.now(),
    cited: turn.cited,
    citations: turn.citations,
    notFound: turn.notFound,
    trace: turn.trace,
    ...turnRetrieval(turn),
  };
  if (turn.error !== undefined) answer.error = turn.error;
  await appendMessages(db, chatId, [{ role: 'user', content: turn.question, sources: [], created: turn.created }, answer]);
}

/** Every question with its answer, in order; `index` is the question's place among the messages. */
export function storedTurns(chat: StoredChat): StoredTurn[] {
  const turns: StoredTurn[] = [];
  chat.messages.forEach((message, index) => {
    const answer = chat.messages[index + 1];
    if (message.role !== 'user' || answer?.role !== 'assistant') return;
    const turn: StoredTurn = {
      index,
      question: message.content,
      answer: answer.content,
      sources: answer.sources,
      cited: answer.cited ?? [],
      citations: answer.citations ?? [],
      notFound: answer.notFound ?? false,
      created: message.created,
      ...turnRetrieval(answer),
    };
    if (answer.strategy !== undefined) turn.strategy = answer.strategy;
    if (answer.trace !== undefined) turn.trace = answer.trace;
    if (answer.error !== undefined) turn.error = answer.error;
    turns.push(turn);
  });
  return turns;
}

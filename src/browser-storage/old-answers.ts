/**
 * Answers stored before the engine's reading of them was kept (its citations, whether it is the
 * not-found reply): given it once, where such records come in (schema version 8, the import of an
 * export from then), so that reading a chat never checks an answer again.
 */
import { validateCitations } from '../core/answer/citations.ts';
import { isNotFound } from '../core/answer/not-found.ts';
import type { StoredMessage } from './records.ts';

/** An old answer read as the engine reads one since: its citations checked against the sources it was shown with. */
export function readOldAnswer(message: StoredMessage): StoredMessage {
  if (message.role !== 'assistant' || (message.cited && message.citations && message.notFound !== undefined)) return message;
  const checked = message.cited && message.citations ? undefined : validateCitations(message.content, new Set(message.sources.map((_, i) => i + 1)));
  return {
    ...message,
    ...(checked ? { cited: checked.cited, citations: checked.spans } : {}),
    notFound: isNotFound(message.content),
  };
}

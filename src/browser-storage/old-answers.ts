/**
 * Answers stored before their citations were kept (schema version 8, or an export from then):
 * given them once, where such records come in, so that reading a chat never checks them again.
 */
import { validateCitations } from '../core/answer/citations.ts';
import type { StoredMessage } from './records.ts';

/** An old answer with its citations, checked against the sources it was shown with, as the engine checks them since. */
export function withCitations(message: StoredMessage): StoredMessage {
  if (message.role !== 'assistant' || (message.cited && message.citations)) return message;
  const checked = validateCitations(message.content, new Set(message.sources.map((_, i) => i + 1)));
  return { ...message, cited: checked.cited, citations: checked.spans };
}

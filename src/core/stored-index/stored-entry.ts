/** The stored form of an entry, shared by the records' forms (repeated-text.ts) and their columns (entry-columns.ts). */
import type { Entry, EntryOrigin } from '../types.ts';

/**
 * An entry as stored: without `text` when it is what its chunk or cluster makes, or when it is the
 * part `at` (start and end) of its origin's text; without `id` when it is
 * `${origin.id}|${kind}|${level}|${n}` (`n` kept); without `origin` when it is chunk `of` of the
 * document the entries are stored with.
 */
export type StoredEntry = Omit<Entry, 'text' | 'id' | 'origin'> & { text?: string; at?: [number, number]; id?: string; n?: number; origin?: EntryOrigin; of?: number };
